/**
 * How long the parcels in the lockers now have waited (issue 28, figure 6): the buckets the answer
 * counts them in, youngest first. Apart from the answer's schema, so a screen takes them without zod.
 */
export const AGE_BUCKETS = ['upTo1Day', 'from1To3Days', 'from3To7Days', 'over7Days'] as const;
export type AgeBucket = (typeof AGE_BUCKETS)[number];
/** Each age bucket's lower edge in days (the next one's is its upper edge). */
export const AGE_BUCKET_START_DAYS: Record<AgeBucket, number> = { upTo1Day: 0, from1To3Days: 1, from3To7Days: 3, over7Days: 7 };
