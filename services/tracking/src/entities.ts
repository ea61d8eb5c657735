import { AnalyticsActionEntity } from './analytics/analytics-action.entity';
import { AnalyticsPageVisitEntity } from './analytics/analytics-page-visit.entity';
import { AnalyticsSessionEntity } from './analytics/analytics-session.entity';

/** Every TypeORM entity of the tracking schema (visitor events and daily roll-ups are read and written in raw SQL). */
export const ENTITIES = [AnalyticsSessionEntity, AnalyticsPageVisitEntity, AnalyticsActionEntity];
