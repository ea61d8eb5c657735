// What the chaos database holds of each acknowledged write: how many times it took effect, found by its key with SQL
// against the tables of the services that own the write.

/**
 * One query per kind: the key and the number of times that write is stored. A payment event is stored once in
 * premium.provider_events (its id is the key there) and counts as many times as it changed a subscription when that
 * is more than once.
 */
const QUERIES = {
  registration: `SELECT email AS key, count(*)::int AS n FROM auth.users WHERE email = ANY($1::text[]) GROUP BY email`,
  heartbeat: `SELECT session_id || '|' || session_duration_ms AS key, count(*)::int AS n FROM tracking.visitor_events
              WHERE session_id = ANY($2::text[]) AND session_id || '|' || session_duration_ms = ANY($1::text[])
              GROUP BY session_id, session_duration_ms`,
  payment: `SELECT p.event_id AS key,
                   greatest(count(*), (SELECT count(*) FROM premium.subscription_events s WHERE s.provider_event_id = p.event_id))::int AS n
            FROM premium.provider_events p WHERE p.event_id = ANY($1::text[]) GROUP BY p.event_id`,
  transaction: `SELECT note AS key, count(*)::int AS n FROM portfolio.transactions WHERE note = ANY($1::text[]) GROUP BY note`,
};

/**
 * Counts, for the acknowledged writes `acks` ({ kind, key }), how often each is stored; answers `copies(kind, key)`
 * and the number of acknowledged writes not (yet) stored.
 */
export const countStored = async (pool, acks) => {
  const keys = {};
  for (const { kind, key } of acks) (keys[kind] ??= new Set()).add(key);
  const stored = new Map();
  for (const [kind, set] of Object.entries(keys)) {
    const list = [...set];
    const params = kind === 'heartbeat' ? [list, [...new Set(list.map((key) => key.slice(0, key.lastIndexOf('|'))))]] : [list];
    const { rows } = await pool.query(QUERIES[kind], params);
    for (const row of rows) stored.set(`${kind}\n${row.key}`, row.n);
  }
  const copies = (kind, key) => stored.get(`${kind}\n${key}`) ?? 0;
  const missing = Object.entries(keys).reduce((sum, [kind, set]) => sum + [...set].filter((key) => copies(kind, key) === 0).length, 0);
  return { copies, missing };
};
