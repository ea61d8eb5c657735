import { serviceRoot } from '@nivesh/platform';
import { AnalyticsHandler } from './analytics/analytics.handler';
import { AnalyticsRepository } from './analytics/analytics.repository';
import { AnalyticsService } from './analytics/analytics.service';
import { StatisticsService } from './analytics/statistics.service';
import type { Config } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS, SCHEMA } from './migrations';
import { MaintenanceProcessor } from './maintenance/maintenance.processor';
import { RollupsRepository } from './visitors/rollups.repository';
import { VisitorEventsProcessor } from './visitors/visitor-events.processor';
import { VisitorEventsRepository } from './visitors/visitor-events.repository';
import { VisitorStatsService } from './visitors/visitor-stats.service';

/** The tracking service: visitors' page views and heartbeats, their daily roll-ups, and the admin's analytics. */
export const AppModule = serviceRoot<Config>({
  service: 'tracking',
  database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES },
  controllers: [AnalyticsHandler],
  providers: [
    VisitorEventsRepository, RollupsRepository, VisitorStatsService, VisitorEventsProcessor,
    AnalyticsRepository, AnalyticsService, StatisticsService,
    MaintenanceProcessor,
  ],
});
