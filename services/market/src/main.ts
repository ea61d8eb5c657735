import { isFeaturePattern, MARKET, patternsOf } from '@nivesh/proto';
import { startService } from '@nivesh/proto/node';
import { AppModule } from './app.module';
import { loadConfig } from './config';

const config = loadConfig();
const BUILT = new Set<string>([MARKET.search.pattern, MARKET.quote.pattern, MARKET.history.pattern, MARKET.indicators.pattern, MARKET.risk.pattern, MARKET.insights.pattern, MARKET.status.pattern, MARKET.symbols.pattern, MARKET.summary.pattern, MARKET.overview.pattern, MARKET.sentiment.pattern]);

void startService({
  service: 'market',
  module: AppModule.register(config),
  config,
  // Every feature pattern answers not_implemented until its issue builds it.
  notImplemented: patternsOf('market').filter((def) => isFeaturePattern(def) && !BUILT.has(def.pattern)),
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
