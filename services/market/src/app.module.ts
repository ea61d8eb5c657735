import { serviceRoot } from '@nivesh/platform';
import { AnalysisService } from './analysis/analysis.service';
import { PriceAnomaliesRepository } from './anomalies/price-anomalies.repository';
import { AnalysisHandler } from './answers/analysis.handler';
import { FundamentalsHandler } from './answers/fundamentals.handler';
import { MarketAnswers } from './answers/market-answers';
import { MarketWarmProcessor } from './answers/market-warm.processor';
import { MarketHandler } from './answers/market.handler';
import { RiskHandler } from './answers/risk.handler';
import { BarStore } from './bars/bar-store';
import { DailyBarsRepository } from './bars/daily-bars.repository';
import { MarketCache } from './cache/market-cache';
import type { Config } from './config';
import { CorporateActionsRepository } from './corporate-actions/corporate-actions.repository';
import { ENTITIES } from './entities';
import { FilingsRepository } from './fundamentals/filings.repository';
import { FundamentalsService } from './fundamentals/fundamentals.service';
import { BhavcopyImporter } from './import/bhavcopy-importer';
import { CsvImporter } from './import/csv-importer';
import { FundamentalsImporter } from './import/fundamentals-importer';
import { MarketImportProcessor } from './import/market-import.processor';
import { ProviderImporter } from './import/provider-importer';
import { DailyIngestProcessor } from './ingest/daily-ingest.processor';
import { DailyIngestService } from './ingest/daily-ingest.service';
import { IngestMetrics } from './ingest/ingest-metrics';
import { IngestRunsRepository } from './ingest/ingest-runs.repository';
import { IngestHandler } from './ingest/ingest.handler';
import { MarketClock } from './ingest/market-clock';
import { MIGRATIONS, SCHEMA } from './migrations';
import { NEWS_CONTROLLERS, NEWS_PROVIDERS } from './news/news.providers';
import { ProviderService } from './providers/provider.service';
import { YahooRepository } from './providers/yahoo.repository';
import { IndicatorsService } from './quotes/indicators.service';
import { MarketService } from './quotes/market.service';
import { InsightsService } from './risk/insights.service';
import { RiskService } from './risk/risk.service';
import { SymbolsRepository } from './symbols/symbols.repository';
import { MarketTransactions } from './transactions/market-transactions.repository';

/** The market service: NSE prices and indicators, risk, fundamentals, news, and the evening ingest. */
export const AppModule = serviceRoot<Config>({
  service: 'market',
  database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES },
  controllers: [MarketHandler, RiskHandler, AnalysisHandler, FundamentalsHandler, IngestHandler, ...NEWS_CONTROLLERS],
  providers: [
    SymbolsRepository, DailyBarsRepository, CorporateActionsRepository, PriceAnomaliesRepository,
    FilingsRepository, FundamentalsService, MarketTransactions, BarStore, MarketCache,
    MarketAnswers, MarketWarmProcessor, RiskService, InsightsService, MarketService, IndicatorsService, AnalysisService,
    CsvImporter, BhavcopyImporter, YahooRepository, ProviderService, ProviderImporter, FundamentalsImporter, MarketImportProcessor,
    IngestRunsRepository, MarketClock, IngestMetrics, DailyIngestService, DailyIngestProcessor,
    ...NEWS_PROVIDERS,
  ],
});
