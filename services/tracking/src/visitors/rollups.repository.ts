import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { addDays, type Day, startOfDay } from '../days';
import { TRACKING_TEXTS } from '../texts';
import { HISTOGRAM_BOUNDS, type HistogramMetric } from './histogram';

export const RANKING_DIMENSIONS = ['page', 'entry_page', 'exit_page', 'referrer', 'screen', 'device', 'browser'] as const;
export type RankingDimension = (typeof RANKING_DIMENSIONS)[number];

/** Keys kept per dimension and day: rankings over many days stay exact unless a day had more distinct keys than this. */
export const KEYS_PER_DIMENSION = 500;

/** A day's counts. Sessions are those with at least one page view that day; a bounce is a session of one page view. */
export type DayTotals = {
  day: Day;
  visitors: number;
  sessions: number;
  page_views: number;
  bounces: number;
  page_load_samples: number;
  page_load_total_ms: number;
};
export type RankingRow = { day: Day; dimension: RankingDimension; key: string; count: number };
export type HistogramRow = { day: Day; metric: HistogramMetric; bucket_min: number; count: number };
/** Everything a rollup holds for some days, whether stored or computed from raw events. */
export type DayStats = { totals: DayTotals[]; rankings: RankingRow[]; histograms: HistogramRow[] };

const TOTAL_FIELDS = ['visitors', 'sessions', 'page_views', 'bounces', 'page_load_samples', 'page_load_total_ms'] as const;

const zeroTotals = (day: Day): DayTotals => ({ day, visitors: 0, sessions: 0, page_views: 0, bounces: 0, page_load_samples: 0, page_load_total_ms: 0 });

/**
 * A day's rollup computed from its raw events, in one statement (one snapshot). A visitor session is a session id's
 * events of the day: its entry page is its first page view, its exit page its last, its referrer, screen, device and
 * browser those of its first page view, and its duration the longest of what its heartbeats and end reported and the
 * time between its first and last event. `events` reads a time range so the received_at index serves it.
 */
const COMPUTE_DAYS = `
  WITH events AS NOT MATERIALIZED (
    SELECT * FROM tracking.visitor_events WHERE received_at >= $1 AND received_at < $2 AND day = ANY($3::date[])
  ),
  sessions AS MATERIALIZED (
    SELECT a.day, a.page_views, a.duration_ms, f.path AS entry_page, l.path AS exit_page, f.referrer_host, f.screen, f.device, f.browser
    FROM (
      SELECT day, session_id, count(*) FILTER (WHERE kind = 'pageview') AS page_views,
        GREATEST(COALESCE(max(session_duration_ms), 0), COALESCE(max(total_duration_ms), 0),
                 (EXTRACT(EPOCH FROM max(received_at) - min(received_at)) * 1000)::bigint) AS duration_ms
      FROM events GROUP BY day, session_id
    ) a
    JOIN (
      SELECT DISTINCT ON (day, session_id) day, session_id, path, referrer_host, screen, device, browser
      FROM events WHERE kind = 'pageview' ORDER BY day, session_id, received_at, event_id
    ) f USING (day, session_id)
    JOIN (
      SELECT DISTINCT ON (day, session_id) day, session_id, path
      FROM events WHERE kind = 'pageview' ORDER BY day, session_id, received_at DESC, event_id DESC
    ) l USING (day, session_id)
  ),
  counted AS (
    SELECT day, 'page' AS name, path AS key, count(*) AS value FROM events WHERE kind = 'pageview' GROUP BY day, path
    UNION ALL SELECT day, 'entry_page', entry_page, count(*) FROM sessions GROUP BY day, entry_page
    UNION ALL SELECT day, 'exit_page', exit_page, count(*) FROM sessions GROUP BY day, exit_page
    UNION ALL SELECT day, 'referrer', COALESCE(referrer_host, $7), count(*) FROM sessions GROUP BY 1, 3
    UNION ALL SELECT day, 'screen', COALESCE(screen, $8), count(*) FROM sessions GROUP BY 1, 3
    UNION ALL SELECT day, 'device', COALESCE(device, 'unknown'), count(*) FROM sessions GROUP BY 1, 3
    UNION ALL SELECT day, 'browser', COALESCE(browser, $8), count(*) FROM sessions GROUP BY 1, 3
  ),
  ranked AS (
    SELECT day, name, key, value, row_number() OVER (PARTITION BY day, name ORDER BY value DESC, key) AS rank FROM counted
  )
  SELECT 'ranking' AS part, day::text AS day, name, key, value FROM ranked WHERE rank <= $4
  UNION ALL
  SELECT 'histogram', day::text, 'page_load_ms', (($5::int[])[width_bucket(page_load_ms, $5::int[])])::text, count(*)
  FROM events WHERE page_load_ms IS NOT NULL GROUP BY day, 4
  UNION ALL
  SELECT 'histogram', day::text, 'session_duration_s', (($6::int[])[width_bucket(LEAST(duration_ms / 1000, 2147483647)::int, $6::int[])])::text, count(*)
  FROM sessions GROUP BY day, 4
  UNION ALL
  SELECT 'total', e.day::text, t.name, NULL, t.value
  FROM (
    SELECT day, count(DISTINCT visitor_id) AS visitors, count(*) FILTER (WHERE kind = 'pageview') AS page_views,
      count(page_load_ms) AS page_load_samples, COALESCE(sum(page_load_ms), 0) AS page_load_total_ms
    FROM events GROUP BY day
  ) e
  CROSS JOIN LATERAL (VALUES ('visitors', e.visitors), ('page_views', e.page_views), ('page_load_samples', e.page_load_samples),
                             ('page_load_total_ms', e.page_load_total_ms)) AS t(name, value)
  UNION ALL
  SELECT 'total', s.day::text, t.name, NULL, t.value
  FROM (SELECT day, count(*) AS sessions, count(*) FILTER (WHERE page_views = 1) AS bounces FROM sessions GROUP BY day) s
  CROSS JOIN LATERAL (VALUES ('sessions', s.sessions), ('bounces', s.bounces)) AS t(name, value)`;

