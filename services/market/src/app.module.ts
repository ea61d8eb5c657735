import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ServicePlatformModule } from '@nivesh/platform';
import type { Config } from './config';
import { AnalysisHandler } from './analysis/analysis.handler';
import { AnalysisService } from './analysis/analysis.service';
import { MarketAnswers } from './answers/market-answers';
import { MarketWarmProcessor } from './answers/market-warm.processor';
import { ENTITIES } from './entities';
import { FundamentalsHandler } from './fundamentals/fundamentals.handler';
import { FundamentalsService } from './fundamentals/fundamentals.service';
import { BhavcopyImporter } from './import/bhavcopy-importer';
import { CsvImporter } from './import/csv-importer';
import { FundamentalsImporter } from './import/fundamentals-importer';
import { MarketImportProcessor } from './import/market-import.processor';
import { ProviderImporter } from './import/provider-importer';
import { DailyIngestProcessor } from './ingest/daily-ingest.processor';
import { DailyIngestService } from './ingest/daily-ingest.service';
import { IngestHandler } from './ingest/ingest.handler';
import { IngestMetrics } from './ingest/ingest-metrics';
import { IngestRunsRepository } from './ingest/ingest-runs.repository';
import { MarketClock } from './ingest/market-clock';
import { MIGRATIONS, SCHEMA } from './migrations';
import { NEWS_CONTROLLERS, NEWS_ENTITIES, NEWS_PROVIDERS } from './news/news.providers';
import { IndicatorsService } from './quotes/indicators.service';
import { MarketHandler } from './quotes/market.handler';
import { MarketService } from './quotes/market.service';
import { ProviderService } from './providers/provider.service';
import { YahooRepository } from './providers/yahoo.repository';
import { InsightsService } from './risk/insights.service';
import { RiskHandler } from './risk/risk.handler';
import { RiskService } from './risk/risk.service';
import { BarStore } from './store/bar-store';
import { CorporateActionsRepository } from './store/corporate-actions.repository';
import { DailyBarsRepository } from './store/daily-bars.repository';
import { FilingsRepository } from './store/filings.repository';
import { MarketCache } from './store/market-cache';
import { MarketTransactions } from './store/market-transactions.repository';
import { PriceAnomaliesRepository } from './store/price-anomalies.repository';
import { SymbolsRepository } from './store/symbols.repository';

@Module({})
export class AppModule {
  static register(config: Config): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServicePlatformModule.forService({ service: 'market', config, database: { schema: SCHEMA, migrations: MIGRATIONS, entities: [...ENTITIES, ...NEWS_ENTITIES] } }),
        TypeOrmModule.forFeature([...ENTITIES, ...NEWS_ENTITIES]),
      ],
      controllers: [MarketHandler, RiskHandler, AnalysisHandler, FundamentalsHandler, IngestHandler, ...NEWS_CONTROLLERS],
      providers: [
        SymbolsRepository,
        DailyBarsRepository,
        CorporateActionsRepository,
        PriceAnomaliesRepository,
        FilingsRepository,
        FundamentalsService,
        MarketTransactions,
        BarStore,
        MarketCache,
        MarketAnswers,
        MarketWarmProcessor,
        RiskService,
        InsightsService,
        MarketService,
        IndicatorsService,
        AnalysisService,
        CsvImporter,
        BhavcopyImporter,
        YahooRepository,
        ProviderService,
        ProviderImporter,
        FundamentalsImporter,
        MarketImportProcessor,
        IngestRunsRepository,
        MarketClock,
        IngestMetrics,
        DailyIngestService,
        DailyIngestProcessor,
        ...NEWS_PROVIDERS,
      ],
    };
  }
}
