import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { CleanStoredPages1796083203000 } from '../src/migrations/1796083203000-clean-stored-pages';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nivesh';

const DAY = '2041-01-10';
const ZEROS = `/${'0'.repeat(500)}`;
const tag = randomUUID().slice(0, 8);

/** Rows as the tracking API stored what a client posted before the gateway checked it (issue 29, item 6). */
const JUNK_EVENTS: { path: string | null; referrer: string | null }[] = [
  { path: 'undefined', referrer: 'undefined' },
  { path: ZEROS, referrer: '0000' },
  { path: '/a\u0007b', referrer: 'www.google.com' },
  { path: '/Technical-Analysis', referrer: 't.co' },
  { path: '/blog/reading-rsi', referrer: null },
  { path: null, referrer: null },
];

describe('migration CleanStoredPages: what junk clients stored is cleaned by the rules new events follow', () => {
  let db: DataSource;
  const sessionId = randomUUID();

  const up = async () => {
    const runner = db.createQueryRunner();
    try {
      await new CleanStoredPages1796083203000().up(runner);
    } finally {
      await runner.release();
    }
  };
  const stored = async () => ({
    events: await db.query<{ path: string | null; referrer_host: string | null }[]>(
      'SELECT path, referrer_host FROM tracking.visitor_events WHERE session_id LIKE $1 ORDER BY session_id',
      [`clean-${tag}-%`],
    ),
    rankings: Object.fromEntries(
      (await db.query<{ dimension: string; key: string; count: number }[]>('SELECT dimension, key, count FROM tracking.daily_rankings WHERE day = $1', [DAY])).map((row) => [
        `${row.dimension} ${row.key}`,
        row.count,
      ]),
    ),
    session: (await db.query('SELECT entry_page, last_page FROM tracking.analytics_sessions WHERE id = $1', [sessionId]))[0],
    visits: await db.query('SELECT page_name, referrer_page FROM tracking.analytics_page_visits WHERE session_id = $1 ORDER BY id', [sessionId]),
    actions: await db.query('SELECT action_type, action_category, action_target, page_name FROM tracking.analytics_actions WHERE session_id = $1 ORDER BY id', [sessionId]),
  });

  beforeAll(async () => {
    db = new DataSource({ type: 'postgres', url: DATABASE_URL });
    await db.initialize();
    await db.query('DELETE FROM tracking.daily_rollups WHERE day = $1', [DAY]);

    for (const [index, event] of JUNK_EVENTS.entries()) {
      await db.query(
        `INSERT INTO tracking.visitor_events (event_id, kind, session_id, visitor_id, received_at, day, path, referrer_host)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [randomUUID(), event.path === null ? 'session_end' : 'pageview', `clean-${tag}-${index}`, 'f'.repeat(32), `${DAY}T10:00:00.000Z`, DAY, event.path, event.referrer],
      );
    }
    await db.query('INSERT INTO tracking.daily_rollups (day, stale) VALUES ($1, false)', [DAY]);
    const rankings: [string, string, number][] = [
      ['page', ZEROS, 3],
      ['page', 'undefined', 2],
      ['page', 'other', 1],
      ['page', '/Technical-Analysis/', 4],
      ['page', '/technical-analysis', 1],
      ['entry_page', '/about?email=a@b.in', 2],
      ['referrer', 'undefined', 2],
      ['referrer', '(direct)', 3],
      ['referrer', 'www.t.co', 1],
      ['screen', '1920x1080', 7],
    ];
    for (const [dimension, key, count] of rankings) {
      await db.query('INSERT INTO tracking.daily_rankings (day, dimension, key, count) VALUES ($1, $2, $3, $4)', [DAY, dimension, key, count]);
    }

    await db.query(
      `INSERT INTO tracking.analytics_sessions (id, user_id, started_at, last_seen_at, entry_page, last_page) VALUES ($1, NULL, now(), now(), 'undefined', '/About?x=1')`,
      [sessionId],
    );
    for (const [page, referrer] of [
      ['undefined', null],
      ['\u0001\u0002', ''],
      ['Dashboard', 'https://mail.example.com/inbox?id=7'],
    ] as const) {
      await db.query('INSERT INTO tracking.analytics_page_visits (session_id, page_name, referrer_page, visited_at) VALUES ($1, $2, $3, now())', [sessionId, page, referrer]);
    }
    await db.query(
      `INSERT INTO tracking.analytics_actions (session_id, action_type, action_category, action_target, page_name, success, created_at)
       VALUES ($1, 'click\u0007', '\u0007', 'GET /x\n', 'undefined', true, now()), ($1, '\u0007', 'market', 'GET /api/market/quote', '/chat', true, now())`,
      [sessionId],
    );
  });

  afterAll(async () => {
    if (db?.isInitialized) {
      await db.query('DELETE FROM tracking.visitor_events WHERE session_id LIKE $1', [`clean-${tag}-%`]);
      await db.query('DELETE FROM tracking.daily_rollups WHERE day = $1', [DAY]);
      await db.query('DELETE FROM tracking.analytics_sessions WHERE id = $1', [sessionId]);
      await db.destroy();
    }
  });

  it('stores every page as an app page or "other", every referrer as a host or none, and no control character', async () => {
    await up();
    const after = await stored();
    expect(after.events).toEqual([
      { path: 'other', referrer_host: null },
      { path: 'other', referrer_host: null },
      { path: 'other', referrer_host: 'google.com' },
      { path: '/technical-analysis', referrer_host: 't.co' },
      { path: '/blog/reading-rsi', referrer_host: null },
      { path: null, referrer_host: null },
    ]);
    // Keys that became the same are summed; nothing else changes.
    expect(after.rankings).toEqual({
      'page other': 6,
      'page /technical-analysis': 5,
      'entry_page /about': 2,
      'referrer (direct)': 5,
      'referrer t.co': 1,
      'screen 1920x1080': 7,
    });
    expect(after.session).toEqual({ entry_page: 'other', last_page: '/about' });
    expect(after.visits).toEqual([
      { page_name: 'other', referrer_page: null },
      { page_name: 'other', referrer_page: null },
      { page_name: '/dashboard', referrer_page: 'other' },
    ]);
    expect(after.actions).toEqual([
      { action_type: 'click', action_category: null, action_target: 'GET /x', page_name: 'other' },
      { action_type: 'other', action_category: 'market', action_target: 'GET /api/market/quote', page_name: '/chat' },
    ]);
  });

  it('changes nothing when run again', async () => {
    const before = await stored();
    await up();
    expect(await stored()).toEqual(before);
  });
});
