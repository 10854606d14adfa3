import { describe, expect, it } from 'vitest';
import { haversineMetres, orderByDistance, type RouteStop, routeMetres } from '../src/routes/order-by-distance';

/** A stop at (longitude x, latitude y) degrees: near the equator a degree is ~111 km either way. */
const at = (id: string, x: number, y: number): RouteStop => ({ id, longitude: x, latitude: y });

type Point = { x: number; y: number };

/** Whether segments pq and rs cross (strictly: sharing an end is no crossing). */
function crosses(p: Point, q: Point, r: Point, s: Point): boolean {
  const side = (a: Point, b: Point, c: Point) => Math.sign((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x));
  return side(p, q, r) * side(p, q, s) < 0 && side(r, s, p) * side(r, s, q) < 0;
}

function hasCrossing(stops: RouteStop[], order: string[]): boolean {
  const byId = new Map(stops.map((stop) => [stop.id, { x: stop.longitude ?? 0, y: stop.latitude ?? 0 }]));
  const points = order.map((id) => byId.get(id) as Point);
  for (let i = 0; i + 1 < points.length; i++)
    for (let j = i + 2; j + 1 < points.length; j++) if (crosses(points[i], points[i + 1], points[j], points[j + 1])) return true;
  return false;
}

/** A deterministic spread of lockers over a city (a linear congruential generator, no Math.random). */
function cityOf(count: number, seed = 7): RouteStop[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return Array.from({ length: count }, (_, index) => at(`L${index}`, -43.4 + next() * 0.4, -23.0 + next() * 0.3));
}

describe('order by distance (issue 30, item 5)', () => {
  it('haversine: one degree of latitude is about 111 km', () => {
    expect(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195, -1);
    expect(haversineMetres({ latitude: -22.97, longitude: -43.18 }, { latitude: -22.97, longitude: -43.18 })).toBe(0);
  });

  it('2-opt removes the crossing nearest neighbour leaves: A B D C becomes A C B D', () => {
    const stops = [at('A', 0, 0), at('B', 1, 0.2), at('C', -1.5, 0), at('D', 3, 0.2)];
    const nearest = orderByDistance(stops, { nearestNeighbourOnly: true });
    expect(nearest.order).toEqual(['A', 'B', 'D', 'C']);
    expect(hasCrossing(stops, nearest.order)).toBe(true);
    const proposed = orderByDistance(stops);
    expect(proposed.order).toEqual(['A', 'C', 'B', 'D']);
    expect(hasCrossing(stops, proposed.order)).toBe(false);
    expect(proposed.metresAfter).toBeLessThan(nearest.metresAfter);
    expect(proposed.metresAfter).toBeCloseTo(routeMetres(proposed.order.map((id) => stops.find((s) => s.id === id) as RouteStop)), 3);
  });

  it('is never longer than nearest neighbour alone, and leaves no crossing, over many cities', () => {
    for (let seed = 1; seed <= 25; seed++) {
      const stops = cityOf(40, seed);
      const nearest = orderByDistance(stops, { nearestNeighbourOnly: true });
      const proposed = orderByDistance(stops);
      expect(proposed.metresAfter).toBeLessThanOrEqual(nearest.metresAfter + 1e-6);
      expect(proposed.order[0]).toBe('L0');
      expect(new Set(proposed.order).size).toBe(40);
      expect(hasCrossing(stops, proposed.order)).toBe(false);
    }
  });

  it('starts from the given stop, or from the first one', () => {
    const stops = [at('A', 0, 0), at('B', 0.01, 0), at('C', 0.02, 0)];
    expect(orderByDistance(stops).order).toEqual(['A', 'B', 'C']);
    expect(orderByDistance(stops, { startId: 'C' }).order).toEqual(['C', 'B', 'A']);
    // A start without coordinates (or unknown) starts from the first located stop.
    expect(orderByDistance(stops, { startId: 'nowhere' }).order).toEqual(['A', 'B', 'C']);
  });

  it('keeps lockers without coordinates at the end, in their given order, and names them', () => {
    const stops: RouteStop[] = [
      { id: 'X' },
      at('A', 0, 0),
      { id: 'Y', latitude: null, longitude: -43 },
      at('C', 0.02, 0),
      at('B', 0.01, 0),
      { id: 'Z', latitude: Number.NaN, longitude: 1 },
    ];
    const result = orderByDistance(stops);
    expect(result.order).toEqual(['A', 'B', 'C', 'X', 'Y', 'Z']);
    expect(result.withoutCoordinates).toEqual(['X', 'Y', 'Z']);
    expect(result.metresBefore).toBeCloseTo(haversineMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 0.02 }) * 1.5, 3);
    expect(result.metresAfter).toBeLessThan(result.metresBefore);
  });

  it('is stable for ties: equal distances keep the given order, and ordering twice proposes the same', () => {
    // B and C are as far from A as each other (mirror images): the one given first comes first.
    const stops = [at('A', 0, 0), at('C', 0, -0.01), at('B', 0, 0.01), at('D', 0, 0.02)];
    const first = orderByDistance(stops);
    expect(first.order[1]).toBe('C');
    const again = orderByDistance(first.order.map((id) => stops.find((s) => s.id === id) as RouteStop));
    expect(again.order).toEqual(first.order);
    // Several lockers at one address: their given order is kept.
    const same = [at('A', 0, 0), at('P', 0.01, 0), at('Q', 0.01, 0), at('R', 0.01, 0)];
    expect(orderByDistance(same).order).toEqual(['A', 'P', 'Q', 'R']);
  });

  it('answers empty and single routes', () => {
    expect(orderByDistance([])).toEqual({ order: [], withoutCoordinates: [], metresBefore: 0, metresAfter: 0 });
    expect(orderByDistance([at('A', 1, 1)]).order).toEqual(['A']);
    expect(orderByDistance([{ id: 'X' }]).order).toEqual(['X']);
  });

  it('orders 60 lockers well within 200 ms', () => {
    const stops = cityOf(60);
    const started = performance.now();
    orderByDistance(stops);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