type ComputedRow = { part: 'ranking' | 'histogram' | 'total'; day: Day; name: string; key: string | null; value: string };

const TOTALS_ROW = `day::text AS day, ${TOTAL_FIELDS.map((field) => `${field}::float8 AS ${field}`).join(', ')}`;

/** The reader and writer of the daily rollups, and the raw-event queries that make them. */
@Injectable()
export class RollupsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The rollups of `days` computed from their raw events now (every day answered, zero without events). */
  async computeDays(days: readonly Day[], manager: EntityManager = this.dataSource.manager): Promise<DayStats> {
    if (days.length === 0) return { totals: [], rankings: [], histograms: [] };
    const sorted = [...days].sort();
    const rows = await manager.query<ComputedRow[]>(COMPUTE_DAYS, [
      startOfDay(sorted[0]!).toISOString(),
      startOfDay(addDays(sorted[sorted.length - 1]!, 1)).toISOString(),
      sorted,
      KEYS_PER_DIMENSION,
      HISTOGRAM_BOUNDS.page_load_ms,
      HISTOGRAM_BOUNDS.session_duration_s,
      TRACKING_TEXTS.directReferrer,
      TRACKING_TEXTS.unknown,
    ]);
    const totals = new Map(sorted.map((day) => [day, zeroTotals(day)]));
    const stats: DayStats = { totals: [...totals.values()], rankings: [], histograms: [] };
    for (const row of rows) {
      const value = Number(row.value);
      if (row.part === 'total') totals.get(row.day)![row.name as (typeof TOTAL_FIELDS)[number]] = value;
      else if (row.part === 'ranking') stats.rankings.push({ day: row.day, dimension: row.name as RankingDimension, key: row.key!, count: value });
      else stats.histograms.push({ day: row.day, metric: row.name as HistogramMetric, bucket_min: Number(row.key), count: value });
    }
    return stats;
  }

  /**
   * Rolls one day up from its raw events, replacing what was stored for it. The day's row is locked meanwhile, so an
   * event of that day written during the rollup marks the day stale only after this commits (see markDays).
   */
  async rollUpDay(day: Day): Promise<DayTotals> {
    await this.dataSource.query('INSERT INTO tracking.daily_rollups (day) VALUES ($1) ON CONFLICT (day) DO NOTHING', [day]);
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT day FROM tracking.daily_rollups WHERE day = $1 FOR UPDATE', [day]);
      const stats = await this.computeDays([day], manager);
      const totals = stats.totals[0]!;
      await manager.query('DELETE FROM tracking.daily_rankings WHERE day = $1', [day]);
      await manager.query('DELETE FROM tracking.daily_histograms WHERE day = $1', [day]);
      await manager.query('INSERT INTO tracking.daily_rankings (day, dimension, key, count) SELECT $1, * FROM unnest($2::text[], $3::text[], $4::int[])', [
        day,
        stats.rankings.map((row) => row.dimension),
        stats.rankings.map((row) => row.key),
        stats.rankings.map((row) => row.count),
      ]);
      await manager.query('INSERT INTO tracking.daily_histograms (day, metric, bucket_min, count) SELECT $1, * FROM unnest($2::text[], $3::int[], $4::int[])', [
        day,
        stats.histograms.map((row) => row.metric),
        stats.histograms.map((row) => row.bucket_min),
        stats.histograms.map((row) => row.count),
      ]);
      await manager.query(
        `UPDATE tracking.daily_rollups SET ${TOTAL_FIELDS.map((field, index) => `${field} = $${index + 2}`).join(', ')}, stale = false, rolled_up_at = now()
         WHERE day = $1`,
        [day, ...TOTAL_FIELDS.map((field) => totals[field])],
      );
      return totals;
    });
  }

  /** Finished days (before `today`) whose rollup is missing or out of date, oldest first. */
  async staleDaysBefore(today: Day): Promise<Day[]> {
    const rows = await this.dataSource.query<{ day: Day }[]>('SELECT day::text AS day FROM tracking.daily_rollups WHERE stale AND day < $1 ORDER BY day', [today]);
    return rows.map((row) => row.day);
  }

  /** Which of `days` have an up-to-date rollup. */
  async rolledUp(days: readonly Day[]): Promise<Set<Day>> {
    const rows = await this.dataSource.query<{ day: Day }[]>('SELECT day::text AS day FROM tracking.daily_rollups WHERE day = ANY($1::date[]) AND NOT stale', [days]);
    return new Set(rows.map((row) => row.day));
  }

  /** Every day with events whose rollup is not up to date (today's among them). */
  async staleDays(): Promise<Day[]> {
    const rows = await this.dataSource.query<{ day: Day }[]>('SELECT day::text AS day FROM tracking.daily_rollups WHERE stale ORDER BY day');
    return rows.map((row) => row.day);
  }

  /** The stored rollups of `days`: their totals, rankings and histograms. */
  async stored(days: readonly Day[]): Promise<DayStats> {
    if (days.length === 0) return { totals: [], rankings: [], histograms: [] };
    const [totals, rankings, histograms] = await Promise.all([
      this.dataSource.query<DayTotals[]>(`SELECT ${TOTALS_ROW} FROM tracking.daily_rollups WHERE day = ANY($1::date[]) ORDER BY day`, [days]),
      this.dataSource.query<RankingRow[]>('SELECT day::text AS day, dimension, key, count FROM tracking.daily_rankings WHERE day = ANY($1::date[])', [days]),
      this.dataSource.query<HistogramRow[]>('SELECT day::text AS day, metric, bucket_min, count FROM tracking.daily_histograms WHERE day = ANY($1::date[])', [days]),
    ]);
    return { totals, rankings, histograms };
  }

  /**
   * The `limit` largest keys of each dimension over stored days and rows computed live, summed per key. The live rows
   * travel as arrays so the sum and the ranking happen in one query.
   */
  async topKeys(storedDays: readonly Day[], live: readonly RankingRow[], limit: number): Promise<{ dimension: RankingDimension; key: string; count: number }[]> {
    return this.dataSource.query(
      `SELECT dimension, key, count FROM (
         SELECT dimension, key, sum(count)::float8 AS count, row_number() OVER (PARTITION BY dimension ORDER BY sum(count) DESC, key) AS rank
         FROM (
           SELECT dimension, key, count FROM tracking.daily_rankings WHERE day = ANY($1::date[])
           UNION ALL SELECT * FROM unnest($2::text[], $3::text[], $4::int[])
         ) rows GROUP BY dimension, key
       ) ranked WHERE rank <= $5 ORDER BY dimension, rank`,
      [storedDays, live.map((row) => row.dimension), live.map((row) => row.key), live.map((row) => row.count), limit],
    );
  }

  /** Sums of the stored totals of every rolled-up day. */
  async storedTotalsAllTime(): Promise<Pick<DayTotals, 'sessions' | 'page_views'>> {
    const [row] = await this.dataSource.query<{ sessions: number; page_views: number }[]>(
      'SELECT COALESCE(sum(sessions), 0)::float8 AS sessions, COALESCE(sum(page_views), 0)::float8 AS page_views FROM tracking.daily_rollups WHERE NOT stale',
    );
    return row ?? { sessions: 0, page_views: 0 };
  }

  /** Rolled-up days before `cutoff` that may still hold raw events. */
  async purgeableDaysBefore(cutoff: Day): Promise<Day[]> {
    const rows = await this.dataSource.query<{ day: Day }[]>(
      `SELECT r.day::text AS day FROM tracking.daily_rollups r
       WHERE r.day < $1 AND NOT r.stale
         AND EXISTS (SELECT 1 FROM tracking.visitor_events e WHERE e.received_at >= r.day::timestamp AT TIME ZONE 'UTC'
                                                             AND e.received_at < (r.day + 1)::timestamp AT TIME ZONE 'UTC')
       ORDER BY r.day`,
      [cutoff],
    );
    return rows.map((row) => row.day);
  }

  /**
   * Deletes a rolled-up day's raw events in chunks (short transactions, no long lock on the table); the day must still
   * be rolled up and up to date when each chunk goes. Answers how many rows went.
   */
  async purgeDay(day: Day, chunk = 10_000): Promise<number> {
    let deleted = 0;
    for (;;) {
      const [, affected] = (await this.dataSource.query(
        `DELETE FROM tracking.visitor_events WHERE ctid = ANY(ARRAY(
           SELECT e.ctid FROM tracking.visitor_events e
           WHERE e.received_at >= $2 AND e.received_at < $3 AND e.day = $1
             AND EXISTS (SELECT 1 FROM tracking.daily_rollups r WHERE r.day = $1 AND NOT r.stale)
           LIMIT $4))`,
        [day, startOfDay(day).toISOString(), startOfDay(addDays(day, 1)).toISOString(), chunk],
      )) as [unknown, number];
      deleted += affected;
      if (affected < chunk) return deleted;
    }
  }
}
