import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  type AnalyticsBasicStatsResponse,
  type AnalyticsCurrentUsersResponse,
  type AnalyticsOverviewResponse,
  type AnalyticsRecordedResponse,
  type AnalyticsSessionEndResponse,
  type AnalyticsSessionStartResponse,
  QUEUES,
  sessionKey,
  type VisitorHeartbeatJob,
  type VisitorSessionEndJob,
} from '@nivesh/proto';
import { parseConfig, QueueProducer, startService } from '@nivesh/platform';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { Client } from 'pg';
import { createGatewayApp } from '../../../gateway/src/app';
import { makeWebDist, mintToken, testConfig } from '../../../gateway/test/test-app';
import { AppModule } from '../src/app.module';
import { ConfigSchema } from '../src/config';
import { addDays, type Day, utcDay } from '../src/days';
import { HISTOGRAM_BOUNDS } from '../src/visitors/histogram';
import { MaintenanceProcessor } from '../src/maintenance/maintenance.processor';
import { VisitorEventsProcessor } from '../src/visitors/visitor-events.processor';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nivesh';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const MAIN = path.resolve(__dirname, '../dist/main.js');

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';

type TrackingApp = Awaited<ReturnType<typeof startService>>['app'];
type EventRow = {
  event_id: string;
  kind: string;
  session_id: string;
  visitor_id: string;
  received_at: Date;
  path: string | null;
  referrer_host: string | null;
  browser: string | null;
  device: string | null;
  screen: string | null;
  page_load_ms: number | null;
  session_duration_ms: string | null;
  total_duration_ms: string | null;
};

const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000, stepMs = 100): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, stepMs));
  }
};

const visitorHash = (seed: string) => createHash('sha256').update(seed).digest('hex').slice(0, 32);

const heartbeat = (fields: Partial<VisitorHeartbeatJob> & { session_id: string }): VisitorHeartbeatJob => ({
  event_id: randomUUID(),
  page_url: 'https://nivesh.example.in/dashboard',
  user_agent: CHROME_WINDOWS,
  screen_resolution: '1920x1080',
  visitor_id: visitorHash(fields.session_id),
  received_at: new Date().toISOString(),
  ...fields,
});

const sessionEnd = (fields: Partial<VisitorSessionEndJob> & { session_id: string }): VisitorSessionEndJob => ({
  event_id: randomUUID(),
  total_duration: 60_000,
  pages_visited: 1,
  total_page_views: 1,
  visitor_id: visitorHash(fields.session_id),
  received_at: new Date().toISOString(),
  ...fields,
});

type QueuedEvent = { name: 'heartbeat'; data: VisitorHeartbeatJob; jobId?: string } | { name: 'session-end'; data: VisitorSessionEndJob; jobId?: string };

/** Queues events as the gateway does: the event id is the job id unless told otherwise. */
const enqueue = async (producer: QueueProducer<typeof QUEUES.visitorHeartbeats>, events: readonly QueuedEvent[]) => {
  for (let start = 0; start < events.length; start += 500) {
    await producer.raw.addBulk(events.slice(start, start + 500).map((event) => ({ name: event.name, data: event.data, opts: { jobId: event.jobId ?? event.data.event_id } })));
  }
};

const pageViews = (events: readonly VisitorHeartbeatJob[]): QueuedEvent[] => events.map((data) => ({ name: 'heartbeat', data }));

/** The compiled service as its own process, so it can be killed with SIGKILL. */
const startProcess = (env: Record<string, string>) =>
  new Promise<{ child: ChildProcess; output: string[] }>((resolve, reject) => {
    const output: string[] = [];
    const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`tracking did not start:\n${output.join('')}`));
    }, 30_000);
    const collect = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (chunk.toString().includes('service ready')) {
        clearTimeout(timer);
        resolve({ child, output });
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`tracking exited with ${code}:\n${output.join('')}`)));
  });

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

