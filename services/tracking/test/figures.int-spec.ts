import { createHash, randomUUID } from 'node:crypto';
import type { Caller } from '@nivesh/proto';
import { parseConfig, startService } from '@nivesh/platform';
import Redis from 'ioredis';
import { Client } from 'pg';
import { StatisticsService } from '../src/analytics/statistics.service';
import { AppModule } from '../src/app.module';
import { ConfigSchema } from '../src/config';
import { addDays, type Day } from '../src/days';
import { RollupsRepository } from '../src/visitors/rollups.repository';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nivesh';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * One fixture day, far from the days other specs write, read as both dashboards read it. The day's data repeats what
 * the issue saw: one visitor with many session ids, a visitor whose session ended, a tab that only sends heartbeats,
 * an event just before midnight, and analytics sessions started without signing in.
 */
const DAY: Day = '2040-06-14';
const EVE: Day = addDays(DAY, -1);
const NOW = new Date(`${DAY}T18:00:00.000Z`);
const at = (day: Day, time: string) => `${day}T${time}.000Z`;
const hash = (name: string) => createHash('sha256').update(`figures-${name}`).digest('hex').slice(0, 32);
const CALLER: Caller = { user_id: 'figures-admin', session_id: 'figures-session', is_admin: true };

type Kind = 'pageview' | 'heartbeat' | 'session_end';
type FixtureEvent = { visitor: string; session: string; kind: Kind; at: string; path?: string };

const EVENTS: FixtureEvent[] = [
  // A: a visit of two pages that ended, then two tabs open now.
  { visitor: 'a', session: 'a1', kind: 'pageview', at: at(DAY, '09:00:00'), path: '/' },
  { visitor: 'a', session: 'a1', kind: 'pageview', at: at(DAY, '09:01:00'), path: '/technical-analysis' },
  { visitor: 'a', session: 'a1', kind: 'session_end', at: at(DAY, '09:05:00') },
  { visitor: 'a', session: 'a2', kind: 'pageview', at: at(DAY, '17:57:00'), path: '/chat' },
  { visitor: 'a', session: 'a2', kind: 'heartbeat', at: at(DAY, '17:58:00'), path: '/chat' },
  { visitor: 'a', session: 'a3', kind: 'pageview', at: at(DAY, '17:59:00'), path: '/about' },
  // B: active a minute ago, but the visit has ended.
  { visitor: 'b', session: 'b1', kind: 'pageview', at: at(DAY, '17:50:00'), path: '/' },
  { visitor: 'b', session: 'b1', kind: 'heartbeat', at: at(DAY, '17:56:00'), path: '/' },
  { visitor: 'b', session: 'b1', kind: 'session_end', at: at(DAY, '17:58:00') },
  // C: a tab left open since yesterday: only heartbeats today, so a visitor (and on the site now) but no visit today.
  { visitor: 'c', session: 'c1', kind: 'heartbeat', at: at(DAY, '17:59:30'), path: '/ai-news' },
  // D: one page in the morning (a bounce).
  { visitor: 'd', session: 'd1', kind: 'pageview', at: at(DAY, '08:00:00'), path: '/ai-news' },
  // E: one browser that made up a new session id for each of 13 page views in the last minutes.
  ...Array.from({ length: 13 }, (_, index): FixtureEvent => ({ visitor: 'e', session: `e${index}`, kind: 'pageview', at: at(DAY, `17:5${index % 10}:10`), path: 'other' })),
  // F: a visit just before midnight of the eve.
  { visitor: 'f', session: 'f1', kind: 'pageview', at: at(EVE, '23:58:00'), path: '/' },
];

type FixtureSession = { id: string; user: string | null; started: string; lastSeen: string; ended: boolean; extraVisits: number; actions: number };

const SESSIONS: FixtureSession[] = [
  { id: randomUUID(), user: 'figures-u1', started: at(DAY, '09:00:00'), lastSeen: at(DAY, '09:30:00'), ended: true, extraVisits: 2, actions: 3 },
  { id: randomUUID(), user: 'figures-u1', started: at(DAY, '12:00:00'), lastSeen: at(DAY, '17:58:00'), ended: false, extraVisits: 0, actions: 1 },
  { id: randomUUID(), user: 'figures-u2', started: at(DAY, '10:00:00'), lastSeen: at(DAY, '10:20:00'), ended: false, extraVisits: 1, actions: 0 },
  // Started without signing in: sessions, but no users.
  { id: randomUUID(), user: null, started: at(DAY, '11:00:00'), lastSeen: at(DAY, '17:59:00'), ended: false, extraVisits: 0, actions: 2 },
  { id: randomUUID(), user: null, started: at(DAY, '13:00:00'), lastSeen: at(DAY, '13:01:00'), ended: true, extraVisits: 0, actions: 0 },
  { id: randomUUID(), user: null, started: at(DAY, '14:00:00'), lastSeen: at(DAY, '14:01:00'), ended: true, extraVisits: 0, actions: 0 },
  { id: randomUUID(), user: null, started: at(EVE, '20:00:00'), lastSeen: at(EVE, '20:05:00'), ended: true, extraVisits: 0, actions: 0 },
];

