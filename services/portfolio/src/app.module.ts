import { serviceRoot } from '@nivesh/platform';
import { AlertsEvaluator } from './alerts/alerts.evaluator';
import { AlertsHandler } from './alerts/alerts.handler';
import { AlertsProcessor } from './alerts/alerts.processor';
import { AlertsRepository } from './alerts/alerts.repository';
import { AlertsService } from './alerts/alerts.service';
import { PremiumClient } from './alerts/premium.client';
import type { Config } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS, SCHEMA } from './migrations';
import { MarketDataClient } from './portfolio/market-data.client';
import { PortfolioHandler } from './portfolio/portfolio.handler';
import { PortfolioService } from './portfolio/portfolio.service';
import { TransactionsRepository } from './portfolio/transactions.repository';
import { WatchlistsRepository } from './portfolio/watchlists.repository';
import { WatchlistsService } from './portfolio/watchlists.service';

/** The portfolio service: transactions, holdings and gains, watchlists, and price alerts. */
export const AppModule = serviceRoot<Config>({
  service: 'portfolio',
  database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES },
  controllers: [PortfolioHandler, AlertsHandler],
  providers: [
    TransactionsRepository, WatchlistsRepository, MarketDataClient, PortfolioService, WatchlistsService,
    AlertsRepository, PremiumClient, AlertsService, AlertsEvaluator, AlertsProcessor,
  ],
});
