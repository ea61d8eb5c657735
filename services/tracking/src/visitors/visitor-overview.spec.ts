import { averagePageLoadOf, visitorOverviewOf } from './visitor-overview';

const day = (date: string, fields: Partial<{ visitors: number; sessions: number; page_views: number; bounces: number; page_load_samples: number; page_load_total_ms: number }>) => ({
  day: date,
  visitors: 0,
  sessions: 0,
  page_views: 0,
  bounces: 0,
  page_load_samples: 0,
  page_load_total_ms: 0,
  ...fields,
});

describe('visitorOverviewOf', () => {
  it('adds the days up, ranks from the top keys, and takes percentiles from the summed histograms', () => {
    const overview = visitorOverviewOf({
      totals: [day('2025-03-03', { visitors: 3, sessions: 4, page_views: 9, bounces: 1 }), day('2025-03-04', { visitors: 2, sessions: 4, page_views: 5, bounces: 3 })],
      histograms: [
        { day: '2025-03-03', metric: 'page_load_ms', bucket_min: 400, count: 5 },
        { day: '2025-03-04', metric: 'page_load_ms', bucket_min: 400, count: 5 },
        { day: '2025-03-04', metric: 'session_duration_s', bucket_min: 0, count: 4 },
        { day: '2025-03-03', metric: 'session_duration_s', bucket_min: 60, count: 4 },
      ],
      top: [
        { dimension: 'page', key: '/dashboard', count: 7 },
        { dimension: 'page', key: '/chat', count: 2 },
        { dimension: 'referrer', key: '(direct)', count: 8 },
      ],
      liveVisitors: 2,
    });
    expect(overview).toMatchObject({
      live_visitors: 2,
      visitors: 5,
      sessions: 8,
      page_views: 14,
      top_pages: [
        { key: '/dashboard', count: 7 },
        { key: '/chat', count: 2 },
      ],
      referrers: [{ key: '(direct)', count: 8 }],
      entry_pages: [],
      bounce_rate: 0.5,
      page_load_ms: { samples: 10, p50: 450, p75: 475, p95: 495, p99: 499 },
    });
    expect(overview.session_duration.median_seconds).toBe(5);
    expect(overview.session_duration.buckets.map((bucket) => bucket.sessions)).toEqual([4, 0, 0, 4, 0, 0, 0]);
  });

  it('has no bounce rate, median or percentiles without sessions and samples', () => {
    const overview = visitorOverviewOf({ totals: [day('2025-03-04', {})], histograms: [], top: [], liveVisitors: 0 });
    expect(overview.bounce_rate).toBeNull();
    expect(overview.session_duration.median_seconds).toBeNull();
    expect(overview.page_load_ms).toEqual({ samples: 0, p50: null, p75: null, p95: null, p99: null });
  });

  it('averages page loads over all samples of the period', () => {
    expect(averagePageLoadOf([day('a', { page_load_samples: 1, page_load_total_ms: 100 }), day('b', { page_load_samples: 3, page_load_total_ms: 900 })])).toBe(250);
    expect(averagePageLoadOf([day('a', {})])).toBeNull();
  });
});
