import { Injectable } from '@nestjs/common';
import {
  type ActionCategoryRow,
  type AnalyticsBasicStatsPayload,
  type AnalyticsBasicStatsResponse,
  type AnalyticsCurrentUsersPayload,
  type AnalyticsCurrentUsersResponse,
  type AnalyticsOverviewPayload,
  type AnalyticsOverviewResponse,
  ANALYTICS_TOP_ROWS,
  type Caller,
  CURRENT_USERS_WINDOW_MINUTES,
  DomainError,
} from '@nivesh/proto';
import { addDays, daysFrom, startOfDay, utcDay } from '../days';
import { TRACKING_TEXTS } from '../texts';
import { averagePageLoadOf } from '../visitors/visitor-overview';
import { liveWindowStart, VisitorStatsService } from '../visitors/visitor-stats.service';
import { type AnalyticsCounts, AnalyticsRepository } from './analytics.repository';

/** Users listed by current-users at most (the count covers all of them). */
export const CURRENT_USERS_LISTED = 100;

// The gateway lets only admins through to these calls; a service answering them checks again.
const requireAdmin = (caller: Caller): void => {
  if (!caller.is_admin) throw new DomainError('forbidden', TRACKING_TEXTS.adminOnly);
};

/** The admin statistics: the overview of the last N days, who is on the site now, and the basic counts. */
@Injectable()
export class StatisticsService {
  constructor(
    private readonly analytics: AnalyticsRepository,
    private readonly visitors: VisitorStatsService,
  ) {}

  async overview({ days, caller }: AnalyticsOverviewPayload, now = new Date()): Promise<AnalyticsOverviewResponse> {
    requireAdmin(caller);
    const today = utcDay(now);
    const first = addDays(today, 1 - days);
    const [analytics, visitors] = await Promise.all([
      this.analytics.period(startOfDay(first), now, ANALYTICS_TOP_ROWS, TRACKING_TEXTS.noCategory),
      this.visitors.period(daysFrom(first, today), now),
    ]);
    const analyticsByDay = new Map(analytics.daily.map((day) => [day.day, day]));
    const visitorsByDay = new Map(visitors.days.map((day) => [day.day, day]));
    return {
      days,
      from: startOfDay(first).toISOString(),
      to: now.toISOString(),
      totals: {
        ...analytics.totals,
        visitor_sessions: visitors.overview.sessions,
        visitor_page_views: visitors.overview.page_views,
        avg_page_load_time_ms: averagePageLoadOf(visitors.days),
      },
      daily: daysFrom(first, today).map((date) => ({
        date,
        sessions: analyticsByDay.get(date)?.sessions ?? 0,
        unique_users: analyticsByDay.get(date)?.unique_users ?? 0,
        anonymous_sessions: analyticsByDay.get(date)?.anonymous_sessions ?? 0,
        page_visits: analyticsByDay.get(date)?.page_visits ?? 0,
        actions: analyticsByDay.get(date)?.actions ?? 0,
        visitor_sessions: visitorsByDay.get(date)?.sessions ?? 0,
        visitor_page_views: visitorsByDay.get(date)?.page_views ?? 0,
        visitors: visitorsByDay.get(date)?.visitors ?? 0,
      })),
      top_pages: analytics.top_pages,
      top_actions: analytics.top_actions,
      actions_by_category: analytics.categories.map(
        (row): ActionCategoryRow => ({ ...row, error_rate: row.actions === 0 ? 0 : row.errors / row.actions }),
      ),
      visitors: visitors.overview,
    };
  }

  async currentUsers({ caller }: AnalyticsCurrentUsersPayload, now = new Date()): Promise<AnalyticsCurrentUsersResponse> {
    requireAdmin(caller);
    const since = liveWindowStart(now);
    const [users, activeVisitors] = await Promise.all([this.analytics.currentUsers(since, now), this.visitors.liveVisitors(now)]);
    return {
      as_of: now.toISOString(),
      window_minutes: CURRENT_USERS_WINDOW_MINUTES,
      active_users: users.length,
      active_visitors: activeVisitors,
      users: users.slice(0, CURRENT_USERS_LISTED),
    };
  }

  async basicStats({ caller }: AnalyticsBasicStatsPayload, now = new Date()): Promise<AnalyticsBasicStatsResponse> {
    requireAdmin(caller);
    const today = utcDay(now);
    const [allTime, todays, visitors] = await Promise.all([this.analytics.activity(null, now), this.analytics.activity(startOfDay(today), now), this.visitors.counts(today)]);
    const counts = ({ sessions, ...rest }: AnalyticsCounts, visits: { sessions: number; page_views: number }) => ({
      analytics_sessions: sessions,
      ...rest,
      visitor_sessions: visits.sessions,
      visitor_page_views: visits.page_views,
    });
    return { as_of: now.toISOString(), all_time: counts(allTime.total, visitors.allTime), today: counts(todays.total, visitors.today) };
  }
}
