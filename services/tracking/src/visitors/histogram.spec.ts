import { DURATION_BUCKETS, durationBucketsOf, HISTOGRAM_BOUNDS, histogramOf, percentile, sumByBucket } from './histogram';

describe('histograms with fixed buckets', () => {
  it('every bound of the dashboard duration buckets is a bound of the stored histogram', () => {
    for (const bucket of DURATION_BUCKETS) {
      expect(HISTOGRAM_BOUNDS.session_duration_s).toContain(bucket.min);
      if (bucket.max !== null) expect(HISTOGRAM_BOUNDS.session_duration_s).toContain(bucket.max);
    }
  });

  it('sums days bucket by bucket', () => {
    const days = [
      { bucket_min: 100, count: 2 },
      { bucket_min: 200, count: 1 },
      { bucket_min: 100, count: 3 },
    ];
    const histogram = histogramOf('page_load_ms', sumByBucket(days));
    expect(histogram.find((bucket) => bucket.min === 100)).toEqual({ min: 100, max: 200, count: 5 });
    expect(histogram[histogram.length - 1]).toEqual({ min: 60_000, max: null, count: 0 });
  });

  it('percentiles interpolate inside the bucket that holds the rank', () => {
    const buckets = [
      { min: 0, max: 100, count: 50 },
      { min: 100, max: 200, count: 50 },
      { min: 200, max: null, count: 0 },
    ];
    expect(percentile(buckets, 0.5)).toBe(100);
    expect(percentile(buckets, 0.75)).toBe(150);
    expect(percentile(buckets, 0.25)).toBe(50);
    expect(percentile(buckets, 1)).toBe(200);
  });

  it('a percentile in the open last bucket is its lower bound; none without samples', () => {
    expect(percentile([{ min: 0, max: 10, count: 1 }, { min: 10, max: null, count: 9 }], 0.95)).toBe(10);
    expect(percentile([{ min: 0, max: 10, count: 0 }], 0.5)).toBeNull();
  });

  it('the percentile of a merged histogram is close to the exact one over all samples', () => {
    const samples = Array.from({ length: 2_000 }, (_, index) => 150 + ((index * 7919) % 2_850));
    const bounds = HISTOGRAM_BOUNDS.page_load_ms;
    const bucketOf = (value: number) => bounds.filter((bound) => bound <= value).pop()!;
    // Two "days" stored separately, then merged.
    const day1 = sumByBucket(samples.slice(0, 900).map((value) => ({ bucket_min: bucketOf(value), count: 1 })));
    const day2 = sumByBucket(samples.slice(900).map((value) => ({ bucket_min: bucketOf(value), count: 1 })));
    const merged = sumByBucket([...day1, ...day2].map(([bucket_min, count]) => ({ bucket_min, count })));
    const sorted = [...samples].sort((a, b) => a - b);
    for (const p of [0.5, 0.75, 0.95]) {
      const exact = sorted[Math.ceil(p * sorted.length) - 1]!;
      const estimate = percentile(histogramOf('page_load_ms', merged), p)!;
      expect(Math.abs(estimate - exact) / exact).toBeLessThan(0.1);
    }
  });

  it('folds the fine duration histogram into the dashboard buckets', () => {
    const fine = histogramOf('session_duration_s', new Map([[0, 4], [5, 1], [45, 2], [1_800, 1], [7_200, 3]]));
    expect(durationBucketsOf(fine).map((bucket) => [bucket.label, bucket.min_seconds, bucket.max_seconds, bucket.sessions])).toEqual([
      ['Under 10 seconds', 0, 10, 5],
      ['10 to 30 seconds', 10, 30, 0],
      ['30 to 60 seconds', 30, 60, 2],
      ['1 to 3 minutes', 60, 180, 0],
      ['3 to 10 minutes', 180, 600, 0],
      ['10 to 30 minutes', 600, 1_800, 0],
      ['30 minutes or more', 1_800, null, 4],
    ]);
  });
});
