import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ServicePlatformModule } from '@nivesh/platform';
import { ANALYTICS_ENTITIES } from './analytics/analytics.entity';
import { AnalyticsHandler } from './analytics/analytics.handler';
import { AnalyticsRepository } from './analytics/analytics.repository';
import { AnalyticsService } from './analytics/analytics.service';
import { StatisticsService } from './analytics/statistics.service';
import type { Config } from './config';
import { MIGRATIONS, SCHEMA } from './migrations';
import { MaintenanceProcessor } from './maintenance/maintenance.processor';
import { RollupsRepository } from './visitors/rollups.repository';
import { VisitorEventsProcessor } from './visitors/visitor-events.processor';
import { VisitorEventsRepository } from './visitors/visitor-events.repository';
import { VisitorStatsService } from './visitors/visitor-stats.service';

@Module({})
export class AppModule {
  static register(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServicePlatformModule.forService({ service: 'tracking', config, database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ANALYTICS_ENTITIES } }),
        TypeOrmModule.forFeature(ANALYTICS_ENTITIES),
      ],
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
    };
  }
}
