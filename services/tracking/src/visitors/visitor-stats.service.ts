import { Inject, Injectable } from '@nestjs/common';
import { ANALYTICS_TOP_ROWS, CURRENT_USERS_WINDOW_MINUTES, type VisitorOverview } from '@nivesh/proto';
import { SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { addDays, type Day, startOfDay, utcDay } from '../days';
import { type DayStats, type DayTotals, RollupsRepository } from './rollups.repository';
import { VisitorEventsRepository } from './visitor-events.repository';
import { visitorOverviewOf } from './visitor-overview';

/** The visitor numbers of a period: the dashboard, and each day's totals. */
export type VisitorPeriod = { overview: VisitorOverview; days: DayTotals[] };

export const liveWindowStart = (now: Date): Date => new Date(now.getTime() - CURRENT_USERS_WINDOW_MINUTES * 60_000);

/** Where the window of visitors now starts: the live window, cut at midnight so it holds only today's visitor hashes. */
const visitorsNowStart = (now: Date): Date => new Date(Math.max(liveWindowStart(now).getTime(), startOfDay(utcDay(now)).getTime()));

/**
 * Visitor statistics: past days come from their rollups, and days not rolled up yet (today, and a day with a late
 * event) are computed from their raw events, one day per query so each reads only its own time range.
 */
@Injectable()
export class VisitorStatsService {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly rollups: RollupsRepository,
    private readonly events: VisitorEventsRepository,
  ) {}

  /** Rolls up every finished day whose rollup is missing or out of date, and yesterday again; answers the days. */
  async rollUp(now = new Date()): Promise<Day[]> {
    const today = utcDay(now);
    const days = [...new Set([...(await this.rollups.staleDaysBefore(today)), addDays(today, -1)])].sort();
    for (const day of days) await this.rollups.rollUpDay(day);
    return days;
  }

  /** Deletes the raw events of rolled-up days older than the retention; answers how many. */
  async purge(now = new Date()): Promise<{ days: Day[]; deleted: number }> {
    const cutoff = addDays(utcDay(now), -this.config.TRACKING_RAW_RETENTION_DAYS);
    const days = await this.rollups.purgeableDaysBefore(cutoff);
    let deleted = 0;
    for (const day of days) deleted += await this.rollups.purgeDay(day);
    return { days, deleted };
  }

  async period(days: readonly Day[], now = new Date()): Promise<VisitorPeriod> {
    const { stored, live } = await this.split(days);
    const [storedStats, liveStats, liveVisitors] = await Promise.all([this.rollups.stored(stored), this.computeEach(live), this.liveVisitors(now)]);
    const top = await this.rollups.topKeys(stored, liveStats.rankings, ANALYTICS_TOP_ROWS);
    const totals = [...storedStats.totals, ...liveStats.totals].sort((a, b) => a.day.localeCompare(b.day));
    return { overview: visitorOverviewOf({ totals, histograms: [...storedStats.histograms, ...liveStats.histograms], top, liveVisitors }), days: totals };
  }

  /**
   * Visits and page views of all time (the stored rollups plus the days not rolled up) and of `today`, each day counted
   * by the same rollup query as the overview's, so the figures agree.
   */
  async counts(today: Day): Promise<{ allTime: { sessions: number; page_views: number }; today: { sessions: number; page_views: number } }> {
    const [stored, stale] = await Promise.all([this.rollups.storedTotalsAllTime(), this.rollups.staleDays()]);
    const { totals } = await this.computeEach([...new Set([...stale, today])]);
    const todays = totals.find((row) => row.day === today)!;
    let { sessions, page_views } = stored;
    for (const row of totals.filter((day) => stale.includes(day.day))) {
      sessions += row.sessions;
      page_views += row.page_views;
    }
    return { allTime: { sessions, page_views }, today: { sessions: todays.sessions, page_views: todays.page_views } };
  }

  /** Visitors now (FIGURE_DEFINITIONS.visitorsNow), as of `now`. */
  liveVisitors(now = new Date()): Promise<number> {
    return this.events.liveVisitors(visitorsNowStart(now), now);
  }

  /** Days with an up-to-date rollup, and the others (each of which has events, or nothing to count). */
  private async split(days: readonly Day[]): Promise<{ stored: Day[]; live: Day[] }> {
    const [rolled, stale] = await Promise.all([this.rollups.rolledUp(days), this.rollups.staleDays()]);
    const staleSet = new Set(stale);
    return { stored: days.filter((day) => rolled.has(day)), live: days.filter((day) => staleSet.has(day)) };
  }

  private async computeEach(days: readonly Day[]): Promise<DayStats> {
    const stats: DayStats = { totals: [], rankings: [], histograms: [] };
    for (const day of days) {
      const one = await this.rollups.computeDays([day]);
      stats.totals.push(...one.totals);
      stats.rankings.push(...one.rankings);
      stats.histograms.push(...one.histograms);
    }
    return stats;
  }
}
