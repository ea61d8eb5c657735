import { type DynamicModule, Module } from '@nestjs/common';
import { serviceModule } from '@nivesh/platform';
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

@Module({})
export class AppModule {
  static register(config: Config): DynamicModule {
    return serviceModule(AppModule, {
      service: 'tracking',
      config,
      database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES },
      controllers: [AnalyticsHandler],
      providers: [
        VisitorEventsRepository,
        RollupsRepository,
        AnalyticsRepository,
        VisitorStatsService,
        AnalyticsService,
        StatisticsService,
        VisitorEventsProcessor,
        MaintenanceProcessor,
      ],
    });
  }
}
