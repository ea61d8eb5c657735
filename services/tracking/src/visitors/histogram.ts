import type { DurationBucket } from '@nivesh/proto';
import { TRACKING_TEXTS } from '../texts';

/** The two histograms kept per day: page-load times in milliseconds and visitor-session durations in seconds. */
export const HISTOGRAM_METRICS = ['page_load_ms', 'session_duration_s'] as const;
export type HistogramMetric = (typeof HISTOGRAM_METRICS)[number];

/**
 * Fixed lower bounds of the buckets, so the histograms of any days add up bucket by bucket and percentiles over a
 * period come from the merged histogram. Each bucket runs to the next bound; the last has no upper bound.
 */
export const HISTOGRAM_BOUNDS: Readonly<Record<HistogramMetric, readonly number[]>> = {
  // About 10 % wide where pages usually load, coarser beyond.
  page_load_ms: [
    0, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1_000, 1_200, 1_400, 1_600, 1_800, 2_000, 2_500, 3_000, 3_500, 4_000, 5_000, 6_000, 7_000, 8_000,
    10_000, 12_000, 15_000, 20_000, 30_000, 60_000,
  ],
  // Fine enough for a median; every bound of the dashboard's buckets (DURATION_BUCKETS) is one of these.
  session_duration_s: [0, 5, 10, 20, 30, 45, 60, 90, 120, 180, 240, 300, 420, 600, 900, 1_200, 1_800, 2_700, 3_600, 7_200],
};

export type Bucket = { min: number; max: number | null; count: number };

/** A histogram with every bucket of its metric, from counts by lower bound (bounds that are not the metric's are ignored). */
export const histogramOf = (metric: HistogramMetric, counts: ReadonlyMap<number, number>): Bucket[] => {
  const bounds = HISTOGRAM_BOUNDS[metric];
  return bounds.map((min, index) => ({ min, max: bounds[index + 1] ?? null, count: counts.get(min) ?? 0 }));
};

/** Adds up rows of (lower bound, count), as the days of a period give them. */
export const sumByBucket = (rows: Iterable<{ bucket_min: number; count: number }>): Map<number, number> => {
  const sums = new Map<number, number>();
  for (const row of rows) sums.set(row.bucket_min, (sums.get(row.bucket_min) ?? 0) + row.count);
  return sums;
};

/**
 * The value below which a share `p` (0..1) of the samples lie, interpolated linearly inside its bucket; in the
 * unbounded last bucket, its lower bound. Null without samples.
 */
export const percentile = (buckets: readonly Bucket[], p: number): number | null => {
  const total = buckets.reduce((sum, bucket) => sum + bucket.count, 0);
  if (total === 0) return null;
  const rank = Math.min(Math.max(p, 0), 1) * total;
  let below = 0;
  for (const bucket of buckets) {
    if (bucket.count > 0 && below + bucket.count >= rank) {
      if (bucket.max === null) return bucket.min;
      return bucket.min + ((rank - below) / bucket.count) * (bucket.max - bucket.min);
    }
    below += bucket.count;
  }
  return buckets[buckets.length - 1]!.min;
};

const LABELS = TRACKING_TEXTS.durationBuckets;

/** The session-duration buckets the dashboard shows, in seconds. */
export const DURATION_BUCKETS: readonly { label: string; min: number; max: number | null }[] = [
  { label: LABELS.under10s, min: 0, max: 10 },
  { label: LABELS.s10to30, min: 10, max: 30 },
  { label: LABELS.s30to60, min: 30, max: 60 },
  { label: LABELS.m1to3, min: 60, max: 180 },
  { label: LABELS.m3to10, min: 180, max: 600 },
  { label: LABELS.m10to30, min: 600, max: 1_800 },
  { label: LABELS.over30m, min: 1_800, max: null },
];

/** The fine session-duration histogram folded into the dashboard's buckets. */
export const durationBucketsOf = (fine: readonly Bucket[]): DurationBucket[] =>
  DURATION_BUCKETS.map(({ label, min, max }) => ({
    label,
    min_seconds: min,
    max_seconds: max,
    sessions: fine.filter((bucket) => bucket.min >= min && (max === null || bucket.min < max)).reduce((sum, bucket) => sum + bucket.count, 0),
  }));
