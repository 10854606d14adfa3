/**
 * "Order by distance" of a route (issue 30, item 5): a driving order proposed from the lockers'
 * coordinates, which the operator then changes by hand. Nearest neighbour from the first stop (or a
 * given start) gives a tour quickly; 2-opt then reverses any stretch whose reversal shortens it, which
 * removes every crossing of the path. Distances are great-circle (haversine): lockers of one city are
 * close enough for the straight line to rank them as the streets would. The path is open (the courier
 * does not come back to the first stop), so its last stop may move too.
 *
 * Pure and deterministic: equal distances keep the stops' given order, so ordering twice proposes the
 * same route. 200 lockers take a few milliseconds (bench part `route-order`).
 */

/** A stop as the function reads it: a locker's id and its coordinates, either missing when unknown. */
export type RouteStop = { id: string; latitude?: number | null; longitude?: number | null };

export type DistanceOrder = {
  /** Every stop's id: the located ones in the proposed order, then those without coordinates as given. */
  order: string[];
  /** The stops without coordinates (kept at the end in their given order), to be named to the operator. */
  withoutCoordinates: string[];
  /** Metres along the located stops in their given order, and in the proposed one. */
  metresBefore: number;
  metresAfter: number;
};

export type OrderByDistanceOptions = {
  /** The stop the courier starts from (the first located stop when absent or without coordinates). */
  startId?: string;
  /** Skip the 2-opt pass: nearest neighbour alone (the bench's floor, the tests' comparison). */
  nearestNeighbourOnly?: boolean;
};

const EARTH_RADIUS_METRES = 6_371_008.8;
/** Below this a reversal is no gain (floating-point noise): ties never reorder stops. */
const GAIN_EPSILON_METRES = 1e-6;

type Point = { latitude: number; longitude: number };

export function hasCoordinates(stop: RouteStop): stop is RouteStop & Point {
  return (
    typeof stop.latitude === 'number' &&
    typeof stop.longitude === 'number' &&
    Number.isFinite(stop.latitude) &&
    Number.isFinite(stop.longitude)
  );
}

/** Great-circle distance in metres between two points given in degrees. */
export function haversineMetres(a: Point, b: Point): number {
  const toRadians = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * toRadians;
  const dLon = (b.longitude - a.longitude) * toRadians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * toRadians) * Math.cos(b.latitude * toRadians) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Metres along the stops in the order given, skipping those without coordinates. */
export function routeMetres(stops: readonly RouteStop[]): number {
  const located = stops.filter(hasCoordinates);
  let total = 0;
  for (let i = 1; i < located.length; i++) total += haversineMetres(located[i - 1], located[i]);
  return total;
}

/** The proposed order of a route's stops (see the file's comment). */
export function orderByDistance(stops: readonly RouteStop[], options: OrderByDistanceOptions = {}): DistanceOrder {
  const located = stops.filter(hasCoordinates);
  const withoutCoordinates = stops.filter((stop) => !hasCoordinates(stop)).map((stop) => stop.id);
  const n = located.length;
  const distance = distanceMatrix(located);
  const length = (path: readonly number[]) => {
    let total = 0;
    for (let i = 1; i < path.length; i++) total += distance[path[i - 1] * n + path[i]];
    return total;
  };
  const given = located.map((_, index) => index);
  const startIndex = Math.max(
    0,
    located.findIndex((stop) => stop.id === options.startId),
  );
  const path = nearestNeighbour(n, distance, startIndex);
  if (!options.nearestNeighbourOnly) twoOpt(path, n, distance);
  return {
    order: [...path.map((index) => located[index].id), ...withoutCoordinates],
    withoutCoordinates,
    metresBefore: length(given),
    metresAfter: length(path),
  };
}

/** Every pair's distance, row-major in one typed array (200 stops: 40,000 numbers). */
function distanceMatrix(points: readonly Point[]): Float64Array {
  const n = points.length;
  const matrix = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const d = haversineMetres(points[i], points[j]);
      matrix[i * n + j] = d;
      matrix[j * n + i] = d;
    }
  }
  return matrix;
}

/** From the start, always the nearest stop not yet visited; on a tie the one given first. */
function nearestNeighbour(n: number, distance: Float64Array, start: number): number[] {
  if (!n) return [];
  const visited = new Uint8Array(n);
  const path = [start];
  visited[start] = 1;
  let current = start;
  for (let step = 1; step < n; step++) {
    let best = -1;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (let candidate = 0; candidate < n; candidate++) {
      if (visited[candidate]) continue;
      const d = distance[current * n + candidate];
      if (d < bestDistance) {
        best = candidate;
        bestDistance = d;
      }
    }
    visited[best] = 1;
    path.push(best);
    current = best;
  }
  return path;
}

/**
 * 2-opt on an open path with a fixed first stop: reverses path[i..k] whenever joining path[i-1] to
 * path[k] and path[i] to path[k+1] (nothing after the last stop) is shorter, until no reversal gains.
 */
function twoOpt(path: number[], n: number, distance: Float64Array): void {
  const d = (a: number, b: number) => distance[a * n + b];
  let improved = true;
  while (improved) {
    improved = false;
    for (let i = 1; i < path.length - 1; i++) {
      for (let k = i + 1; k < path.length; k++) {
        const before = path[i - 1];
        const first = path[i];
        const last = path[k];
        const after = k + 1 < path.length ? path[k + 1] : -1;
        const removed = d(before, first) + (after >= 0 ? d(last, after) : 0);
        const added = d(before, last) + (after >= 0 ? d(first, after) : 0);
        if (removed - added > GAIN_EPSILON_METRES) {
          reverse(path, i, k);
          improved = true;
        }
      }
    }
  }
}

function reverse(path: number[], from: number, to: number): void {
  for (let i = from, j = to; i < j; i++, j--) {
    const swap = path[i];
    path[i] = path[j];
    path[j] = swap;
  }
}
