/**
 * Dwell times (a parcel's time in its locker, storedAt → picked up) kept as counts in fixed
 * log-scale buckets (issue 28, docs/dashboard.md "Dwell time"): each bucket is 10 % wider than the
 * one before, from one minute to 60 days, so a day's histograms of any company, carrier or locker
 * add up by bucket and any percentile of the sum is read within 5 % of the exact value (a bucket's
 * geometric middle is at most √1.1 − 1 ≈ 4.9 % from any time inside it). The rollups store the
 * bucket index; the API reads percentiles with `percentileOfHistogram`.
 */

/** Each bucket's upper edge over its lower edge. */
export const DWELL_BUCKET_RATIO = 1.1;
/** The first bucket's lower edge: shorter stays count in it. */
export const DWELL_MIN_SECONDS = 60;
/** The last bucket's upper edge: longer stays count in it. */
export const DWELL_MAX_SECONDS = 60 * 86_400;
/** 120 buckets cover one minute to 60 days. */
export const DWELL_BUCKETS = Math.ceil(Math.log(DWELL_MAX_SECONDS / DWELL_MIN_SECONDS) / Math.log(DWELL_BUCKET_RATIO));

/** The bucket of a stay of `seconds`, clamped to the first and last bucket. */
export function dwellBucketOf(seconds: number): number {
  if (!(seconds > DWELL_MIN_SECONDS)) return 0;
  const index = Math.floor(Math.log(seconds / DWELL_MIN_SECONDS) / Math.log(DWELL_BUCKET_RATIO));
  return Math.min(DWELL_BUCKETS - 1, index);
}

/** A bucket's lower and upper edges in seconds. */
export function dwellBucketBounds(bucket: number): { from: number; to: number } {
  return { from: DWELL_MIN_SECONDS * DWELL_BUCKET_RATIO ** bucket, to: DWELL_MIN_SECONDS * DWELL_BUCKET_RATIO ** (bucket + 1) };
}

/**
 * The `p`-th percentile (0 to 100) of the stays counted in `counts` (bucket → count), as the
 * geometric middle of the bucket it falls in; undefined when nothing was counted.
 */
export function percentileOfHistogram(
  counts: ReadonlyMap<number, number> | Readonly<Record<number, number>>,
  p: number,
): number | undefined {
  const entries = (
    counts instanceof Map ? [...counts.entries()] : Object.entries(counts).map(([bucket, count]) => [Number(bucket), count] as const)
  )
    .filter(([, count]) => count > 0)
    .sort(([a], [b]) => a - b);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  if (!total) return undefined;
  // The rank percentile_cont interpolates at, rounded to the stay that holds it.
  const rank = Math.min(total - 1, Math.max(0, Math.round((p / 100) * (total - 1))));
  let seen = 0;
  for (const [bucket, count] of entries) {
    seen += count;
    if (rank < seen) {
      const { from, to } = dwellBucketBounds(bucket);
      return Math.sqrt(from * to);
    }
  }
  return undefined;
}
