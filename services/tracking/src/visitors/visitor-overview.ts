import type { CountRow, VisitorOverview } from '@nivesh/proto';
import { durationBucketsOf, histogramOf, percentile, sumByBucket } from './histogram';
import type { DayTotals, HistogramRow, RankingDimension } from './rollups.repository';

export type VisitorOverviewParts = {
  /** One row per day of the period, stored or computed live. */
  totals: readonly DayTotals[];
  histograms: readonly HistogramRow[];
  /** The largest keys of each dimension over the period, largest first. */
  top: readonly { dimension: RankingDimension; key: string; count: number }[];
  liveVisitors: number;
};

const sum = (rows: readonly DayTotals[], field: keyof Omit<DayTotals, 'day'>): number => rows.reduce((total, row) => total + row[field], 0);

const wholeOrNull = (value: number | null): number | null => (value === null ? null : Math.round(value));

/**
 * The visitor dashboard of a period from its days' rollups. Visitors add up across days because the visitor hash
 * changes every day; percentiles come from the period's summed histograms.
 */
export const visitorOverviewOf = ({ totals, histograms, top, liveVisitors }: VisitorOverviewParts): VisitorOverview => {
  const ranking = (dimension: RankingDimension): CountRow[] => top.filter((row) => row.dimension === dimension).map(({ key, count }) => ({ key, count }));
  const histogram = (metric: HistogramRow['metric']) => histogramOf(metric, sumByBucket(histograms.filter((row) => row.metric === metric)));
  const loads = histogram('page_load_ms');
  const durations = histogram('session_duration_s');
  const sessions = sum(totals, 'sessions');
  return {
    live_visitors: liveVisitors,
    visitors: sum(totals, 'visitors'),
    sessions,
    page_views: sum(totals, 'page_views'),
    top_pages: ranking('page'),
    entry_pages: ranking('entry_page'),
    exit_pages: ranking('exit_page'),
    referrers: ranking('referrer'),
    screens: ranking('screen'),
    devices: ranking('device'),
    browsers: ranking('browser'),
    session_duration: { buckets: durationBucketsOf(durations), median_seconds: wholeOrNull(percentile(durations, 0.5)) },
    bounce_rate: sessions === 0 ? null : sum(totals, 'bounces') / sessions,
    page_load_ms: {
      samples: loads.reduce((total, bucket) => total + bucket.count, 0),
      p50: wholeOrNull(percentile(loads, 0.5)),
      p75: wholeOrNull(percentile(loads, 0.75)),
      p95: wholeOrNull(percentile(loads, 0.95)),
      p99: wholeOrNull(percentile(loads, 0.99)),
    },
  };
};

/** Mean page-load time over the period, from the days' sums; null without samples. */
export const averagePageLoadOf = (totals: readonly DayTotals[]): number | null => {
  const samples = sum(totals, 'page_load_samples');
  return samples === 0 ? null : Math.round(sum(totals, 'page_load_total_ms') / samples);
};
