import { runService } from '@nivesh/platform';
import { AppModule } from './app.module';
import { loadConfig } from './config';

runService(AppModule, loadConfig());
