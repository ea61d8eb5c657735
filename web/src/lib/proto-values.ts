/**
 * Plain values of @nivesh/proto that the app needs before (or without) its contracts. They are copied
 * here, not imported, because every proto module loads zod, which only loads on first use
 * (lib/contracts.ts); proto-values.test.ts checks that each copy equals proto's.
 */
import type { RouteName } from '@nivesh/proto';

/** The path of every API route the app calls, as proto's `ROUTES` declares it. */
export const ROUTE_PATHS = {
  me: '/me',
  logout: '/logout',
  forgotPassword: '/api/auth/forgot-password',
  getUserEmail: '/get-user-email',
  loginRequestOtp: '/login-request-otp',
  loginVerifyOtp: '/login-verify-otp',
  registerRequestOtp: '/register-request-otp',
  registerVerifyOtp: '/register-verify-otp',
  resendOtp: '/resend-otp',
  resetPassword: '/api/auth/reset-password',
  premiumStatus: '/api/premium/status',
  premiumSubscribe: '/api/premium/subscribe',
  premiumDevice: '/api/premium/device',
  premiumCancel: '/api/premium/cancel',
  chatSentimentStart: '/chat/sentiment/start',
  chatTechnicalStart: '/chat/technical/start',
  chatSentimentQuery: '/chat/sentiment/query',
  chatTechnicalQuery: '/chat/technical/query',
  predict: '/predict',
  predictionAccuracy: '/api/predictions/accuracy',
  predictionLiveRecord: '/api/predictions/live-record',
  marketStatus: '/api/market/status',
  marketFreshness: '/api/market/freshness',
  marketSymbols: '/api/market/symbols',
  marketQuote: '/api/market/quote',
  marketHistory: '/api/market/history',
  marketIndicators: '/api/market/indicators',
  marketOverview: '/api/market/overview',
  marketSummary: '/api/market/summary',
  marketSentiment: '/api/market/sentiment',
  marketRisk: '/api/market/risk',
  marketInsights: '/api/market/insights',
  systemStatus: '/api/system/status',
  systemCompliance: '/api/system/compliance',
  adminUsers: '/api/admin/users',
  adminSetRole: '/api/admin/users/role',
  adminSetStatus: '/api/admin/users/status',
  adminAudit: '/api/admin/audit',
  adminQueuesSession: '/api/admin/queues/session',
  visitorTrack: '/api/visitor/track',
  visitorSessionEnd: '/api/visitor/session/end',
  analyticsSessionStart: '/api/analytics/session/start',
  analyticsSessionEnd: '/api/analytics/session/end',
  analyticsPageVisit: '/api/analytics/session/page-visit',
  analyticsAction: '/api/analytics/session/action',
  analyticsOverview: '/api/analytics/dashboard/overview',
  analyticsCurrentUsers: '/api/analytics/dashboard/current-users',
  analyticsBasicStats: '/api/analytics/dashboard/basic-stats',
} as const satisfies Partial<Record<RouteName, string>>;

/** Session lifetime from login (section 6): proto's `SESSION_TTL_HOURS`. */
export const SESSION_TTL_HOURS = 720;

/** The monthly premium price in rupees: proto's `PREMIUM_PRICE_INR_PER_MONTH`. */
export const PREMIUM_PRICE_INR_PER_MONTH = 200;

/** The plan a subscription starts on unless another is named: proto's `DEFAULT_PLAN_ID`. */
export const DEFAULT_PLAN_ID = 'premium_monthly';

/** The longest device fingerprint the server accepts: proto's `DEVICE_FINGERPRINT_MAX_LENGTH`. */
export const DEVICE_FINGERPRINT_MAX_LENGTH = 8_192;

/** The services that answer RPC; each RPC pattern starts with one ('prediction.predict'): proto's `SERVICE_NAMES`. */
export const SERVICE_NAMES = ['auth', 'premium', 'chat', 'prediction', 'tracking', 'market', 'portfolio', 'content'] as const;

/** The visitor tracking client's heartbeat period while the tab is visible (section 9): proto's `VISITOR_HEARTBEAT_INTERVAL_MS`. */
export const VISITOR_HEARTBEAT_INTERVAL_MS = 30_000;

/** The days the analytics overview covers unless asked (section 9): proto's `ANALYTICS_DEFAULT_DAYS`. */
export const ANALYTICS_DEFAULT_DAYS = 7;

/** A visitor or user counts as current when seen within this many minutes: proto's `CURRENT_USERS_WINDOW_MINUTES`. */
export const CURRENT_USERS_WINDOW_MINUTES = 5;

/**
 * The date of the SEBI circular on price data in education that the `education` compliance profile follows:
 * proto's `SEBI_PRICE_DATA_CIRCULAR.date`.
 */
export const SEBI_PRICE_DATA_CIRCULAR_DATE = '2026-05-08';
