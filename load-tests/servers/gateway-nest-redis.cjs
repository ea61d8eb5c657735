// Scenario (c): the real gateway (same access checks, headers, rate limits, metrics, validation) with its one RPC
// seam swapped for NestJS's built-in Redis transport, so (b)/(c) compares transports and nothing else.
const { ClientRedis } = require('@nestjs/microservices');
const { lastValueFrom, timeout } = require('rxjs');
const { parseConfig } = require('../../platform/dist');
const { createGatewayApp } = require('../../gateway/dist/app');
const { ConfigSchema } = require('../../gateway/dist/config');
const { MetricsService } = require('../../gateway/dist/metrics/metrics.service');

class NestRedisRpc {
  constructor(url) {
    this.client = new ClientRedis({ host: url.hostname, port: Number(url.port || 6379) });
  }
  async call(def, payload, options = {}) {
    const started = performance.now();
    let outcome = 'ok';
    try {
      return await lastValueFrom(this.client.send(def.pattern, payload).pipe(timeout(options.deadlineMs ?? def.deadlineMs)));
    } catch (error) {
      outcome = 'error';
      throw error;
    } finally {
      // Recorded like the real seam does, so the two gateways do the same work around the transport.
      this.metrics?.observeRpc(def.pattern, performance.now() - started, outcome);
    }
  }
}

(async () => {
  const config = parseConfig(ConfigSchema, process.env);
  const rpc = new NestRedisRpc(new URL(config.REDIS_URL));
  await rpc.client.connect();
  const app = await createGatewayApp(config, { rpc });
  rpc.metrics = app.get(MetricsService);
  await app.listen(config.PORT, config.HOST);
  process.stdout.write('READY\n');
  process.once('SIGTERM', () => app.close().then(() => rpc.client.close()).then(() => process.exit(0)));
})();