describe('Visitor tracking and analytics (real PostgreSQL and Redis, through the gateway)', () => {
  const prefix = `trk-${randomBytes(4).toString('hex')}`;
  const tag = randomBytes(3).toString('hex');
  let gateway: NestFastifyApplication;
  let http: FastifyInstance;
  let tracking: TrackingApp;
  let processor: VisitorEventsProcessor;
  let maintenance: MaintenanceProcessor;
  let producer: QueueProducer<typeof QUEUES.visitorHeartbeats>;
  let redis: Redis;
  let pg: Client;

  const countRows = async (sessionPattern: string) =>
    Number((await pg.query<{ n: string }>('SELECT count(*) AS n FROM tracking.visitor_events WHERE session_id LIKE $1', [sessionPattern])).rows[0]!.n);

  /** A signed-in caller: a live session in Redis and its bearer token, as services/auth would leave them. */
  const signIn = async (isAdmin: boolean) => {
    const userId = randomUUID();
    const sessionId = randomUUID();
    const now = Date.now();
    await redis.set(
      sessionKey(prefix, sessionId),
      JSON.stringify({ user_id: userId, username: `t${userId.slice(0, 8)}`, is_admin: isAdmin, is_premium: false, created_at: new Date(now).toISOString(), expires_at: new Date(now + 3_600_000).toISOString() }),
      'EX',
      3_600,
    );
    return { userId, token: await mintToken({ sub: userId, sid: sessionId }) };
  };

  const call = async <T>(method: 'GET' | 'POST', url: string, token?: string, payload?: Record<string, unknown>) => {
    const response = await http.inject({
      method,
      url,
      remoteAddress: '198.51.100.23',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'user-agent': FIREFOX_LINUX },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json<T & { detail?: string }>() };
  };

  beforeAll(async () => {
    gateway = await createGatewayApp(testConfig({ REDIS_PREFIX: prefix, REDIS_URL, DATABASE_URL, WEB_DIST_DIR: makeWebDist() }));
    http = gateway.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    const config = parseConfig(ConfigSchema, {
      DATABASE_URL,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'error',
      NODE_ENV: 'test',
      TRACKING_JOBS: 'false',
      PUBLIC_URL: 'https://nivesh.example.in',
    });
    ({ app: tracking } = await startService({ service: 'tracking', module: AppModule.register(config), config, handleSignals: false }));
    processor = tracking.get(VisitorEventsProcessor);
    maintenance = tracking.get(MaintenanceProcessor);
    producer = new QueueProducer(QUEUES.visitorHeartbeats, { redisUrl: REDIS_URL, prefix });
    redis = new Redis(REDIS_URL);
    pg = new Client({ connectionString: DATABASE_URL });
    await pg.connect();
  });

  afterAll(async () => {
    await gateway?.close();
    await tracking?.close();
    await producer?.close();
    await pg?.end();
    const keys = redis ? await redis.keys(`${prefix}*`) : [];
    if (keys.length) await redis.del(...keys);
    await redis?.quit();
  });

  it('a page view, a heartbeat and a session end sent to the gateway are queued (202) and stored once each, without the address or user agent', async () => {
    const sessionId = `gw_${Date.now()}_${tag}`;
    const track = (body: Record<string, unknown>, url = '/api/visitor/track') =>
      http.inject({ method: 'POST', url, remoteAddress: '203.0.113.77', headers: { 'user-agent': SAFARI_IPHONE }, payload: body });
    const view = await track({
      session_id: sessionId,
      page_url: 'https://nivesh.example.in/technical-analysis?ticker=TCS&email=a@b.in#chart',
      user_agent: SAFARI_IPHONE,
      screen_resolution: '390x844',
      page_load_time: 640.2,
      referrer: 'https://www.google.com/search?q=nivesh',
    });
    expect(view.statusCode).toBe(202);
    expect(view.json()).toEqual({ accepted: true });
    const beat = await track({ session_id: sessionId, page_url: 'https://nivesh.example.in/technical-analysis', user_agent: SAFARI_IPHONE, screen_resolution: '390x844', session_duration: 30_000 });
    expect(beat.statusCode).toBe(202);
    const end = await track({ session_id: sessionId, total_duration: 41_000, pages_visited: 1, total_page_views: 1 }, '/api/visitor/session/end');
    expect(end.statusCode).toBe(202);

    await until(() => countRows(sessionId), (n) => n === 3);
    const rows = (await pg.query<EventRow>('SELECT * FROM tracking.visitor_events WHERE session_id = $1 ORDER BY received_at, kind', [sessionId])).rows;
    expect(rows.map((row) => row.kind).sort()).toEqual(['heartbeat', 'pageview', 'session_end']);
    const pageview = rows.find((row) => row.kind === 'pageview')!;
    expect(pageview).toMatchObject({ path: '/technical-analysis', referrer_host: 'google.com', browser: 'Safari', device: 'mobile', screen: '390x844', page_load_ms: 640 });
    expect(rows.find((row) => row.kind === 'heartbeat')).toMatchObject({ referrer_host: null, session_duration_ms: '30000' });
    expect(rows.find((row) => row.kind === 'session_end')).toMatchObject({ path: null, total_duration_ms: '41000' });
    // One visitor, hashed: the same hash on all three, and nothing of who sent them.
    expect(new Set(rows.map((row) => row.visitor_id)).size).toBe(1);
    const stored = JSON.stringify(rows);
    for (const secret of ['203.0.113.77', 'Mozilla', 'iPhone OS', 'ticker=TCS', 'a@b.in', 'chart']) expect(stored).not.toContain(secret);
  });

  it('through the gateway, a page outside the app is stored as "other", a referrer as its host only, and control characters are refused', async () => {
    const sessionId = `junk_${Date.now()}_${tag}`;
    const track = (body: Record<string, unknown>) =>
      http.inject({ method: 'POST', url: '/api/visitor/track', remoteAddress: '203.0.113.78', headers: { 'user-agent': CHROME_WINDOWS, host: 'nivesh.example.in' }, payload: body });
    const base = { session_id: sessionId, user_agent: CHROME_WINDOWS, screen_resolution: 'undefined' };
    const accepted = await Promise.all([
      track({ ...base, page_url: 'undefined', page_load_time: 300, referrer: 'undefined' }),
      track({ ...base, page_url: `https://nivesh.example.in/${'0'.repeat(1_800)}`, page_load_time: 300, referrer: 'https://www.Google.com/search?q=my+pan+number' }),
      track({ ...base, page_url: 'https://nivesh.example.in//AI-News/?utm_source=x', page_load_time: 300, referrer: 'https://nivesh.example.in/about' }),
    ]);
    expect(accepted.map((response) => response.statusCode)).toEqual([202, 202, 202]);
    for (const page_url of ['/chat\u0000', '/chat\n/about', '/\u009bchat']) {
      const refused = await track({ ...base, page_url, session_duration: 30_000 });
      expect([page_url, refused.statusCode, refused.json()]).toEqual([page_url, 400, expect.objectContaining({ detail: 'page_url: A page address cannot contain control characters.' })]);
    }

    await until(() => countRows(sessionId), (n) => n === 3);
    const rows = (await pg.query<EventRow>('SELECT path, referrer_host, screen FROM tracking.visitor_events WHERE session_id = $1 ORDER BY path, referrer_host NULLS FIRST', [sessionId])).rows;
    expect(rows).toEqual([
      { path: '/ai-news', referrer_host: null, screen: null },
      { path: 'other', referrer_host: null, screen: null },
      { path: 'other', referrer_host: 'google.com', screen: null },
    ]);
  });

  it('batching: 1,000 queued events are written in far fewer INSERT statements', async () => {
    const before = processor.stats;
    const events = Array.from({ length: 1_000 }, (_, index) =>
      heartbeat({ session_id: `batch-${tag}-${index % 40}`, page_url: `/page-${index % 9}`, page_load_time: 300 + (index % 500) }),
    );
    await enqueue(producer, pageViews(events));
    const stored = await until(() => countRows(`batch-${tag}-%`), (n) => n === 1_000, 60_000);
    expect(stored).toBe(1_000);
    const after = processor.stats;
    const statements = after.statements - before.statements;
    expect(after.inserted - before.inserted).toBe(1_000);
    expect(statements).toBeGreaterThan(0);
    // With the default 64 jobs in hand at once, a batch holds up to 64 events: about 16 statements, far fewer than 1,000.
    expect(statements).toBeLessThanOrEqual(100);
  });

  it('idempotency: an event queued twice under different job ids, and a replayed batch, are stored once', async () => {
    const sessionId = `idem-${tag}`;
    const once = heartbeat({ session_id: sessionId, page_load_time: 500 });
    const before = processor.stats;
    await enqueue(producer, [
      { name: 'heartbeat', data: once },
      { name: 'heartbeat', data: once, jobId: `${once.event_id}-replay` },
    ]);
    const completed = await until(
      async () => Promise.all([once.event_id, `${once.event_id}-replay`].map((id) => producer.raw.getJobState(id))),
      (states) => states.every((state) => state === 'completed'),
    );
    expect(completed).toEqual(['completed', 'completed']);
    expect(await countRows(sessionId)).toBe(1);

    // A whole batch delivered again (as after a crash between the commit and the acknowledgements).
    const batch = Array.from({ length: 50 }, (_, index) => heartbeat({ session_id: sessionId, page_url: `/replayed-${index}`, page_load_time: 400 }));
    await enqueue(producer, pageViews(batch));
    await until(() => countRows(sessionId), (n) => n === 51);
    await enqueue(producer, batch.map((data) => ({ name: 'heartbeat' as const, data, jobId: `${data.event_id}-again` })));
    await until(async () => processor.stats.duplicates - before.duplicates, (duplicates) => duplicates >= 51);
    expect(processor.stats.duplicates - before.duplicates).toBe(51);
    expect(await countRows(sessionId)).toBe(51);
    const distinct = await pg.query('SELECT event_id FROM tracking.visitor_events WHERE session_id = $1 GROUP BY event_id HAVING count(*) > 1', [sessionId]);
    expect(distinct.rowCount).toBe(0);
  });

  it(
    'kill -9 while a batch waits loses nothing: after a restart the jobs run again and every event is stored exactly once',
    async () => {
      const killPrefix = `${prefix}-kill`;
      const killTag = `kill-${tag}`;
      const env = {
        DATABASE_URL,
        REDIS_URL,
        REDIS_PREFIX: killPrefix,
        NODE_ENV: 'test',
        // 'service ready' is logged at info.
        LOG_LEVEL: 'info',
        TRACKING_JOBS: 'false',
        TRACKING_WORKER_CONCURRENCY: '256',
        TRACKING_BATCH_SIZE: '100',
        // The third batch is never full: it waits for its delay, and the process is killed meanwhile.
        TRACKING_BATCH_DELAY_MS: '120000',
      };
      const killProducer = new QueueProducer(QUEUES.visitorHeartbeats, { redisUrl: REDIS_URL, prefix: killPrefix });
      let service = await startProcess(env);
      try {
        const events = Array.from({ length: 250 }, (_, index) => heartbeat({ session_id: `${killTag}-${index % 25}`, page_url: `/k-${index % 5}`, page_load_time: 250 }));
        await enqueue(killProducer, pageViews(events));
        const waiting = await until(
          async () => ({ rows: await countRows(`${killTag}-%`), active: await killProducer.raw.getActiveCount() }),
          ({ rows, active }) => rows === 200 && active === 50,
          30_000,
        );
        expect(waiting).toEqual({ rows: 200, active: 50 });

        service.child.kill('SIGKILL');
        await exited(service.child);
        expect(await countRows(`${killTag}-%`)).toBe(200);

        // Started again with its usual delay; the 50 jobs it held are found stalled (their locks lapse after 30 s) and run again.
        service = await startProcess({ ...env, TRACKING_BATCH_DELAY_MS: '100' });
        const drained = await until(
          async () => ({ rows: await countRows(`${killTag}-%`), counts: await killProducer.raw.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed') }),
          ({ rows, counts }) => rows === 250 && counts.waiting + counts.active + counts.delayed === 0,
          120_000,
          500,
        );
        expect(drained.rows).toBe(250);
        expect(drained.counts).toMatchObject({ waiting: 0, active: 0, delayed: 0, failed: 0, completed: 250 });
        const ids = (await pg.query<{ event_id: string }>('SELECT event_id FROM tracking.visitor_events WHERE session_id LIKE $1', [`${killTag}-%`])).rows.map((row) => row.event_id);
        expect(new Set(ids)).toEqual(new Set(events.map((event) => event.event_id)));
      } finally {
        service.child.kill('SIGTERM');
        await exited(service.child);
        await killProducer.close();
      }
    },
    200_000,
  );

  describe('daily rollups', () => {
    const today = utcDay(new Date());
    const day: Day = addDays(today, -20);
    const otherDay: Day = addDays(today, -21);
    const at = (d: Day, minutes: number) => new Date(Date.parse(`${d}T08:00:00.000Z`) + minutes * 60_000).toISOString();

    /** Twelve sessions of one day: different pages, referrers, devices, screens, load times and lengths, ends and heartbeats. */
    const dayOfVisits = (d: Day): QueuedEvent[] => {
      const agents = [CHROME_WINDOWS, SAFARI_IPHONE, FIREFOX_LINUX];
      const pages = ['/dashboard', '/technical-analysis', '/chat', '/ai-predictions', '/about'];
      const referrers = [undefined, 'https://www.google.com/search?q=x', 'https://t.co/abc', 'https://nivesh.example.in/about'];
      const events: QueuedEvent[] = [];
      for (let s = 0; s < 12; s += 1) {
        const session_id = `roll-${d}-${tag}-${s}`;
        const visitor_id = visitorHash(`${d}-${s % 7}`);
        const views = 1 + (s % 4);
        for (let p = 0; p < views; p += 1) {
          events.push({
            name: 'heartbeat',
            data: heartbeat({
              session_id,
              visitor_id,
              received_at: at(d, s * 30 + p),
              page_url: `https://nivesh.example.in${pages[(s + p) % pages.length]}?s=${s}`,
              user_agent: agents[s % agents.length]!,
              screen_resolution: s % 5 === 0 ? 'unknown' : ['1920x1080', '390x844', '1366x768'][s % 3]!,
              page_load_time: 180 + s * 137 + p * 55,
              ...(p === 0 && referrers[s % referrers.length] ? { referrer: referrers[s % referrers.length] } : {}),
            }),
          });
        }
        if (s % 3 === 0) events.push({ name: 'heartbeat', data: heartbeat({ session_id, visitor_id, received_at: at(d, s * 30 + views), session_duration: 45_000 * (s + 1) }) });
        if (s % 2 === 0) events.push({ name: 'session-end', data: sessionEnd({ session_id, visitor_id, received_at: at(d, s * 30 + views + 1), total_duration: 20_000 * s }) });
      }
      // A session that only sent a heartbeat that day: a visitor, but not a session of the day.
      events.push({ name: 'heartbeat', data: heartbeat({ session_id: `roll-${d}-${tag}-late`, visitor_id: visitorHash(`${d}-late`), received_at: at(d, 600), session_duration: 900_000 }) });
      return events;
    };

    /** The day's rollup worked out here from its raw rows, independently of the service's SQL. */
    const expectedFromRaw = async (d: Day) => {
      const rows = (await pg.query<EventRow>('SELECT * FROM tracking.visitor_events WHERE day = $1', [d])).rows;
      const order = (a: EventRow, b: EventRow) => a.received_at.getTime() - b.received_at.getTime() || a.event_id.localeCompare(b.event_id);
      const views = rows.filter((row) => row.kind === 'pageview').sort(order);
      const bySession = new Map<string, EventRow[]>();
      for (const row of rows) bySession.set(row.session_id, [...(bySession.get(row.session_id) ?? []), row]);
      const sessions = [...bySession.values()].filter((events) => events.some((row) => row.kind === 'pageview'));
      const count = (keys: string[]) => {
        const counts: Record<string, number> = {};
        for (const key of keys) counts[key] = (counts[key] ?? 0) + 1;
        return counts;
      };
      const firstView = (events: EventRow[]) => events.filter((row) => row.kind === 'pageview').sort(order)[0]!;
      const lastView = (events: EventRow[]) => events.filter((row) => row.kind === 'pageview').sort(order).pop()!;
      const durationOf = (events: EventRow[]) => {
        const times = events.map((row) => row.received_at.getTime());
        return Math.max(
          0,
          ...events.map((row) => Number(row.session_duration_ms ?? 0)),
          ...events.map((row) => Number(row.total_duration_ms ?? 0)),
          Math.max(...times) - Math.min(...times),
        );
      };
      const bucketOf = (bounds: readonly number[], value: number) => bounds.filter((bound) => bound <= value).pop()!;
      return {
        totals: {
          visitors: new Set(rows.map((row) => row.visitor_id)).size,
          sessions: sessions.length,
          page_views: views.length,
          bounces: sessions.filter((events) => events.filter((row) => row.kind === 'pageview').length === 1).length,
          page_load_samples: views.filter((row) => row.page_load_ms !== null).length,
          page_load_total_ms: views.reduce((sum, row) => sum + (row.page_load_ms ?? 0), 0),
        },
        rankings: {
          page: count(views.map((row) => row.path!)),
          entry_page: count(sessions.map((events) => firstView(events).path!)),
          exit_page: count(sessions.map((events) => lastView(events).path!)),
          referrer: count(sessions.map((events) => firstView(events).referrer_host ?? '(direct)')),
          screen: count(sessions.map((events) => firstView(events).screen ?? '(unknown)')),
          device: count(sessions.map((events) => firstView(events).device ?? 'unknown')),
          browser: count(sessions.map((events) => firstView(events).browser ?? '(unknown)')),
        },
        histograms: {
          page_load_ms: count(views.filter((row) => row.page_load_ms !== null).map((row) => String(bucketOf(HISTOGRAM_BOUNDS.page_load_ms, row.page_load_ms!)))),
          session_duration_s: count(sessions.map((events) => String(bucketOf(HISTOGRAM_BOUNDS.session_duration_s, Math.floor(durationOf(events) / 1000))))),
        },
      };
    };

    const storedRollup = async (d: Day) => {
      const [totals] = (
        await pg.query(
          'SELECT visitors, sessions, page_views, bounces, page_load_samples, page_load_total_ms::int AS page_load_total_ms, stale FROM tracking.daily_rollups WHERE day = $1',
          [d],
        )
      ).rows;
      const rankings: Record<string, Record<string, number>> = {};
      for (const row of (await pg.query<{ dimension: string; key: string; count: number }>('SELECT dimension, key, count FROM tracking.daily_rankings WHERE day = $1', [d])).rows) {
        (rankings[row.dimension] ??= {})[row.key] = row.count;
      }
      const histograms: Record<string, Record<string, number>> = {};
      for (const row of (await pg.query<{ metric: string; bucket_min: number; count: number }>('SELECT metric, bucket_min, count FROM tracking.daily_histograms WHERE day = $1', [d])).rows) {
        (histograms[row.metric] ??= {})[String(row.bucket_min)] = row.count;
      }
      return { totals, rankings, histograms };
    };

    let admin: { token: string };

    beforeAll(async () => {
      admin = await signIn(true);
      // Earlier runs against the same database may have used these days.
      await pg.query('DELETE FROM tracking.visitor_events WHERE day = ANY($1::date[])', [[day, otherDay]]);
      await pg.query('DELETE FROM tracking.daily_rollups WHERE day = ANY($1::date[])', [[day, otherDay]]);
      const events = [...dayOfVisits(day), ...dayOfVisits(otherDay)];
      await enqueue(producer, events);
      await until(() => countRows(`roll-%-${tag}-%`), (n) => n === events.length, 30_000);
    });

    it('rolling up a finished day stores exactly the counts, rankings and histograms computed here from its raw rows', async () => {
      const stale = (await pg.query('SELECT day::text AS day FROM tracking.daily_rollups WHERE day = ANY($1::date[]) AND stale ORDER BY day', [[day, otherDay]])).rows;
      expect(stale).toEqual([{ day: otherDay }, { day }]);

      const result = await maintenance.rollUp();
      expect(result.days).toEqual(expect.arrayContaining([otherDay, day, addDays(today, -1)]));
      expect(result.days).not.toContain(today);

      for (const d of [day, otherDay]) {
        const expected = await expectedFromRaw(d);
        const stored = await storedRollup(d);
        expect(stored.totals).toEqual({ ...expected.totals, stale: false });
        expect(stored.rankings).toEqual(expected.rankings);
        expect(stored.histograms).toEqual(expected.histograms);
      }
      // What the generated day holds, so the comparison above is not two empty sets.
      expect((await storedRollup(day)).totals).toMatchObject({ visitors: 8, sessions: 12, page_views: 30, bounces: 3, page_load_samples: 30 });
      expect((await storedRollup(day)).rankings.referrer).toEqual({ '(direct)': 6, 'google.com': 3, 't.co': 3 });

      // Rolling up again replaces the day; it does not add to it.
      const before = await storedRollup(day);
      await maintenance.rollUp();
      expect(await storedRollup(day)).toEqual(before);
    });

    it('the admin overview shows the rolled-up days, and a late event marks its day stale until the next rollup counts it', async () => {
      const overview = async () => {
        const response = await call<AnalyticsOverviewResponse>('GET', '/api/analytics/dashboard/overview?days=25', admin.token);
        expect(response.status).toBe(200);
        return response.body;
      };
      const expected = await expectedFromRaw(day);
      let body = await overview();
      expect(body.days).toBe(25);
      expect(body.daily).toHaveLength(25);
      expect(body.daily.find((point) => point.date === day)).toMatchObject({
        visitors: expected.totals.visitors,
        visitor_sessions: expected.totals.sessions,
        visitor_page_views: expected.totals.page_views,
      });
      expect(body.visitors.top_pages.length).toBeGreaterThan(0);
      expect(body.visitors.session_duration.buckets).toHaveLength(7);
      expect(body.visitors.page_load_ms.samples).toBeGreaterThanOrEqual(60);

      const late = heartbeat({ session_id: `roll-${day}-${tag}-straggler`, visitor_id: visitorHash(`${day}-straggler`), received_at: `${day}T23:59:59.000Z`, page_url: '/blog', page_load_time: 900 });
      await enqueue(producer, pageViews([late]));
      const marked = await until(
        async () => (await pg.query<{ stale: boolean }>('SELECT stale FROM tracking.daily_rollups WHERE day = $1', [day])).rows[0]!.stale,
        (stale) => stale,
      );
      expect(marked).toBe(true);
      // Meanwhile the overview computes that day from its raw events, the late one included.
      body = await overview();
      expect(body.daily.find((point) => point.date === day)).toMatchObject({ visitors: expected.totals.visitors + 1, visitor_sessions: expected.totals.sessions + 1 });

      await maintenance.rollUp();
      const again = await storedRollup(day);
      expect(again.totals).toMatchObject({ stale: false, sessions: expected.totals.sessions + 1, page_views: expected.totals.page_views + 1 });
      expect(again.rankings.page!['/blog']).toBe((expected.rankings.page['/blog'] ?? 0) + 1);
    });

    it('retention deletes the raw events of rolled-up days past the retention only, and keeps their rollups', async () => {
      // A late event leaves the other day stale: it is not rolled up, so its raw events stay.
      await enqueue(producer, pageViews([heartbeat({ session_id: `roll-${otherDay}-${tag}-straggler`, received_at: `${otherDay}T12:00:00.000Z` })]));
      await until(
        async () => (await pg.query<{ stale: boolean }>('SELECT stale FROM tracking.daily_rollups WHERE day = $1', [otherDay])).rows[0]!.stale,
        (stale) => stale,
      );
      const rollup = await storedRollup(day);
      const todayRows = Number((await pg.query<{ n: string }>('SELECT count(*) AS n FROM tracking.visitor_events WHERE day = $1', [today])).rows[0]!.n);

      // As if 91 days had passed since `day`: with the default 90-day retention it is past, the other day too.
      const later = new Date(Date.parse(`${addDays(day, 91)}T12:00:00.000Z`));
      const purged = await maintenance.purge(later);
      expect(purged.days).toContain(day);
      expect(purged.days).not.toContain(otherDay);

      const left = async (d: Day) => Number((await pg.query<{ n: string }>('SELECT count(*) AS n FROM tracking.visitor_events WHERE day = $1', [d])).rows[0]!.n);
      expect(await left(day)).toBe(0);
      expect(await left(otherDay)).toBeGreaterThan(0);
      expect(await left(today)).toBeGreaterThanOrEqual(todayRows);
      expect(await storedRollup(day)).toEqual(rollup);
      // The overview still shows the purged day, from its rollup.
      const response = await call<AnalyticsOverviewResponse>('GET', '/api/analytics/dashboard/overview?days=25', admin.token);
      expect(response.body.daily.find((point) => point.date === day)?.visitor_page_views).toBe(rollup.totals.page_views);
    });
  });

  describe('opt-in analytics and the admin statistics', () => {
    const category = `prediction-${tag}`;

    it('a signed-in user’s session records visits and actions without naming the session, and ends', async () => {
      const user = await signIn(false);
      const admin = await signIn(true);
      const started = await call<AnalyticsSessionStartResponse>('POST', '/api/analytics/session/start', user.token, { page_name: '/dashboard' });
      expect(started.status).toBe(200);
      const sessionId = started.body.session_id;

      const visit = await call<AnalyticsRecordedResponse>('POST', '/api/analytics/session/page-visit', user.token, { page_name: '/ai-predictions', referrer_page: '/dashboard' });
      expect(visit.body).toEqual({ recorded: true, session_id: sessionId });
      for (const success of [false, true, true, true]) {
        const action = await call<AnalyticsRecordedResponse>('POST', '/api/analytics/session/action', user.token, {
          action_type: 'predict',
          action_category: category,
          action_target: 'RELIANCE',
          page_name: '/ai-predictions',
          action_data: { ticker: 'RELIANCE', days: 10 },
          response_time_ms: 820,
          ...(success ? {} : { success: false, error_message: 'Prediction failed' }),
        });
        expect(action.body).toEqual({ recorded: true, session_id: sessionId });
      }

      const current = await call<AnalyticsCurrentUsersResponse>('GET', '/api/analytics/dashboard/current-users', admin.token);
      expect(current.status).toBe(200);
      expect(current.body.window_minutes).toBe(5);
      expect(current.body.users).toContainEqual(expect.objectContaining({ user_id: user.userId, session_id: sessionId, page_name: '/ai-predictions' }));
      expect(current.body.active_users).toBeGreaterThanOrEqual(1);

      const overview = await call<AnalyticsOverviewResponse>('GET', '/api/analytics/dashboard/overview', admin.token);
      expect(overview.body.days).toBe(7);
      expect(overview.body.actions_by_category).toContainEqual({ category, actions: 4, errors: 1, error_rate: 0.25 });
      expect(overview.body.top_pages.map((row) => row.page_name)).toEqual(expect.arrayContaining(['/dashboard', '/ai-predictions']));
      expect(overview.body.visitors.live_visitors).toBeGreaterThanOrEqual(1);

      const ended = await call<AnalyticsSessionEndResponse>('POST', '/api/analytics/session/end', user.token, {});
      expect(ended.body).toMatchObject({ ended: true, session_id: sessionId });
      expect(ended.body.duration_seconds).toBeGreaterThanOrEqual(0);
      // No open session is left to attach to: best-effort, not an error.
      const after = await call<AnalyticsRecordedResponse>('POST', '/api/analytics/session/page-visit', user.token, { page_name: '/chat' });
      expect(after).toEqual({ status: 200, body: { recorded: false, session_id: null } });
      const current2 = await call<AnalyticsCurrentUsersResponse>('GET', '/api/analytics/current-users', admin.token);
      expect(current2.body.users.map((row) => row.user_id)).not.toContain(user.userId);
    });

    it('a visitor without an account can open a session and write to it by its id, but not to a user’s session', async () => {
      const user = await signIn(false);
      const mine = await call<AnalyticsSessionStartResponse>('POST', '/api/analytics/session/start', user.token, { page_name: '/dashboard' });
      const anonymous = await call<AnalyticsSessionStartResponse>('POST', '/api/analytics/session/start', undefined, { page_name: '/about' });
      expect(anonymous.status).toBe(200);
      const visit = (body: Record<string, unknown>) => call<AnalyticsRecordedResponse>('POST', '/api/analytics/session/page-visit', undefined, body);
      expect((await visit({ page_name: '/chat' })).body).toEqual({ recorded: false, session_id: null });
      expect((await visit({ page_name: '/chat', session_id: anonymous.body.session_id })).body).toEqual({ recorded: true, session_id: anonymous.body.session_id });
      expect((await visit({ page_name: '/chat', session_id: mine.body.session_id })).body).toEqual({ recorded: false, session_id: null });
    });

    it('a page name outside the app is stored as "other", and control characters are refused with a sentence', async () => {
      const started = await call<AnalyticsSessionStartResponse>('POST', '/api/analytics/session/start', undefined, { page_name: 'undefined' });
      expect(started.status).toBe(200);
      const visit = await call<AnalyticsRecordedResponse>('POST', '/api/analytics/session/page-visit', undefined, {
        session_id: started.body.session_id,
        page_name: `/${'0'.repeat(1_500)}`,
        referrer_page: 'https://mail.example.com/inbox?id=7',
      });
      expect(visit.body.recorded).toBe(true);
      const stored = await pg.query('SELECT page_name, referrer_page FROM tracking.analytics_page_visits WHERE session_id = $1 ORDER BY id', [started.body.session_id]);
      expect(stored.rows).toEqual([
        { page_name: 'other', referrer_page: null },
        { page_name: 'other', referrer_page: 'other' },
      ]);
      const refused = await call('POST', '/api/analytics/session/page-visit', undefined, { session_id: started.body.session_id, page_name: '/chat\u0000\u0007' });
      expect(refused).toEqual({ status: 400, body: expect.objectContaining({ detail: 'page_name: A page address cannot contain control characters.' }) });
      const action = await call('POST', '/api/analytics/session/action', undefined, { session_id: started.body.session_id, action_type: 'click\u001b[31m' });
      expect(action).toEqual({ status: 400, body: expect.objectContaining({ detail: 'action_type: An action type cannot contain control characters.' }) });
    });

    it('basic statistics count all time and today', async () => {
      const admin = await signIn(true);
      for (const url of ['/api/analytics/dashboard/basic-stats', '/api/analytics/basic-stats']) {
        const stats = await call<AnalyticsBasicStatsResponse>('GET', url, admin.token);
        expect(stats.status).toBe(200);
        expect(stats.body.today.analytics_sessions).toBeGreaterThanOrEqual(3);
        expect(stats.body.today.visitor_page_views).toBeGreaterThanOrEqual(1_000);
        expect(stats.body.all_time.visitor_sessions).toBeGreaterThanOrEqual(stats.body.today.visitor_sessions + 24);
        expect(stats.body.all_time.actions).toBeGreaterThanOrEqual(stats.body.today.actions);
      }
    });

    it('the admin statistics refuse a visitor (401) and a signed-in user who is not an admin (403)', async () => {
      const user = await signIn(false);
      for (const url of [
        '/api/analytics/dashboard/overview?days=7',
        '/api/analytics/dashboard/current-users',
        '/api/analytics/current-users',
        '/api/analytics/dashboard/basic-stats',
        '/api/analytics/basic-stats',
      ]) {
        const visitor = await call('GET', url);
        expect([url, visitor.status]).toEqual([url, 401]);
        const notAdmin = await call('GET', url, user.token);
        expect([url, notAdmin.status]).toEqual([url, 403]);
        expect(notAdmin.body.detail).toEqual(expect.any(String));
      }
    });
  });
});
