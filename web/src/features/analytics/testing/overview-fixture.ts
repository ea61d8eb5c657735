/** Test answers of the analytics endpoints: a week with visits and actions, and the same week with nothing yet. */
import type { AnalyticsBasicStatsResponse, AnalyticsCurrentUsersResponse, AnalyticsDailyPoint, AnalyticsOverviewResponse } from '@nivesh/proto';

const DATES = ['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'];

const day = (date: string, visitors: number, pageViews: number, sessions = 0, actions = 0): AnalyticsDailyPoint => ({
  date,
  sessions,
  unique_users: sessions === 0 ? 0 : Math.max(1, Math.floor(sessions / 2)),
  anonymous_sessions: 0,
  page_visits: sessions * 3,
  actions,
  visitor_sessions: visitors + 2,
  visitor_page_views: pageViews,
  visitors,
});

export const OVERVIEW: AnalyticsOverviewResponse = {
  days: 7,
  from: '2026-11-18T00:00:00.000Z',
  to: '2026-11-24T10:00:00.000Z',
  totals: {
    sessions: 14,
    unique_users: 5,
    anonymous_sessions: 0,
    page_visits: 42,
    actions: 60,
    failed_actions: 6,
    avg_session_duration_seconds: 312,
    avg_response_time_ms: 240,
    visitor_sessions: 150,
    visitor_page_views: 420,
    avg_page_load_time_ms: 900,
  },
  daily: [
    day(DATES[0] as string, 10, 30, 2, 8),
    day(DATES[1] as string, 12, 41, 1, 5),
    day(DATES[2] as string, 20, 96, 3, 12),
    day(DATES[3] as string, 18, 60, 2, 9),
    day(DATES[4] as string, 15, 55, 2, 10),
    day(DATES[5] as string, 25, 88, 3, 11),
    day(DATES[6] as string, 9, 50, 1, 5),
  ],
  top_pages: [
    { page_name: '/technical-analysis', visits: 20 },
    { page_name: '/dashboard', visits: 15 },
  ],
  top_actions: [
    { action_type: 'api_request', count: 55 },
    { action_type: 'chat_message', count: 5 },
  ],
  actions_by_category: [
    { category: 'market', actions: 40, errors: 1, error_rate: 0.025 },
    { category: 'chat', actions: 12, errors: 4, error_rate: 1 / 3 },
    { category: 'account', actions: 8, errors: 1, error_rate: 0.125 },
  ],
  visitors: {
    live_visitors: 3,
    visitors: 109,
    sessions: 150,
    page_views: 420,
    top_pages: [
      { key: 'https://nivesh.example/dashboard', count: 180 },
      { key: '/technical-analysis', count: 120 },
      { key: '/about', count: 40 },
    ],
    entry_pages: [
      { key: '/dashboard', count: 110 },
      { key: '/about', count: 40 },
    ],
    exit_pages: [
      { key: '/technical-analysis', count: 70 },
      { key: '/dashboard', count: 80 },
    ],
    referrers: [
      { key: '(direct)', count: 90 },
      { key: 'www.google.com', count: 60 },
    ],
    screens: [
      { key: '390x844', count: 85 },
      { key: '1920x1080', count: 65 },
    ],
    devices: [
      { key: 'mobile', count: 85 },
      { key: 'desktop', count: 60 },
      { key: 'tablet', count: 5 },
    ],
    browsers: [
      { key: 'Chrome', count: 100 },
      { key: 'Safari', count: 50 },
    ],
    session_duration: {
      buckets: [
        { label: 'Under 10 s', min_seconds: 0, max_seconds: 10, sessions: 45 },
        { label: '10–30 s', min_seconds: 10, max_seconds: 30, sessions: 30 },
        { label: '30 s–3 min', min_seconds: 30, max_seconds: 180, sessions: 50 },
        { label: '3 min and more', min_seconds: 180, max_seconds: null, sessions: 25 },
      ],
      median_seconds: 42,
    },
    bounce_rate: 0.4,
    page_load_ms: { samples: 400, p50: 850, p75: 1_200, p95: 2_400, p99: 4_100 },
  },
};

/** The same week before anything was recorded. */
export const EMPTY_OVERVIEW: AnalyticsOverviewResponse = {
  ...OVERVIEW,
  totals: {
    sessions: 0,
    unique_users: 0,
    anonymous_sessions: 0,
    page_visits: 0,
    actions: 0,
    failed_actions: 0,
    avg_session_duration_seconds: null,
    avg_response_time_ms: null,
    visitor_sessions: 0,
    visitor_page_views: 0,
    avg_page_load_time_ms: null,
  },
  daily: DATES.map((date) => day(date, 0, 0)).map((point) => ({ ...point, visitor_sessions: 0 })),
  top_pages: [],
  top_actions: [],
  actions_by_category: [],
  visitors: {
    live_visitors: 0,
    visitors: 0,
    sessions: 0,
    page_views: 0,
    top_pages: [],
    entry_pages: [],
    exit_pages: [],
    referrers: [],
    screens: [],
    devices: [],
    browsers: [],
    session_duration: {
      buckets: OVERVIEW.visitors.session_duration.buckets.map((bucket) => ({ ...bucket, sessions: 0 })),
      median_seconds: null,
    },
    bounce_rate: null,
    page_load_ms: { samples: 0, p50: null, p75: null, p95: null, p99: null },
  },
};

export const CURRENT_USERS: AnalyticsCurrentUsersResponse = {
  as_of: '2026-11-24T06:30:05.000Z',
  window_minutes: 5,
  active_users: 1,
  active_visitors: 3,
  users: [{ user_id: '6f1c2a4e-0000-4000-8000-000000000001', session_id: '6f1c2a4e-0000-4000-8000-0000000000aa', page_name: '/chat', last_seen_at: '2026-11-24T06:29:40.000Z' }],
};

export const BASIC_STATS: AnalyticsBasicStatsResponse = {
  as_of: '2026-11-24T06:30:05.000Z',
  all_time: { analytics_sessions: 300, unique_users: 40, anonymous_sessions: 12, page_visits: 900, actions: 2_000, visitor_sessions: 5_000, visitor_page_views: 15_000 },
  today: { analytics_sessions: 1, unique_users: 1, anonymous_sessions: 0, page_visits: 3, actions: 5, visitor_sessions: 11, visitor_page_views: 50 },
};
