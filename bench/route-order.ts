import { orderByDistance, type RouteStop } from '../packages/domain/src/routes/order-by-distance';
import { formatTable, percentile } from './table';

/**
 * Issue 30 item 5's "order by distance": nearest neighbour improved by 2-opt over N lockers spread
 * over a city, beside its floor, nearest neighbour alone on the same lockers. Each size is timed
 * BENCH_ROUTE_ORDER_RUNS times on as many different cities (a fixed seed each, so runs compare);
 * the target is 200 ms for 60 lockers. Pure CPU in this process: no database, no API.
 */

export type RouteOrderResult = {
  lockers: number;
  runs: number;
  floorP50: number;
  floorP95: number;
  p50: number;
  p95: number;
  /** How much shorter 2-opt made nearest neighbour's route, on average (percent). */
  shorterPercent: number;
};

/** A deterministic spread of lockers over Rio's size (0.4 by 0.3 degrees: about 40 by 33 km). */
function cityOf(count: number, seed: number): RouteStop[] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return Array.from({ length: count }, (_, index) => ({ id: `L${index}`, longitude: -43.4 + next() * 0.4, latitude: -23 + next() * 0.3 }));
}

export function runRouteOrderBenchmark(sizes: number[], runs: number): RouteOrderResult[] {
  // Warm the JIT on a city no run uses: the first call's compile time is no locker's cost.
  for (let i = 0; i < 20; i++) orderByDistance(cityOf(60, 1_000 + i));
  return sizes.map((lockers) => {
    const floor: number[] = [];
    const full: number[] = [];
    let gain = 0;
    for (let run = 0; run < runs; run++) {
      const stops = cityOf(lockers, run + 1);
      let started = performance.now();
      const nearest = orderByDistance(stops, { nearestNeighbourOnly: true });
      floor.push(performance.now() - started);
      started = performance.now();
      const improved = orderByDistance(stops);
      full.push(performance.now() - started);
      gain += (1 - improved.metresAfter / nearest.metresAfter) * 100;
    }
    floor.sort((a, b) => a - b);
    full.sort((a, b) => a - b);
    return {
      lockers,
      runs,
      floorP50: percentile(floor, 50),
      floorP95: percentile(floor, 95),
      p50: percentile(full, 50),
      p95: percentile(full, 95),
      shorterPercent: gain / runs,
    };
  });
}

export function formatRouteOrderResults(results: RouteOrderResult[]): string {
  const ms = (n: number) => n.toFixed(2);
  return formatTable(
    ['lockers', 'runs', 'NN p50 ms (floor)', 'NN p95 ms', 'NN+2-opt p50 ms', 'NN+2-opt p95 ms', 'shorter than NN', 'target'],
    results.map((r) => [
      String(r.lockers),
      String(r.runs),
      ms(r.floorP50),
      ms(r.floorP95),
      ms(r.p50),
      ms(r.p95),
      `${r.shorterPercent.toFixed(1)}%`,
      r.lockers === 60 ? `<= 200 ms: ${r.p95 <= 200 ? 'met' : 'missed'}` : '',
    ]),
  );
}
