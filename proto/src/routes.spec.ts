import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import type { RouteDefinition } from './http';
import { CallerSchema, SERVICE_NAMES, isFeaturePattern } from './rpc';
import { ROUTES, RPC, patternsOf } from './routes';
import { ROUTE_PATHS } from './values';

/**
 * Section 7 of the specification (with its short analytics paths beside proto's dashboard ones), plus the system ping,
 * the administrators' system status and the account administration of the admin pages (section 2).
 */
const EXPECTED: Array<[string, 'GET' | 'POST', string, RouteDefinition['auth']]> = [
  ['registerRequestOtp', 'POST', '/register-request-otp', 'none'],
  ['registerVerifyOtp', 'POST', '/register-verify-otp', 'none'],
  ['loginRequestOtp', 'POST', '/login-request-otp', 'none'],
  ['loginVerifyOtp', 'POST', '/login-verify-otp', 'none'],
  ['getUserEmail', 'POST', '/get-user-email', 'none'],
  ['resendOtp', 'POST', '/resend-otp', 'none'],
  ['forgotPassword', 'POST', '/api/auth/forgot-password', 'none'],
  ['resetPassword', 'POST', '/api/auth/reset-password', 'none'],
  ['login', 'POST', '/auth/login', 'none'],
  ['me', 'GET', '/me', 'user'],
  ['logout', 'POST', '/logout', 'user'],
  ['premiumStatus', 'GET', '/api/premium/status', 'user'],
  ['premiumSubscribe', 'POST', '/api/premium/subscribe', 'user'],
  ['premiumDevice', 'POST', '/api/premium/device', 'user'],
  ['premiumCancel', 'POST', '/api/premium/cancel', 'user'],
  ['chatSentimentStart', 'POST', '/chat/sentiment/start', 'none'],
  ['chatTechnicalStart', 'POST', '/chat/technical/start', 'none'],
  ['chatSentimentQuery', 'POST', '/chat/sentiment/query', 'none'],
  ['chatTechnicalQuery', 'POST', '/chat/technical/query', 'none'],
  ['hubStream', 'GET', '/api/hub/stream', 'user'],
  ['hubReport', 'GET', '/api/hub/report', 'user'],
  ['predict', 'POST', '/predict', 'optional'],
  ['predictionAccuracy', 'GET', '/api/predictions/accuracy', 'none'],
  ['predictionLiveRecord', 'GET', '/api/predictions/live-record', 'none'],
  ['analyticsSessionStart', 'POST', '/api/analytics/session/start', 'optional'],
  ['analyticsSessionEnd', 'POST', '/api/analytics/session/end', 'optional'],
  ['analyticsPageVisit', 'POST', '/api/analytics/session/page-visit', 'optional'],
  ['analyticsAction', 'POST', '/api/analytics/session/action', 'optional'],
  ['analyticsOverview', 'GET', '/api/analytics/dashboard/overview', 'admin'],
  ['analyticsCurrentUsers', 'GET', '/api/analytics/dashboard/current-users', 'admin'],
  ['analyticsCurrentUsersShort', 'GET', '/api/analytics/current-users', 'admin'],
  ['analyticsBasicStatsShort', 'GET', '/api/analytics/basic-stats', 'admin'],
  ['analyticsBasicStats', 'GET', '/api/analytics/dashboard/basic-stats', 'admin'],
  ['adminUsers', 'GET', '/api/admin/users', 'admin'],
  ['adminSetRole', 'POST', '/api/admin/users/role', 'admin'],
  ['adminSetStatus', 'POST', '/api/admin/users/status', 'admin'],
  ['adminAudit', 'GET', '/api/admin/audit', 'admin'],
  ['adminQueuesSession', 'POST', '/api/admin/queues/session', 'admin'],
  ['visitorTrack', 'POST', '/api/visitor/track', 'none'],
  ['visitorSessionEnd', 'POST', '/api/visitor/session/end', 'none'],
  ['marketSearch', 'GET', '/api/market/search', 'none'],
  ['marketQuote', 'GET', '/api/market/quote', 'none'],
  ['marketHistory', 'GET', '/api/market/history', 'none'],
  ['marketIndicators', 'GET', '/api/market/indicators', 'none'],
  ['marketStatus', 'GET', '/api/market/status', 'none'],
  ['marketFreshness', 'GET', '/api/market/freshness', 'none'],
  ['marketSymbols', 'GET', '/api/market/symbols', 'none'],
  ['marketSummary', 'GET', '/api/market/summary', 'none'],
  ['marketOverview', 'GET', '/api/market/overview', 'none'],
  ['marketSentiment', 'GET', '/api/market/sentiment', 'none'],
  ['marketRisk', 'GET', '/api/market/risk', 'none'],
  ['marketInsights', 'GET', '/api/market/insights', 'none'],
  ['fundamentalsScreener', 'GET', '/api/fundamentals/screener', 'user'],
  ['fundamentalsValuation', 'GET', '/api/fundamentals/stock', 'user'],
  ['fundamentalsBacktest', 'GET', '/api/fundamentals/backtest', 'user'],
  ['news', 'GET', '/api/news', 'none'],
  ['portfolioTransactions', 'GET', '/api/portfolio/transactions', 'user'],
  ['portfolioAddTransaction', 'POST', '/api/portfolio/transactions', 'user'],
  ['portfolioDeleteTransaction', 'POST', '/api/portfolio/transactions/delete', 'user'],
  ['portfolioImport', 'POST', '/api/portfolio/import', 'user'],
  ['portfolioSummary', 'GET', '/api/portfolio', 'user'],
  ['portfolioExample', 'GET', '/api/portfolio/example', 'none'],
  ['portfolioWhatIf', 'GET', '/api/portfolio/what-if', 'user'],
  ['portfolioWatchlists', 'GET', '/api/portfolio/watchlists', 'user'],
  ['portfolioCreateWatchlist', 'POST', '/api/portfolio/watchlists', 'user'],
  ['portfolioDeleteWatchlist', 'POST', '/api/portfolio/watchlists/delete', 'user'],
  ['portfolioAddToWatchlist', 'POST', '/api/portfolio/watchlists/add', 'user'],
  ['portfolioRemoveFromWatchlist', 'POST', '/api/portfolio/watchlists/remove', 'user'],
  ['portfolioAlerts', 'GET', '/api/portfolio/alerts', 'user'],
  ['portfolioCreateAlert', 'POST', '/api/portfolio/alerts', 'user'],
  ['portfolioDeleteAlert', 'POST', '/api/portfolio/alerts/delete', 'user'],
  ['notifications', 'GET', '/api/notifications', 'user'],
  ['notificationsUnread', 'GET', '/api/notifications/unread', 'user'],
  ['notificationsRead', 'POST', '/api/notifications/read', 'user'],
  ['blogPosts', 'GET', '/api/blog/posts', 'optional'],
  ['blogPost', 'GET', '/api/blog/post', 'optional'],
  ['blogTags', 'GET', '/api/blog/tags', 'none'],
  ['blogAdminPosts', 'GET', '/api/blog/admin/posts', 'admin'],
  ['blogAdminPost', 'GET', '/api/blog/admin/post', 'admin'],
  ['blogCreatePost', 'POST', '/api/blog/admin/posts', 'admin'],
  ['blogUpdatePost', 'POST', '/api/blog/admin/posts/update', 'admin'],
  ['blogPublishPost', 'POST', '/api/blog/admin/posts/publish', 'admin'],
  ['blogUnpublishPost', 'POST', '/api/blog/admin/posts/unpublish', 'admin'],
  ['blogDeletePost', 'POST', '/api/blog/admin/posts/delete', 'admin'],
  ['blogPreview', 'POST', '/api/blog/admin/preview', 'admin'],
  ['systemPing', 'GET', '/api/system/ping', 'none'],
  ['systemCompliance', 'GET', '/api/system/compliance', 'none'],
  ['systemStatus', 'GET', '/api/system/status', 'admin'],
];

