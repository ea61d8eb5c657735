import { z } from 'zod';
import { defineRoute } from '../http';
import { defineRpc } from '../rpc';
import { EmptyBodySchema, IdSchema, IsoDateTimeSchema, withCaller, withOptionalCaller } from './common';
import { AppPageSchema, hasControlCharacters, textWithoutControls } from './visitor';
import { ANALYTICS_DEFAULT_DAYS, ANALYTICS_PATHS, CURRENT_USERS_WINDOW_MINUTES } from '../values/analytics';
export { ANALYTICS_DEFAULT_DAYS, CURRENT_USERS_WINDOW_MINUTES } from '../values/analytics';

const TAG = 'analytics';

export const ANALYTICS_MAX_DAYS = 365;

/** The page a call is about: the app page its name or address stands for (see appPageOf), or 'other'. */
const PageNameSchema = AppPageSchema;
/** The app page the user came from; empty or missing is none. */
const ReferrerPageSchema = z.union([z.literal('').transform(() => null), AppPageSchema]).nullish();
const optionalText = (max: number) => z.string().max(max).nullish();
const optionalLine = (max: number, what: string) => textWithoutControls(max, what).nullish();

/**
 * Every figure the two dashboards (/analytics, /admin/visitor-analytics) show, defined once: each field that carries
 * a figure is described with its definition, and services/tracking computes each in one place. Days are UTC days.
 */
export const FIGURE_DEFINITIONS = {
  visitors:
    'Visitors: the distinct daily visitor hashes seen on a day (a page view, heartbeat or session end). Over several days, the sum of the days: the hash changes every day, so a person seen on two days counts twice.',
  visitorsNow: `Visitors now: today's distinct visitor hashes with an event in the last ${CURRENT_USERS_WINDOW_MINUTES} minutes whose visitor session has not ended. Never more than today's visitors.`,
  visits:
    "Visits (visitor sessions): a browser session id's events on one day, counted when they include a page view. Over several days, the sum of the days.",
  pageViews: 'Page views: page-view events of visitor tracking (one per route change).',
  bounceRate: 'Bounce rate: visits with one page view / all visits; null without visits.',
  sessions: 'Sessions: opt-in analytics sessions started in the period, whether signed in or not.',
  anonymousSessions: 'Sessions started without signing in: they have no user. The other sessions belong to users.',
  users:
    'Users: distinct signed-in accounts that started an analytics session in the period (on a daily row, that day). A session without signing in adds no user.',
  activeUsers: `Users active now: signed-in users whose open analytics session had a call in the last ${CURRENT_USERS_WINDOW_MINUTES} minutes.`,
  pageVisits: 'Page visits: page visits recorded in opt-in analytics sessions, the first page of each session included.',
  actions: 'Actions: actions recorded in opt-in analytics sessions.',
} as const;

const count = (definition: string) => z.number().int().nonnegative().describe(definition);
/**
 * The analytics session the call belongs to. Optional: without it the server uses the caller's
 * latest open analytics session.
 */
const AnalyticsSessionRefSchema = IdSchema.nullish();

// ---- bodies ---------------------------------------------------------------------------------

export const AnalyticsSessionStartRequestSchema = z.object({ page_name: PageNameSchema });
export type AnalyticsSessionStartRequest = z.infer<typeof AnalyticsSessionStartRequestSchema>;
export const AnalyticsSessionStartResponseSchema = z.object({
  session_id: IdSchema,
  started_at: IsoDateTimeSchema,
});
export type AnalyticsSessionStartResponse = z.infer<typeof AnalyticsSessionStartResponseSchema>;

export const AnalyticsSessionEndRequestSchema = z.object({ session_id: AnalyticsSessionRefSchema });
export type AnalyticsSessionEndRequest = z.infer<typeof AnalyticsSessionEndRequestSchema>;
/** `ended` is false when there was no open session to end (not an error: analytics is best-effort). */
export const AnalyticsSessionEndResponseSchema = z.object({
  ended: z.boolean(),
  session_id: IdSchema.nullable(),
  duration_seconds: z.number().nonnegative().nullable(),
});
export type AnalyticsSessionEndResponse = z.infer<typeof AnalyticsSessionEndResponseSchema>;

