import { describe, expect, it } from 'vitest';
import {
  DWELL_BUCKETS,
  DWELL_MAX_SECONDS,
  DWELL_MIN_SECONDS,
  dwellBucketBounds,
  dwellBucketOf,
  percentileOfHistogram,
} from '../src/dashboard/dwell-histogram';

/** A seeded generator (mulberry32): the same 100,000 parcels on every run. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** percentile_cont: linear interpolation between the two closest ranks of the sorted values. */
function percentileCont(sorted: number[], p: number): number {
  const position = (p / 100) * (sorted.length - 1);
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (position - low);
}

describe('dwell-time histogram', () => {
  it('has about 120 buckets of ratio 1.1 from one minute to 60 days, clamping what lies outside', () => {
    expect(DWELL_BUCKETS).toBe(120);
    expect(dwellBucketOf(0)).toBe(0);
    expect(dwellBucketOf(DWELL_MIN_SECONDS)).toBe(0);
    expect(dwellBucketOf(DWELL_MAX_SECONDS * 10)).toBe(DWELL_BUCKETS - 1);
    for (const seconds of [61, 3_600, 86_400, 5 * 86_400]) {
      const { from, to } = dwellBucketBounds(dwellBucketOf(seconds));
      expect(seconds).toBeGreaterThanOrEqual(from);
      expect(seconds).toBeLessThan(to);
      expect(to / from).toBeCloseTo(1.1, 10);
    }
  });

  it('reads p50, p90 and p95 of 100,000 parcels within 5 % of percentile_cont over the raw times', () => {
    const random = seeded(28);
    const stays: number[] = [];
    const counts = new Map<number, number>();
    for (let i = 0; i < 100_000; i += 1) {
      // Most parcels are picked up within a day or two, some wait until they expire: a log-normal
      // around 20 hours, and one in ten spread up to a week.
      const normal = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
      const stay = random() < 0.9 ? 72_000 * Math.exp(0.9 * normal) : 3_600 + random() * 7 * 86_400;
      stays.push(stay);
      const bucket = dwellBucketOf(stay);
      counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
    }
    stays.sort((a, b) => a - b);
    for (const p of [50, 90, 95]) {
      const exact = percentileCont(stays, p);
      const estimate = percentileOfHistogram(counts, p) ?? Number.NaN;
      expect(Math.abs(estimate - exact) / exact, `p${p}: ${estimate} against ${exact}`).toBeLessThanOrEqual(0.05);
    }
  });

  it('adds up: the histograms of two days summed read the percentiles of both days together', () => {
    const first = { 10: 3, 20: 1 };
    const second = { 20: 2, 30: 4 };
    const summed = new Map<number, number>();
    for (const day of [first, second])
      for (const [bucket, count] of Object.entries(day)) summed.set(Number(bucket), (summed.get(Number(bucket)) ?? 0) + count);
    const middle = (bucket: number) => Math.sqrt(dwellBucketBounds(bucket).from * dwellBucketBounds(bucket).to);
    expect(percentileOfHistogram(summed, 50)).toBeCloseTo(middle(20), 6);
    expect(percentileOfHistogram(summed, 100)).toBeCloseTo(middle(30), 6);
    expect(percentileOfHistogram(summed, 0)).toBeCloseTo(middle(10), 6);
    expect(percentileOfHistogram({}, 50)).toBeUndefined();
  });
});