/** Each figure worked out here from the fixture by its definition in proto's FIGURE_DEFINITIONS. */
const expected = (() => {
  const on = (day: Day) => EVENTS.filter((event) => event.at.startsWith(day));
  const visitors = (day: Day) => new Set(on(day).map((event) => event.visitor)).size;
  const visits = (day: Day) => new Set(on(day).filter((event) => event.kind === 'pageview').map((event) => event.session)).size;
  const pageViews = (day: Day) => on(day).filter((event) => event.kind === 'pageview').length;
  const sessionsOn = (day: Day) => SESSIONS.filter((session) => session.started.startsWith(day));
  return {
    day: {
      visitors: visitors(DAY),
      visitor_sessions: visits(DAY),
      visitor_page_views: pageViews(DAY),
      sessions: sessionsOn(DAY).length,
      unique_users: new Set(sessionsOn(DAY).flatMap((session) => (session.user ? [session.user] : []))).size,
      anonymous_sessions: sessionsOn(DAY).filter((session) => session.user === null).length,
    },
    period: {
      visitors: visitors(DAY) + visitors(EVE),
      visits: visits(DAY) + visits(EVE),
      pageViews: pageViews(DAY) + pageViews(EVE),
      sessions: SESSIONS.length,
      users: new Set(SESSIONS.flatMap((session) => (session.user ? [session.user] : []))).size,
      anonymousSessions: SESSIONS.filter((session) => session.user === null).length,
    },
    // a (two open tabs), c (heartbeats) and e (13 session ids): three people, sixteen session ids.
    visitorsNow: 3,
    usersNow: 1,
  };
})();