/** Routes the gateway answers itself, with no pattern of their own: visitor events go onto a queue, not over RPC. */
const HAND_WRITTEN = new Set(['hubStream', 'systemPing', 'systemCompliance', 'systemStatus', 'adminQueuesSession', 'visitorTrack', 'visitorSessionEnd']);

const routes = Object.entries(ROUTES) as Array<[string, RouteDefinition]>;
const caller = { user_id: 'u1', session_id: 's1', is_admin: true };

/** A body each route accepts, so payload schemas can be exercised; a route that takes no fields needs none here. */
const SAMPLE_INPUT: Record<string, unknown> = {
  blogPosts: { tag: 'RSI' },
  blogPost: { slug: 'reading-rsi' },
  blogAdminPosts: {},
  blogAdminPost: { id: 'p-1' },
  blogCreatePost: { title: 'Reading RSI', markdown: 'The **RSI** compares gains with losses.', tags: ['RSI'] },
  blogUpdatePost: { id: 'p-1', title: 'Reading RSI', markdown: 'Text.', slug: 'reading-rsi', excerpt: 'A summary.' },
  blogPublishPost: { id: 'p-1' },
  blogUnpublishPost: { id: 'p-1' },
  blogDeletePost: { id: 'p-1' },
  blogPreview: { markdown: '# Hello' },
  hubStream: { symbol: 'reliance' },
  hubReport: { symbol: 'INFY' },
  news: { symbol: 'infy', kind: 'results', page: '2' },
  registerRequestOtp: { username: 'asha', email: 'asha@example.in', password: 'secret123' },
  registerVerifyOtp: { email: 'asha@example.in', otp: '123456' },
  loginRequestOtp: { username: 'asha', password: 'secret123' },
  loginVerifyOtp: { username: 'asha', otp: '123456' },
  getUserEmail: { username: 'asha' },
  resendOtp: { email: 'asha@example.in', otp_type: 'login' },
  forgotPassword: { username: 'asha', email: 'asha@example.in' },
  resetPassword: { username: 'asha', email: 'asha@example.in', otp: '123456', new_password: 'secret456' },
  login: { username: 'asha', password: 'secret123', otp: '123456' },
  me: {},
  logout: {},
  premiumStatus: { device_fingerprint: 'fp', ip_address: 'unknown' },
  premiumSubscribe: { plan_id: 'premium_monthly', device_fingerprint: 'fp', ip_address: '203.0.113.9' },
  premiumDevice: { device_fingerprint: 'fp', ip_address: 'unknown' },
  premiumCancel: {},
  chatSentimentStart: {},
  chatTechnicalStart: {},
  chatSentimentQuery: { context_id: 'c', session_id: 's', user_query: 'What is sentiment?' },
  chatTechnicalQuery: { context_id: 'c', session_id: 's', user_query: 'What is RSI?' },
  predict: { ticker: 'reliance' },
  predictionAccuracy: {},
  predictionLiveRecord: {},
  analyticsSessionStart: { page_name: 'dashboard' },
  analyticsSessionEnd: {},
  analyticsPageVisit: { page_name: 'chat', referrer_page: 'dashboard' },
  analyticsAction: { action_type: 'click', action_category: 'nav', action_target: 'sidebar', page_name: 'chat' },
  analyticsOverview: { days: '14' },
  analyticsCurrentUsers: {},
  analyticsBasicStats: {},
  analyticsCurrentUsersShort: {},
  analyticsBasicStatsShort: {},
  adminUsers: { q: 'asha', page: '2' },
  adminSetRole: { user_id: 'u2', is_admin: true },
  adminSetStatus: { user_id: 'u2', disabled: true },
  adminAudit: {},
  adminQueuesSession: {},
  visitorTrack: { session_id: 'v_1_abc', page_url: '/', user_agent: 'UA', screen_resolution: '1x1', page_load_time: 12 },
  visitorSessionEnd: { session_id: 'v_1_abc', total_duration: 1000, pages_visited: 2, total_page_views: 3 },
  marketSearch: { q: 'reli' },
  marketQuote: { symbol: 'RELIANCE' },
  marketHistory: { symbol: 'M&M', range: '5y', adjusted: true },
  marketIndicators: { symbol: 'INFY', range: '1m' },
  marketStatus: {},
  marketFreshness: {},
  marketSymbols: {},
  marketSummary: { symbol: 'INFY' },
  marketOverview: {},
  marketSentiment: { range: '1y' },
  marketRisk: { symbol: 'INFY', range: '5y' },
  marketInsights: { symbol: 'TCS' },
  fundamentalsScreener: { pe_max: '25', roe_min: '15' },
  fundamentalsValuation: { symbol: 'infy' },
  fundamentalsBacktest: {},
  portfolioTransactions: {},
  portfolioAddTransaction: { symbol: 'infy', date: '2024-01-15', kind: 'buy', quantity: 10, price: 1600.5 },
  portfolioDeleteTransaction: { id: 'tx-1' },
  portfolioImport: { csv: 'symbol,isin,trade_date\n' },
  portfolioSummary: {},
  portfolioExample: {},
  portfolioWatchlists: {},
  portfolioCreateWatchlist: { name: 'Banks' },
  portfolioDeleteWatchlist: { id: 'w-1' },
  portfolioAddToWatchlist: { id: 'w-1', symbol: 'hdfcbank' },
  portfolioRemoveFromWatchlist: { id: 'w-1', symbol: 'HDFCBANK' },
  portfolioWhatIf: {},
  portfolioAlerts: {},
  portfolioCreateAlert: { symbol: 'reliance', rule: { kind: 'price_above', params: { level: 3000 } } },
  portfolioDeleteAlert: { id: 'a-1' },
  notifications: {},
  notificationsUnread: {},
  notificationsRead: { ids: ['n-1'] },
  systemPing: {},
  systemStatus: {},
  systemCompliance: {},
};

