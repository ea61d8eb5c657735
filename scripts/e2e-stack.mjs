// The whole stack for the end-to-end tests (already built and migrated by `npm test`).
import { loadMarketData, loadPosts, randomSecrets } from './lib/common.mjs';
import { startStack } from './lib/stack.mjs';

const port = Number(process.env.PORT || 18080);
// The market pages need prices: the shared dataset, unless the integration tests already loaded it.
await loadMarketData(process.env);
// The blog's own posts, as on a first start.
await loadPosts(process.env);
const smtpPort = Number(process.env.E2E_SMTP_PORT || 12525);
const stack = startStack({
  answeredTwiceFile: process.env.E2E_ANSWERED_TWICE_FILE,
  smtp: true,
  env: {
    SMTP_PORT: String(smtpPort),
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...randomSecrets(),
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
  },
});
const stop = () => stack.stop().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
await stack.waitReady(`http://127.0.0.1:${port}`, 90_000);
console.log(`stack ready on http://127.0.0.1:${port}`);
