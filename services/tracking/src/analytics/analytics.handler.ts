import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  type AnalyticsActionPayload,
  type AnalyticsBasicStatsPayload,
  type AnalyticsCurrentUsersPayload,
  type AnalyticsOverviewPayload,
  type AnalyticsPageVisitPayload,
  type AnalyticsSessionEndPayload,
  type AnalyticsSessionStartPayload,
  TRACKING,
} from '@nivesh/proto';
import { AnalyticsService } from './analytics.service';
import { StatisticsService } from './statistics.service';

/** The analytics calls of the specification (section 7) and the admin statistics. */
@Controller()
export class AnalyticsHandler {
  constructor(
    private readonly analytics: AnalyticsService,
    private readonly statistics: StatisticsService,
  ) {}

  @MessagePattern(TRACKING.analyticsSessionStart.pattern)
  sessionStart(@Payload() payload: AnalyticsSessionStartPayload) {
    return this.analytics.start(payload);
  }

  @MessagePattern(TRACKING.analyticsSessionEnd.pattern)
  sessionEnd(@Payload() payload: AnalyticsSessionEndPayload) {
    return this.analytics.end(payload);
  }

  @MessagePattern(TRACKING.analyticsPageVisit.pattern)
  pageVisit(@Payload() payload: AnalyticsPageVisitPayload) {
    return this.analytics.pageVisit(payload);
  }

  @MessagePattern(TRACKING.analyticsAction.pattern)
  action(@Payload() payload: AnalyticsActionPayload) {
    return this.analytics.action(payload);
  }

  @MessagePattern(TRACKING.analyticsOverview.pattern)
  overview(@Payload() payload: AnalyticsOverviewPayload) {
    return this.statistics.overview(payload);
  }

  @MessagePattern(TRACKING.analyticsCurrentUsers.pattern)
  currentUsers(@Payload() payload: AnalyticsCurrentUsersPayload) {
    return this.statistics.currentUsers(payload);
  }

  @MessagePattern(TRACKING.analyticsBasicStats.pattern)
  basicStats(@Payload() payload: AnalyticsBasicStatsPayload) {
    return this.statistics.basicStats(payload);
  }
}
