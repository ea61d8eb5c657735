import { startService } from '@nivesh/platform';
import { AppModule } from './app.module';
import { loadConfig } from './config';

const config = loadConfig();

void startService({
  service: 'content',
  module: AppModule.register(config),
  config,
}).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