describe('ROUTES', () => {
  it('holds exactly the calls of the specification, at their method and path', () => {
    expect(routes.map(([name, route]) => [name, route.method, route.path, route.auth])).toEqual(EXPECTED);
  });

  it('has one route per method and path', () => {
    const keys = routes.map(([, route]) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('answers visitor tracking with 202 and everything else with 200', () => {
    for (const [name, route] of routes) {
      expect([name, route.status ?? 200]).toEqual([name, name.startsWith('visitor') ? 202 : 200]);
    }
  });

  it('gives the client timeouts of the specification', () => {
    expect(ROUTES.loginRequestOtp.clientTimeoutMs).toBe(60_000);
    expect(ROUTES.loginVerifyOtp.clientTimeoutMs).toBe(30_000);
  });

  it('rate-limits every auth route that takes credentials or sends mail', () => {
    for (const [name, route] of routes.filter(([, r]) => r.tag === 'auth' && r.auth === 'none')) {
      expect([name, route.rateLimitPerMinute]).toEqual([name, expect.any(Number)]);
      expect(route.rateLimitPerMinute).toBeLessThanOrEqual(20);
    }
  });

  it('gives every route a one-line summary and its area as tag', () => {
    for (const [, route] of routes) {
      expect(route.summary).toMatch(/^\S[^\n]{5,}$/);
    }
    expect(new Set(routes.map(([, route]) => route.tag))).toEqual(
      new Set(['auth', 'premium', 'chat', 'prediction', 'analytics', 'admin', 'visitor', 'market', 'portfolio', 'hub', 'blog', 'system']),
    );
  });

  it('accepts the sample body of every route', () => {
    for (const [name, route] of routes) {
      const result = route.input.safeParse(SAMPLE_INPUT[name] ?? {});
      expect([name, result.success]).toEqual([name, true]);
    }
  });
});

describe('RPC patterns', () => {
  const all = SERVICE_NAMES.flatMap((service) => patternsOf(service));

  it('has every service of SERVICE_NAMES, each answering health and ping', () => {
    expect(Object.keys(RPC).sort()).toEqual([...SERVICE_NAMES].sort());
    for (const service of SERVICE_NAMES) {
      const patterns = patternsOf(service).map((definition) => definition.pattern);
      expect(patterns).toEqual(expect.arrayContaining([`${service}.health`, `${service}.ping`]));
      for (const definition of patternsOf(service)) expect(definition.service).toBe(service);
    }
  });

  it('tell feature calls from the system health and ping', () => {
    expect(patternsOf('market').filter(isFeaturePattern).map((definition) => definition.pattern)).toEqual(['market.search', 'market.quote', 'market.history', 'market.indicators', 'market.status', 'market.symbols', 'market.version', 'market.summary', 'market.overview', 'market.sentiment', 'market.risk', 'market.insights', 'market.screener', 'market.valuation', 'market.valueBacktest', 'market.freshness', 'market.ingestRuns', 'market.news']);
    const auth = patternsOf('auth').filter(isFeaturePattern).map((definition) => definition.pattern);
    expect(auth).toContain('auth.loginVerifyOtp');
    expect(auth).not.toContain('auth.health');
    expect(auth).not.toContain('auth.ping');
  });

  it('are unique across the system', () => {
    const patterns = all.map((definition) => definition.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('give each call a deadline', () => {
    for (const definition of all) expect(definition.deadlineMs).toBeGreaterThan(0);
  });

  it('back every route but the system ones, with a pattern of a known service', () => {
    const known = new Set(all);
    for (const [name, route] of routes) {
      if (HAND_WRITTEN.has(name)) {
        expect(route.rpc).toBeUndefined();
        continue;
      }
      expect(route.rpc).toBeDefined();
      expect(SERVICE_NAMES).toContain(route.rpc?.service);
      expect(route.rpc?.pattern.startsWith(`${route.rpc?.service}.`)).toBe(true);
      expect(known.has(route.rpc!)).toBe(true);
    }
  });

  it('route analytics calls to tracking and account administration to auth; visitor calls have no pattern', () => {
    for (const [, route] of routes.filter(([, r]) => r.tag === 'analytics')) expect(route.rpc?.service).toBe('tracking');
    for (const [, route] of routes.filter(([, r]) => r.tag === 'admin' && r.rpc)) expect(route.rpc?.service).toBe('auth');
    for (const [, route] of routes.filter(([, r]) => r.tag === 'visitor')) expect(route.rpc).toBeUndefined();
  });

  it.each(routes.filter(([name]) => !HAND_WRITTEN.has(name)))('%s: the payload is the parsed input plus the caller its auth calls for', (name, route) => {
    const input = route.input.parse(SAMPLE_INPUT[name] ?? {}) as Record<string, unknown>;
    const payload = route.rpc!.payload;
    if (route.auth === 'user' || route.auth === 'admin') {
      expect(payload.safeParse(input).success).toBe(false);
      expect(payload.parse({ ...input, caller })).toEqual({ ...input, caller });
      if (route.clientIp) expect(payload.parse({ ...input, caller, client_ip: '203.0.113.7' })).toEqual({ ...input, caller, client_ip: '203.0.113.7' });
    } else if (route.auth === 'optional') {
      expect(payload.parse(input)).toEqual(input);
      expect(payload.parse({ ...input, caller })).toEqual({ ...input, caller });
    } else {
      expect(payload.parse(input)).toEqual(input);
    }
  });

  it('caller-bearing payloads use the shared CallerSchema', () => {
    const withCaller = routes.filter(([name, route]) => !HAND_WRITTEN.has(name) && (route.auth === 'user' || route.auth === 'admin'));
    for (const [, route] of withCaller) {
      const shape = (route.rpc!.payload as z.ZodObject).shape as Record<string, z.ZodType>;
      expect(shape.caller).toBe(CallerSchema);
    }
  });
});

describe('proto/values: the zod-free entry the web imports', () => {
  it('names every route by its path, and no route ROUTES does not have', () => {
    expect(Object.keys(ROUTE_PATHS).sort()).toEqual(Object.keys(ROUTES).sort());
    for (const [name, route] of Object.entries(ROUTES)) expect([name, route.path]).toEqual([name, ROUTE_PATHS[name as keyof typeof ROUTE_PATHS]]);
  });

  it('imports nothing but its own modules, so loading it never loads zod or the contracts', () => {
    const folder = path.join(__dirname, 'values');
    for (const file of readdirSync(folder)) {
      const sources = [...readFileSync(path.join(folder, file), 'utf8').matchAll(/^(?:import|export)\b[^;]*?from '([^']+)'/gm)].map((match) => match[1]);
      expect([file, sources.filter((source) => !/^\.\/[\w-]+$/.test(source!))]).toEqual([file, []]);
    }
  });
});
