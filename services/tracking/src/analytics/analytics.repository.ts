import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { ActionCategoryRow, CurrentUser } from '@nivesh/proto';
import { type DataSource, IsNull, MoreThanOrEqual, type Repository } from 'typeorm';
import type { Day } from '../days';
import { AnalyticsActionEntity, AnalyticsPageVisitEntity, AnalyticsSessionEntity } from './analytics.entity';

export type NewAction = Omit<AnalyticsActionEntity, 'id' | 'session_id' | 'user_id' | 'created_at'>;

/** Counts of the opt-in analytics over a period. */
export type AnalyticsCounts = { analytics_sessions: number; unique_users: number; page_visits: number; actions: number };
export type AnalyticsTotals = AnalyticsCounts & {
  failed_actions: number;
  avg_session_duration_seconds: number | null;
  avg_response_time_ms: number | null;
};
export type AnalyticsDay = { day: Day; sessions: number; unique_users: number; page_visits: number; actions: number };
export type AnalyticsPeriod = {
  totals: AnalyticsTotals;
  daily: AnalyticsDay[];
  top_pages: { page_name: string; visits: number }[];
  top_actions: { action_type: string; count: number }[];
  categories: Omit<ActionCategoryRow, 'error_rate'>[];
};

const COUNTS = `
  (SELECT count(*) FROM tracking.analytics_sessions WHERE started_at >= $1)::int AS analytics_sessions,
  (SELECT count(DISTINCT user_id) FROM tracking.analytics_sessions WHERE started_at >= $1)::int AS unique_users,
  (SELECT count(*) FROM tracking.analytics_page_visits WHERE visited_at >= $1)::int AS page_visits,
  (SELECT count(*) FROM tracking.analytics_actions WHERE created_at >= $1)::int AS actions`;

const utcDayOf = (column: string) => `(${column} AT TIME ZONE 'UTC')::date::text`;

