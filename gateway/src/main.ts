import 'reflect-metadata';
import { initTelemetry, otlpTracesUrl } from '@nivesh/platform';
import { createGatewayApp } from './app';
import { listenHost, loadConfig } from './config';

const main = async (): Promise<void> => {
  const config = loadConfig();
  initTelemetry({ serviceName: 'nivesh-gateway', otlpTracesUrl: otlpTracesUrl(config), disabled: config.OTEL_SDK_DISABLED, sampleRatio: config.OTEL_TRACES_SAMPLER_ARG });
  const app = await createGatewayApp(config);
  app.enableShutdownHooks();
  // A hung close must not keep a stopping gateway alive forever.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => setTimeout(() => process.exit(1), config.SHUTDOWN_TIMEOUT_MS + 5_000).unref());
  }
  await app.listen({ host: listenHost(config), port: config.PORT });
  const url = await app.getUrl();
  app.getHttpAdapter().getInstance().log.info({ url }, `gateway listening on ${url}`);
};

main().catch((error: unknown) => {
  console.error('gateway failed to start', error);
  process.exit(1);
});