export const AnalyticsPageVisitRequestSchema = z.object({
  session_id: AnalyticsSessionRefSchema,
  page_name: PageNameSchema,
  referrer_page: ReferrerPageSchema,
});
export type AnalyticsPageVisitRequest = z.infer<typeof AnalyticsPageVisitRequestSchema>;

export const AnalyticsActionRequestSchema = z.object({
  session_id: AnalyticsSessionRefSchema,
  action_type: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine((text) => !hasControlCharacters(text), { error: 'An action type cannot contain control characters.' }),
  action_category: optionalLine(64, 'An action category'),
  action_target: optionalLine(256, 'An action target'),
  page_name: PageNameSchema.nullish(),
  action_data: z.record(z.string().max(64), z.unknown()).nullish(),
  response_time_ms: z.number().nonnegative().nullish(),
  success: z.boolean().default(true),
  error_message: optionalText(2_000),
});
export type AnalyticsActionRequest = z.infer<typeof AnalyticsActionRequestSchema>;

/** `recorded` is false when there was no analytics session to attach the event to. */
export const AnalyticsRecordedResponseSchema = z.object({
  recorded: z.boolean(),
  session_id: IdSchema.nullable(),
});
export type AnalyticsRecordedResponse = z.infer<typeof AnalyticsRecordedResponseSchema>;

export const AnalyticsOverviewQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(ANALYTICS_MAX_DAYS).default(ANALYTICS_DEFAULT_DAYS),
});
export type AnalyticsOverviewQuery = z.infer<typeof AnalyticsOverviewQuerySchema>;

/** One UTC day of the period. */
export const AnalyticsDailyPointSchema = z.object({
  date: z.iso.date(),
  sessions: count(FIGURE_DEFINITIONS.sessions),
  unique_users: count(FIGURE_DEFINITIONS.users),
  anonymous_sessions: count(FIGURE_DEFINITIONS.anonymousSessions),
  page_visits: count(FIGURE_DEFINITIONS.pageVisits),
  actions: count(FIGURE_DEFINITIONS.actions),
  visitor_sessions: count(FIGURE_DEFINITIONS.visits),
  visitor_page_views: count(FIGURE_DEFINITIONS.pageViews),
  visitors: count(FIGURE_DEFINITIONS.visitors),
});
export type AnalyticsDailyPoint = z.infer<typeof AnalyticsDailyPointSchema>;

/** One row of a ranking: a page path, a referrer host, a screen size, a device class, a browser; and its count. */
export const CountRowSchema = z.object({ key: z.string(), count: z.number().int().nonnegative() });
export type CountRow = z.infer<typeof CountRowSchema>;

/** Visitor sessions by how long they lasted; the last bucket has no upper bound (`max_seconds` null). */
export const DurationBucketSchema = z.object({
  label: z.string(),
  min_seconds: z.number().nonnegative(),
  max_seconds: z.number().positive().nullable(),
  sessions: z.number().int().nonnegative(),
});
export type DurationBucket = z.infer<typeof DurationBucketSchema>;

/** Analytics actions of one category and how many of them failed. */
export const ActionCategoryRowSchema = z.object({
  category: z.string(),
  actions: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  /** errors / actions, 0..1. */
  error_rate: z.number().min(0).max(1),
});
export type ActionCategoryRow = z.infer<typeof ActionCategoryRowSchema>;

/**
 * The visitor-tracking part of the overview (always-on heartbeats; no account data): from the daily rollups of past
 * days plus the raw events of today. Rankings hold at most ANALYTICS_TOP_ROWS rows, largest first.
 */
