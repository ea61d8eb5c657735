import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { RPC, SERVICE_NAMES, type DomainError, type ServiceName } from '@nivesh/proto';
import { RpcClient } from '@nivesh/platform';
import { type BuiltService, startBuiltService, stopBuiltService as stop } from '../support/built-services';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nivesh';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECRETS = Object.fromEntries(['JWT_SECRET', 'OTP_SECRET', 'PAYMENT_WEBHOOK_SECRET', 'DEVICE_ID_SECRET'].map((key) => [key, randomBytes(32).toString('hex')]));

/** A built service on the shared test database and Redis, with its own prefix. */
const start = (service: ServiceName, prefix: string, env: Record<string, string> = {}): Promise<BuiltService> =>
  startBuiltService(service, { DATABASE_URL, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'info', ...SECRETS, ...env }, { timeoutMs: 30_000 });

describe('the services', () => {
  const prefix = `svct-${randomBytes(4).toString('hex')}`;
  const client = new RpcClient({ redisUrl: REDIS_URL, prefix });
  let running: BuiltService[] = [];

  beforeAll(async () => {
    await client.connect();
    running = await Promise.all(SERVICE_NAMES.map((service) => start(service, prefix)));
  });

  afterAll(async () => {
    await Promise.all(running.map(stop));
    await client.close();
  });

  it.each(SERVICE_NAMES)('%s boots on the transport and reports PostgreSQL and Redis healthy', async (service) => {
    const health = await client.call(RPC[service].health, {});
    expect(health).toEqual(expect.objectContaining({ service, status: 'ok', checks: { postgres: 'ok', redis: 'ok' } }));
  });

  it.each(SERVICE_NAMES)('%s has built every feature pattern it answers (its health lists none as not built)', async (service) => {
    const health = await client.call(RPC[service].health, {});
    expect(health.not_built ?? []).toEqual([]);
  });

  it('each service keeps its tables in its own schema, created by its migrations', async () => {
    const pg = new Client({ connectionString: DATABASE_URL });
    await pg.connect();
    const { rows } = await pg.query<{ table_schema: string; count: string }>(
      `SELECT table_schema, count(*) FROM information_schema.tables WHERE table_name = 'migrations' GROUP BY table_schema`,
    );
    await pg.end();
    expect(rows.map((row) => row.table_schema).sort()).toEqual([...SERVICE_NAMES].sort());
  });

  it('a service with a bad setting does not start and names the variable', async () => {
    const failure = await start('auth', prefix, { JWT_SECRET: 'short', REDIS_URL: 'http://nope' }).then(
      () => undefined,
      (error: { code?: number; output?: string }) => error,
    );
    expect(failure?.code).toBe(78);
    expect(failure?.output).toContain('JWT_SECRET: must be at least 32 characters');
    expect(failure?.output).toContain('REDIS_URL');
  });

  it('SIGTERM stops a service cleanly (exit 0) and callers then get 503 at once', async () => {
    const market = running.find((entry) => entry.service === 'market')!;
    expect(await stop(market)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const started = Date.now();
    const error = await client.call(RPC.market.ping, {}).catch((caught: DomainError) => caught);
    expect((error as DomainError).code).toBe('service_unavailable');
    expect(Date.now() - started).toBeLessThan(500);
  });
});
