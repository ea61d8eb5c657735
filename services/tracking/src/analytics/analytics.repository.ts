import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { ActionCategoryRow, CurrentUser } from '@nivesh/proto';
import { type DataSource, IsNull, MoreThanOrEqual, type Repository } from 'typeorm';
import type { Day } from '../days';
import { AnalyticsActionEntity } from './analytics-action.entity';
import { AnalyticsPageVisitEntity } from './analytics-page-visit.entity';
import { AnalyticsSessionEntity } from './analytics-session.entity';

export type NewAction = Omit<AnalyticsActionEntity, 'id' | 'session_id' | 'user_id' | 'created_at'>;

/** The figures of the opt-in analytics over a time range (proto's FIGURE_DEFINITIONS: sessions, users, ...). */
export type AnalyticsCounts = { sessions: number; unique_users: number; anonymous_sessions: number; page_visits: number; actions: number };
export type AnalyticsDay = AnalyticsCounts & { day: Day };
/** The figures of each UTC day of a range that has any, and of the whole range (users are distinct over it). */
export type AnalyticsActivity = { total: AnalyticsCounts; days: AnalyticsDay[] };
export type AnalyticsTotals = AnalyticsCounts & {
  failed_actions: number;
  avg_session_duration_seconds: number | null;
  avg_response_time_ms: number | null;
};
export type AnalyticsPeriod = {
  totals: AnalyticsTotals;
  daily: AnalyticsDay[];
  top_pages: { page_name: string; visits: number }[];
  top_actions: { action_type: string; count: number }[];
  categories: Omit<ActionCategoryRow, 'error_rate'>[];
};

const utcDayOf = (column: string) => `(${column} AT TIME ZONE 'UTC')::date::text`;

/**
 * Figures of one table per UTC day and over the whole range [$1, $2] (the row whose day is null), in one statement, so
 * the days and the total are counted alike. Each figure is written here once.
 */
const FIGURES = [
  {
    table: 'analytics_sessions',
    at: 'started_at',
    select: `count(*)::int AS sessions, count(DISTINCT user_id)::int AS unique_users, (count(*) FILTER (WHERE user_id IS NULL))::int AS anonymous_sessions`,
  },
  { table: 'analytics_page_visits', at: 'visited_at', select: 'count(*)::int AS page_visits' },
  { table: 'analytics_actions', at: 'created_at', select: 'count(*)::int AS actions' },
].map(
  ({ table, at, select }) =>
    `SELECT ${utcDayOf(at)} AS day, ${select} FROM tracking.${table} WHERE ${at} >= $1 AND ${at} <= $2 GROUP BY GROUPING SETS ((${utcDayOf(at)}), ())`,
);

const NO_ACTIVITY: AnalyticsCounts = { sessions: 0, unique_users: 0, anonymous_sessions: 0, page_visits: 0, actions: 0 };

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

  /** Signed-in users with an open session active in [since, until]: each user's latest session, most recent first. */
  async currentUsers(since: Date, until: Date): Promise<CurrentUser[]> {
    const rows = await this.dataSource.query<{ user_id: string; session_id: string; page_name: string; last_seen_at: Date }[]>(
      `SELECT DISTINCT ON (user_id) user_id, id AS session_id, last_page AS page_name, last_seen_at
       FROM tracking.analytics_sessions WHERE ended_at IS NULL AND last_seen_at >= $1 AND last_seen_at <= $2 AND user_id IS NOT NULL
       ORDER BY user_id, last_seen_at DESC`,
      [since.toISOString(), until.toISOString()],
    );
    return rows
      .map((row) => ({ ...row, last_seen_at: new Date(row.last_seen_at).toISOString() }))
      .sort((a, b) => b.last_seen_at.localeCompare(a.last_seen_at));
  }

  /** The analytics figures of [from, to] (from null: all time), per day and over the whole range. */
  async activity(from: Date | null, to: Date): Promise<AnalyticsActivity> {
    const range = [from?.toISOString() ?? '-infinity', to.toISOString()];
    const results = await Promise.all(FIGURES.map((sql) => this.dataSource.query<(Partial<AnalyticsCounts> & { day: Day | null })[]>(sql, range)));
    const total: AnalyticsCounts = { ...NO_ACTIVITY };
    const days = new Map<Day, AnalyticsDay>();
    for (const { day, ...figures } of results.flat()) {
      if (day === null) Object.assign(total, figures);
      else Object.assign(days.get(day) ?? days.set(day, { day, ...NO_ACTIVITY }).get(day)!, figures);
    }
    return { total, days: [...days.values()].sort((a, b) => a.day.localeCompare(b.day)) };
  }

  /** Everything the overview shows of the analytics in [from, to], rankings cut to `limit` rows. */
  async period(from: Date, to: Date, limit: number, noCategory: string): Promise<AnalyticsPeriod> {
    const range = [from.toISOString(), to.toISOString()];
    const [activity, [extra], top_pages, top_actions, categories] = await Promise.all([
      this.activity(from, to),
      this.dataSource.query<Omit<AnalyticsTotals, keyof AnalyticsCounts>[]>(
        `SELECT
           (SELECT count(*) FROM tracking.analytics_actions WHERE created_at >= $1 AND created_at <= $2 AND NOT success)::int AS failed_actions,
           (SELECT avg(EXTRACT(EPOCH FROM COALESCE(ended_at, last_seen_at) - started_at)) FROM tracking.analytics_sessions WHERE started_at >= $1 AND started_at <= $2)::float8
             AS avg_session_duration_seconds,
           (SELECT avg(response_time_ms) FROM tracking.analytics_actions WHERE created_at >= $1 AND created_at <= $2)::float8 AS avg_response_time_ms`,
        range,
      ),
      this.dataSource.query<{ page_name: string; visits: number }[]>(
        `SELECT page_name, count(*)::int AS visits FROM tracking.analytics_page_visits WHERE visited_at >= $1 AND visited_at <= $2
         GROUP BY page_name ORDER BY visits DESC, page_name LIMIT $3`,
        [...range, limit],
      ),
      this.dataSource.query<{ action_type: string; count: number }[]>(
        `SELECT action_type, count(*)::int AS count FROM tracking.analytics_actions WHERE created_at >= $1 AND created_at <= $2
         GROUP BY action_type ORDER BY count DESC, action_type LIMIT $3`,
        [...range, limit],
      ),
      this.dataSource.query<Omit<ActionCategoryRow, 'error_rate'>[]>(
        `SELECT COALESCE(action_category, $4) AS category, count(*)::int AS actions, (count(*) FILTER (WHERE NOT success))::int AS errors
         FROM tracking.analytics_actions WHERE created_at >= $1 AND created_at <= $2 GROUP BY 1 ORDER BY actions DESC, category LIMIT $3`,
        [...range, limit, noCategory],
      ),
    ]);
    return { totals: { ...activity.total, ...extra! }, daily: activity.days, top_pages, top_actions, categories };
  }
}