export const VisitorOverviewSchema = z.object({
  live_visitors: count(FIGURE_DEFINITIONS.visitorsNow),
  visitors: count(FIGURE_DEFINITIONS.visitors),
  sessions: count(FIGURE_DEFINITIONS.visits),
  page_views: count(FIGURE_DEFINITIONS.pageViews),
  top_pages: z.array(CountRowSchema),
  entry_pages: z.array(CountRowSchema),
  exit_pages: z.array(CountRowSchema),
  /** Referrer hosts; '(direct)' for none. Sessions, by their first page view. */
  referrers: z.array(CountRowSchema),
  screens: z.array(CountRowSchema),
  /** desktop, mobile, tablet, bot, unknown. */
  devices: z.array(CountRowSchema),
  browsers: z.array(CountRowSchema),
  session_duration: z.object({ buckets: z.array(DurationBucketSchema), median_seconds: z.number().nonnegative().nullable() }),
  bounce_rate: z.number().min(0).max(1).nullable().describe(FIGURE_DEFINITIONS.bounceRate),
  /** Page-load time percentiles over page views that reported one; null values with none. */
  page_load_ms: z.object({
    samples: z.number().int().nonnegative(),
    p50: z.number().nonnegative().nullable(),
    p75: z.number().nonnegative().nullable(),
    p95: z.number().nonnegative().nullable(),
    p99: z.number().nonnegative().nullable(),
  }),
});
export type VisitorOverview = z.infer<typeof VisitorOverviewSchema>;

/** Rows each ranking of the overview holds at most. */
export const ANALYTICS_TOP_ROWS = 10;

/** Admin dashboard for the last `days` days (inclusive of today, UTC). */
export const AnalyticsOverviewResponseSchema = z.object({
  days: z.number().int().positive(),
  from: IsoDateTimeSchema,
  to: IsoDateTimeSchema,
  totals: z.object({
    sessions: count(FIGURE_DEFINITIONS.sessions),
    unique_users: count(FIGURE_DEFINITIONS.users),
    anonymous_sessions: count(FIGURE_DEFINITIONS.anonymousSessions),
    page_visits: count(FIGURE_DEFINITIONS.pageVisits),
    actions: count(FIGURE_DEFINITIONS.actions),
    failed_actions: z.number().int().nonnegative(),
    avg_session_duration_seconds: z.number().nonnegative().nullable(),
    avg_response_time_ms: z.number().nonnegative().nullable(),
    visitor_sessions: count(FIGURE_DEFINITIONS.visits),
    visitor_page_views: count(FIGURE_DEFINITIONS.pageViews),
    avg_page_load_time_ms: z.number().nonnegative().nullable(),
  }),
  daily: z.array(AnalyticsDailyPointSchema),
  top_pages: z.array(z.object({ page_name: z.string(), visits: z.number().int().nonnegative() })),
  top_actions: z.array(z.object({ action_type: z.string(), count: z.number().int().nonnegative() })),
  /** Analytics actions by category with their error rates (opt-in analytics sessions). */
  actions_by_category: z.array(ActionCategoryRowSchema),
  visitors: VisitorOverviewSchema,
});
export type AnalyticsOverviewResponse = z.infer<typeof AnalyticsOverviewResponseSchema>;