describe('the figures of /analytics and /admin/visitor-analytics over one fixture day agree with each other and their definitions', () => {
  let tracking: Awaited<ReturnType<typeof startService>>['app'];
  let statistics: StatisticsService;
  let pg: Client;
  const prefix = `fig-${randomUUID().slice(0, 8)}`;

  const clear = async () => {
    await pg.query("DELETE FROM tracking.visitor_events WHERE received_at >= $1 AND received_at < $2 AND session_id LIKE 'figures-%'", [at(EVE, '00:00:00'), at(addDays(DAY, 1), '00:00:00')]);
    await pg.query('DELETE FROM tracking.daily_rollups WHERE day = ANY($1::date[])', [[EVE, DAY]]);
    await pg.query('DELETE FROM tracking.analytics_sessions WHERE started_at >= $1 AND started_at < $2', [at(EVE, '00:00:00'), at(addDays(DAY, 1), '00:00:00')]);
  };

  beforeAll(async () => {
    const config = parseConfig(ConfigSchema, { DATABASE_URL, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'error', NODE_ENV: 'test', TRACKING_JOBS: 'false' });
    ({ app: tracking } = await startService({ service: 'tracking', module: AppModule.register(config), config, handleSignals: false }));
    statistics = tracking.get(StatisticsService);
    pg = new Client({ connectionString: DATABASE_URL });
    await pg.connect();
    await clear();

    for (const event of EVENTS) {
      await pg.query(
        `INSERT INTO tracking.visitor_events (event_id, kind, session_id, visitor_id, received_at, day, path, device)
         VALUES ($1, $2, $3, $4, $5, ($5::timestamptz AT TIME ZONE 'UTC')::date, $6, 'desktop')`,
        [randomUUID(), event.kind, `figures-${event.session}`, hash(event.visitor), event.at, event.kind === 'session_end' ? null : event.path],
      );
    }
    // Days with raw events and no rollup yet, as the service leaves them.
    await pg.query('INSERT INTO tracking.daily_rollups (day) SELECT unnest($1::date[])', [[EVE, DAY]]);

    for (const session of SESSIONS) {
      await pg.query(
        `INSERT INTO tracking.analytics_sessions (id, user_id, started_at, last_seen_at, ended_at, entry_page, last_page) VALUES ($1, $2, $3, $4, $5, '/', '/')`,
        [session.id, session.user, session.started, session.lastSeen, session.ended ? session.lastSeen : null],
      );
      for (let visit = 0; visit <= session.extraVisits; visit += 1) {
        await pg.query('INSERT INTO tracking.analytics_page_visits (session_id, user_id, page_name, visited_at) VALUES ($1, $2, $3, $4)', [session.id, session.user, '/', session.started]);
      }
      for (let action = 0; action < session.actions; action += 1) {
        await pg.query(
          'INSERT INTO tracking.analytics_actions (session_id, user_id, action_type, action_category, success, created_at) VALUES ($1, $2, $3, $4, true, $5)',
          [session.id, session.user, 'api_request', 'market', session.started],
        );
      }
    }
  });

  afterAll(async () => {
    if (pg) await clear();
    await pg?.end();
    await tracking?.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  const answers = async (now = NOW) => {
    const [overview, current, basic] = await Promise.all([
      statistics.overview({ days: 7, caller: CALLER }, now),
      statistics.currentUsers({ caller: CALLER }, now),
      statistics.basicStats({ caller: CALLER }, now),
    ]);
    return { overview, current, basic, day: overview.daily.find((point) => point.date === DAY)! };
  };

  it('visitors now are people (not session ids) seen today, never more than the visitors of the day and of the period', async () => {
    const { overview, current, day } = await answers();
    expect(current.active_visitors).toBe(expected.visitorsNow);
    expect(overview.visitors.live_visitors).toBe(current.active_visitors);
    expect(current.active_visitors).toBeLessThanOrEqual(day.visitors);
    expect(current.active_visitors).toBeLessThanOrEqual(overview.visitors.visitors);
  });

  it('visitors, visits and page views: the day and the period, alike on the totals, the daily rows and today’s counts', async () => {
    const { overview, basic, day } = await answers();
    expect(day).toMatchObject({ visitors: expected.day.visitors, visitor_sessions: expected.day.visitor_sessions, visitor_page_views: expected.day.visitor_page_views });
    expect(overview.visitors).toMatchObject({ visitors: expected.period.visitors, sessions: expected.period.visits, page_views: expected.period.pageViews });
    const sum = (key: 'visitors' | 'visitor_sessions' | 'visitor_page_views') => overview.daily.reduce((total, point) => total + point[key], 0);
    expect(sum('visitors')).toBe(overview.visitors.visitors);
    expect(sum('visitor_sessions')).toBe(overview.visitors.sessions);
    expect(sum('visitor_page_views')).toBe(overview.visitors.page_views);
    expect(overview.totals).toMatchObject({ visitor_sessions: overview.visitors.sessions, visitor_page_views: overview.visitors.page_views });
    expect(basic.today).toMatchObject({ visitor_sessions: day.visitor_sessions, visitor_page_views: day.visitor_page_views });
  });

  it('sessions, users and sessions without signing in: none of them reads as “sessions of 0 users”', async () => {
    const { overview, current, basic, day } = await answers();
    expect(day).toMatchObject({ sessions: expected.day.sessions, unique_users: expected.day.unique_users, anonymous_sessions: expected.day.anonymous_sessions });
    expect(overview.totals).toMatchObject({
      sessions: expected.period.sessions,
      unique_users: expected.period.users,
      anonymous_sessions: expected.period.anonymousSessions,
    });
    expect(overview.daily.reduce((total, point) => total + point.sessions, 0)).toBe(overview.totals.sessions);
    expect(overview.daily.reduce((total, point) => total + point.anonymous_sessions, 0)).toBe(overview.totals.anonymous_sessions);
    expect(basic.today).toMatchObject({ analytics_sessions: day.sessions, unique_users: day.unique_users, anonymous_sessions: day.anonymous_sessions, page_visits: day.page_visits, actions: day.actions });
    expect(current.active_users).toBe(expected.usersNow);
  });

  it('a rolled-up day gives the same figures as its raw events', async () => {
    const before = await answers();
    await tracking.get(RollupsRepository).rollUpDay(EVE);
    const after = await answers();
    expect(after.overview.visitors).toEqual(before.overview.visitors);
    expect(after.overview.daily).toEqual(before.overview.daily);
  });

  it('just after midnight, a visitor seen before it is not on the site now: today has no visitor yet', async () => {
    const { current, overview } = await answers(new Date(`${DAY}T00:02:00.000Z`));
    expect(current.active_visitors).toBe(0);
    expect(overview.visitors.live_visitors).toBe(0);
  });
});
