import { createSchemaMigration } from '@nivesh/platform';
import { CreateMarketData1763949600000 } from './1763949600000-create-market-data';
import { CorporateActionSources1764115200000 } from './1764115200000-corporate-action-sources';
import { DailyBarsDateIndex1764201600000 } from './1764201600000-daily-bars-date-index';
import { CorporateActionFactors1764374400000 } from './1764374400000-corporate-action-factors';
import { CreateFilings1796169600000 } from './1796169600000-create-filings';
import { CreateNews1796256000000 } from './1796256000000-create-news';
import { NewsAiSummaries1796688000000 } from './1796688000000-news-ai-summaries';
import { DailyIngest1798000000000 } from './1798000000000-daily-ingest';
import { ActionAnnouncements1798100000000 } from './1798100000000-action-announcements';

/** The service's PostgreSQL schema. */
export const SCHEMA = 'market';

/** Migrations in the order they apply; listed explicitly so builds and bundles find them. */
export const MIGRATIONS = [
  createSchemaMigration(SCHEMA, 1763776800000),
  CreateMarketData1763949600000,
  CorporateActionSources1764115200000,
  DailyBarsDateIndex1764201600000,
  CorporateActionFactors1764374400000,
  CreateFilings1796169600000,
  CreateNews1796256000000,
  NewsAiSummaries1796688000000,
  DailyIngest1798000000000,
  ActionAnnouncements1798100000000,
];