export const AnalyticsCurrentUsersQuerySchema = EmptyBodySchema;
export type AnalyticsCurrentUsersQuery = z.infer<typeof AnalyticsCurrentUsersQuerySchema>;
export const CurrentUserSchema = z.object({
  user_id: IdSchema,
  session_id: IdSchema,
  page_name: z.string().nullable(),
  last_seen_at: IsoDateTimeSchema,
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
/** Who is on the site now: signed-in users (analytics) and anonymous visitors (heartbeats). */
export const AnalyticsCurrentUsersResponseSchema = z.object({
  as_of: IsoDateTimeSchema,
  window_minutes: z.number().int().positive(),
  active_users: count(FIGURE_DEFINITIONS.activeUsers),
  active_visitors: count(FIGURE_DEFINITIONS.visitorsNow),
  users: z.array(CurrentUserSchema),
});
export type AnalyticsCurrentUsersResponse = z.infer<typeof AnalyticsCurrentUsersResponseSchema>;

export const AnalyticsBasicStatsQuerySchema = EmptyBodySchema;
export type AnalyticsBasicStatsQuery = z.infer<typeof AnalyticsBasicStatsQuerySchema>;
const CountsSchema = z.object({
  analytics_sessions: count(FIGURE_DEFINITIONS.sessions),
  unique_users: count(FIGURE_DEFINITIONS.users),
  anonymous_sessions: count(FIGURE_DEFINITIONS.anonymousSessions),
  page_visits: count(FIGURE_DEFINITIONS.pageVisits),
  actions: count(FIGURE_DEFINITIONS.actions),
  visitor_sessions: count(FIGURE_DEFINITIONS.visits),
  visitor_page_views: count(FIGURE_DEFINITIONS.pageViews),
});
/** All-time and today's (UTC) counts. */
export const AnalyticsBasicStatsResponseSchema = z.object({
  as_of: IsoDateTimeSchema,
  all_time: CountsSchema,
  today: CountsSchema,
});
export type AnalyticsBasicStatsResponse = z.infer<typeof AnalyticsBasicStatsResponseSchema>;

// ---- RPC payloads ---------------------------------------------------------------------------

export const AnalyticsSessionStartPayloadSchema = withOptionalCaller(AnalyticsSessionStartRequestSchema);
export type AnalyticsSessionStartPayload = z.infer<typeof AnalyticsSessionStartPayloadSchema>;
export const AnalyticsSessionEndPayloadSchema = withOptionalCaller(AnalyticsSessionEndRequestSchema);
export type AnalyticsSessionEndPayload = z.infer<typeof AnalyticsSessionEndPayloadSchema>;
export const AnalyticsPageVisitPayloadSchema = withOptionalCaller(AnalyticsPageVisitRequestSchema);
export type AnalyticsPageVisitPayload = z.infer<typeof AnalyticsPageVisitPayloadSchema>;
export const AnalyticsActionPayloadSchema = withOptionalCaller(AnalyticsActionRequestSchema);
export type AnalyticsActionPayload = z.infer<typeof AnalyticsActionPayloadSchema>;
export const AnalyticsOverviewPayloadSchema = withCaller(AnalyticsOverviewQuerySchema);
export type AnalyticsOverviewPayload = z.infer<typeof AnalyticsOverviewPayloadSchema>;
export const AnalyticsCurrentUsersPayloadSchema = withCaller(AnalyticsCurrentUsersQuerySchema);
export type AnalyticsCurrentUsersPayload = z.infer<typeof AnalyticsCurrentUsersPayloadSchema>;
export const AnalyticsBasicStatsPayloadSchema = withCaller(AnalyticsBasicStatsQuerySchema);
export type AnalyticsBasicStatsPayload = z.infer<typeof AnalyticsBasicStatsPayloadSchema>;

/** Analytics patterns of services/tracking (collected into TRACKING in visitor.ts). */
export const ANALYTICS_RPC = {
  analyticsSessionStart: defineRpc('tracking', 'analyticsSessionStart', AnalyticsSessionStartPayloadSchema, AnalyticsSessionStartResponseSchema, { sideEffects: true }),
  analyticsSessionEnd: defineRpc('tracking', 'analyticsSessionEnd', AnalyticsSessionEndPayloadSchema, AnalyticsSessionEndResponseSchema),
  analyticsPageVisit: defineRpc('tracking', 'analyticsPageVisit', AnalyticsPageVisitPayloadSchema, AnalyticsRecordedResponseSchema, { sideEffects: true }),
  analyticsAction: defineRpc('tracking', 'analyticsAction', AnalyticsActionPayloadSchema, AnalyticsRecordedResponseSchema, { sideEffects: true }),
  analyticsOverview: defineRpc('tracking', 'analyticsOverview', AnalyticsOverviewPayloadSchema, AnalyticsOverviewResponseSchema, 15_000),
  analyticsCurrentUsers: defineRpc('tracking', 'analyticsCurrentUsers', AnalyticsCurrentUsersPayloadSchema, AnalyticsCurrentUsersResponseSchema),
  analyticsBasicStats: defineRpc('tracking', 'analyticsBasicStats', AnalyticsBasicStatsPayloadSchema, AnalyticsBasicStatsResponseSchema, 10_000),
};

// ---- HTTP routes ----------------------------------------------------------------------------

export const ANALYTICS_ROUTES = {
  analyticsSessionStart: defineRoute({
    method: 'POST',
    path: ANALYTICS_PATHS.analyticsSessionStart,
    tag: TAG,
    summary: 'Open an analytics session on the given page.',
    auth: 'optional',
    input: AnalyticsSessionStartRequestSchema,
    response: AnalyticsSessionStartResponseSchema,
    rpc: ANALYTICS_RPC.analyticsSessionStart,
  }),
  analyticsSessionEnd: defineRoute({
    method: 'POST',
    path: ANALYTICS_PATHS.analyticsSessionEnd,
    tag: TAG,
    summary: 'Close the analytics session.',
    auth: 'optional',
    input: AnalyticsSessionEndRequestSchema,
    response: AnalyticsSessionEndResponseSchema,
    rpc: ANALYTICS_RPC.analyticsSessionEnd,
  }),
  analyticsPageVisit: defineRoute({
    method: 'POST',
    path: ANALYTICS_PATHS.analyticsPageVisit,
    tag: TAG,
    summary: 'Record a page visit in the analytics session.',
    auth: 'optional',
    input: AnalyticsPageVisitRequestSchema,
    response: AnalyticsRecordedResponseSchema,
    rpc: ANALYTICS_RPC.analyticsPageVisit,
  }),
  analyticsAction: defineRoute({
    method: 'POST',
    path: ANALYTICS_PATHS.analyticsAction,
    tag: TAG,
    summary: 'Record a user action (and its outcome) in the analytics session.',
    auth: 'optional',
    input: AnalyticsActionRequestSchema,
    response: AnalyticsRecordedResponseSchema,
    rpc: ANALYTICS_RPC.analyticsAction,
  }),
  analyticsOverview: defineRoute({
    method: 'GET',
    path: ANALYTICS_PATHS.analyticsOverview,
    tag: TAG,
    summary: 'Admin: usage overview of the last N days (default 7).',
    auth: 'admin',
    input: AnalyticsOverviewQuerySchema,
    response: AnalyticsOverviewResponseSchema,
    rpc: ANALYTICS_RPC.analyticsOverview,
  }),
  analyticsCurrentUsers: defineRoute({
    method: 'GET',
    path: ANALYTICS_PATHS.analyticsCurrentUsers,
    tag: TAG,
    summary: 'Admin: users and visitors active in the last few minutes.',
    auth: 'admin',
    input: AnalyticsCurrentUsersQuerySchema,
    response: AnalyticsCurrentUsersResponseSchema,
    rpc: ANALYTICS_RPC.analyticsCurrentUsers,
  }),
  // SPEC section 7 writes ".../current-users" and ".../basic-stats" beside ".../dashboard/overview": answered at both.
  analyticsCurrentUsersShort: defineRoute({
    method: 'GET',
    path: ANALYTICS_PATHS.analyticsCurrentUsersShort,
    tag: TAG,
    summary: 'Admin: the same as /api/analytics/dashboard/current-users.',
    auth: 'admin',
    input: AnalyticsCurrentUsersQuerySchema,
    response: AnalyticsCurrentUsersResponseSchema,
    rpc: ANALYTICS_RPC.analyticsCurrentUsers,
  }),
  analyticsBasicStatsShort: defineRoute({
    method: 'GET',
    path: ANALYTICS_PATHS.analyticsBasicStatsShort,
    tag: TAG,
    summary: 'Admin: the same as /api/analytics/dashboard/basic-stats.',
    auth: 'admin',
    input: AnalyticsBasicStatsQuerySchema,
    response: AnalyticsBasicStatsResponseSchema,
    rpc: ANALYTICS_RPC.analyticsBasicStats,
  }),
  analyticsBasicStats: defineRoute({
    method: 'GET',
    path: ANALYTICS_PATHS.analyticsBasicStats,
    tag: TAG,
    summary: 'Admin: usage counts, all-time and for today.',
    auth: 'admin',
    input: AnalyticsBasicStatsQuerySchema,
    response: AnalyticsBasicStatsResponseSchema,
    rpc: ANALYTICS_RPC.analyticsBasicStats,
  }),
};