/** The one reader and writer of the analytics tables. */
@Injectable()
export class AnalyticsRepository {
  constructor(
    @InjectRepository(AnalyticsSessionEntity) private readonly sessions: Repository<AnalyticsSessionEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Deletes the analytics sessions (with their page visits and actions, by cascade) last used before `cutoff`: the
   * opt-in data tied to an account is kept for the retention the profile page states. Returns how many sessions went.
   */
  async purgeBefore(cutoff: Date): Promise<number> {
    const [, affected] = (await this.dataSource.query('DELETE FROM tracking.analytics_sessions WHERE last_seen_at < $1', [cutoff])) as [unknown, number];
    return affected;
  }

  /** Opens a session; the page it starts on is its first page visit. */
  async start(session: { id: string; user_id: string | null; page_name: string; at: Date }): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(AnalyticsSessionEntity, {
        id: session.id,
        user_id: session.user_id,
        started_at: session.at,
        last_seen_at: session.at,
        ended_at: null,
        entry_page: session.page_name,
        last_page: session.page_name,
      });
      await manager.insert(AnalyticsPageVisitEntity, { session_id: session.id, user_id: session.user_id, page_name: session.page_name, referrer_page: null, visited_at: session.at });
    });
  }

  findById(id: string): Promise<AnalyticsSessionEntity | null> {
    return this.sessions.findOneBy({ id });
  }

  /** The user's most recently started session that is not ended and was active at or after `activeSince`. */
  latestOpen(userId: string, activeSince: Date): Promise<AnalyticsSessionEntity | null> {
    return this.sessions.findOne({
      where: { user_id: userId, ended_at: IsNull(), last_seen_at: MoreThanOrEqual(activeSince) },
      order: { started_at: 'DESC' },
    });
  }

  /** Ends a session that is still open; null when it was ended already. */
  async end(id: string, at: Date): Promise<AnalyticsSessionEntity | null> {
    const [rows] = (await this.dataSource.query(
      `UPDATE tracking.analytics_sessions SET ended_at = GREATEST($2::timestamptz, started_at), last_seen_at = GREATEST($2::timestamptz, last_seen_at)
       WHERE id = $1 AND ended_at IS NULL RETURNING id, started_at, ended_at`,
      [id, at.toISOString()],
    )) as [Pick<AnalyticsSessionEntity, 'id' | 'started_at' | 'ended_at'>[], number];
    const row = rows[0];
    return row ? this.sessions.create(row) : null;
  }

  async addPageVisit(session: AnalyticsSessionEntity, visit: { page_name: string; referrer_page: string | null; at: Date }): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.insert(AnalyticsPageVisitEntity, {
        session_id: session.id,
        user_id: session.user_id,
        page_name: visit.page_name,
        referrer_page: visit.referrer_page,
        visited_at: visit.at,
      });
      await manager.update(AnalyticsSessionEntity, { id: session.id }, { last_seen_at: visit.at, last_page: visit.page_name });
    });
  }

  async addAction(session: AnalyticsSessionEntity, action: NewAction, at: Date): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // Raw SQL: TypeORM's insert types cannot take a free-form jsonb record.
      await manager.query(
        `INSERT INTO tracking.analytics_actions (session_id, user_id, action_type, action_category, action_target, page_name, action_data,
           response_time_ms, success, error_message, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10, $11)`,
        [
          session.id,
          session.user_id,
          action.action_type,
          action.action_category,
          action.action_target,
          action.page_name,
          action.action_data === null ? null : JSON.stringify(action.action_data),
          action.response_time_ms,
          action.success,
          action.error_message,
          at.toISOString(),
        ],
      );
      await manager.update(AnalyticsSessionEntity, { id: session.id }, { last_seen_at: at, ...(action.page_name ? { last_page: action.page_name } : {}) });
    });
  }

  /** Signed-in users with an open session active at or after `since`: each user's latest session, most recent first. */
  async currentUsers(since: Date): Promise<CurrentUser[]> {
    const rows = await this.dataSource.query<{ user_id: string; session_id: string; page_name: string; last_seen_at: Date }[]>(
      `SELECT DISTINCT ON (user_id) user_id, id AS session_id, last_page AS page_name, last_seen_at
       FROM tracking.analytics_sessions WHERE ended_at IS NULL AND last_seen_at >= $1 AND user_id IS NOT NULL
       ORDER BY user_id, last_seen_at DESC`,
      [since.toISOString()],
    );
    return rows
      .map((row) => ({ ...row, last_seen_at: new Date(row.last_seen_at).toISOString() }))
      .sort((a, b) => b.last_seen_at.localeCompare(a.last_seen_at));
  }

  /** Counts since `since` (all time with null). */
  async counts(since: Date | null): Promise<AnalyticsCounts> {
    const [row] = await this.dataSource.query<AnalyticsCounts[]>(`SELECT ${COUNTS}`, [since?.toISOString() ?? '-infinity']);
    return row!;
  }

  /** Everything the overview shows of the analytics since `from`, rankings cut to `limit` rows. */
  async period(from: Date, limit: number, noCategory: string): Promise<AnalyticsPeriod> {
    const since = [from.toISOString()];
    const [[totals], sessionDays, visitDays, actionDays, top_pages, top_actions, categories] = await Promise.all([
      this.dataSource.query<AnalyticsTotals[]>(
        `SELECT ${COUNTS},
           (SELECT count(*) FROM tracking.analytics_actions WHERE created_at >= $1 AND NOT success)::int AS failed_actions,
           (SELECT avg(EXTRACT(EPOCH FROM COALESCE(ended_at, last_seen_at) - started_at)) FROM tracking.analytics_sessions WHERE started_at >= $1)::float8
             AS avg_session_duration_seconds,
           (SELECT avg(response_time_ms) FROM tracking.analytics_actions WHERE created_at >= $1)::float8 AS avg_response_time_ms`,
        since,
      ),
      this.dataSource.query<{ day: Day; sessions: number; unique_users: number }[]>(
        `SELECT ${utcDayOf('started_at')} AS day, count(*)::int AS sessions, count(DISTINCT user_id)::int AS unique_users
         FROM tracking.analytics_sessions WHERE started_at >= $1 GROUP BY 1`,
        since,
      ),
      this.dataSource.query<{ day: Day; page_visits: number }[]>(
        `SELECT ${utcDayOf('visited_at')} AS day, count(*)::int AS page_visits FROM tracking.analytics_page_visits WHERE visited_at >= $1 GROUP BY 1`,
        since,
      ),
      this.dataSource.query<{ day: Day; actions: number }[]>(
        `SELECT ${utcDayOf('created_at')} AS day, count(*)::int AS actions FROM tracking.analytics_actions WHERE created_at >= $1 GROUP BY 1`,
        since,
      ),
      this.dataSource.query<{ page_name: string; visits: number }[]>(
        `SELECT page_name, count(*)::int AS visits FROM tracking.analytics_page_visits WHERE visited_at >= $1
         GROUP BY page_name ORDER BY visits DESC, page_name LIMIT $2`,
        [...since, limit],
      ),
      this.dataSource.query<{ action_type: string; count: number }[]>(
        `SELECT action_type, count(*)::int AS count FROM tracking.analytics_actions WHERE created_at >= $1
         GROUP BY action_type ORDER BY count DESC, action_type LIMIT $2`,
        [...since, limit],
      ),
      this.dataSource.query<Omit<ActionCategoryRow, 'error_rate'>[]>(
        `SELECT COALESCE(action_category, $3) AS category, count(*)::int AS actions, (count(*) FILTER (WHERE NOT success))::int AS errors
         FROM tracking.analytics_actions WHERE created_at >= $1 GROUP BY 1 ORDER BY actions DESC, category LIMIT $2`,
        [...since, limit, noCategory],
      ),
    ]);
    const daily = new Map<Day, AnalyticsDay>();
    const dayOf = (day: Day) => daily.get(day) ?? daily.set(day, { day, sessions: 0, unique_users: 0, page_visits: 0, actions: 0 }).get(day)!;
    for (const row of sessionDays) Object.assign(dayOf(row.day), { sessions: row.sessions, unique_users: row.unique_users });
    for (const row of visitDays) dayOf(row.day).page_visits = row.page_visits;
    for (const row of actionDays) dayOf(row.day).actions = row.actions;
    return { totals: totals!, daily: [...daily.values()], top_pages, top_actions, categories };
  }
}
