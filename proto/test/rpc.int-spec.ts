import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Redis from 'ioredis';
import { DomainError } from '@nivesh/proto';
import { RpcClient, rpcKeys } from '@nivesh/proto/node';
import { ECHO, startedKey } from '../src/node/testing/echo-service';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ECHO_ENTRY = path.resolve(__dirname, '../dist/node/testing/echo-service.js');

type Instance = { id: string; child: ChildProcess };

const newPrefix = () => `rpct-${randomBytes(4).toString('hex')}`;

/** Starts one echo service process and waits until it listens. */
const startInstance = (prefix: string, id: string, concurrency = 64): Promise<Instance> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ECHO_ENTRY], {
      env: { ...process.env, REDIS_URL, REDIS_PREFIX: prefix, INSTANCE_ID: id, RPC_CONCURRENCY: String(concurrency), LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const timer = setTimeout(() => reject(new Error(`instance ${id} did not start`)), 15_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY')) {
        clearTimeout(timer);
        resolve({ id, child });
      }
    });
    child.once('exit', (code) => reject(new Error(`instance ${id} exited with ${code}`)));
  });

const stopInstance = (instance: Instance, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (instance.child.exitCode !== null || instance.child.signalCode !== null) return resolve();
    instance.child.once('exit', () => resolve());
    instance.child.kill(signal);
  });

const settle = async <T>(promise: Promise<T>) => {
  try {
    return { ok: true as const, value: await promise };
  } catch (error) {
    return { ok: false as const, error: error as DomainError };
  }
};

/** Counts every reply published to a client's channel, by request id. */
const spyReplies = async (prefix: string, client: RpcClient) => {
  const spy = new Redis(REDIS_URL);
  const counts = new Map<string, number>();
  spy.on('message', (_channel: string, message: string) => {
    const parsed = JSON.parse(message) as { id: string } | { id: string }[];
    for (const { id } of Array.isArray(parsed) ? parsed : [parsed]) counts.set(id, (counts.get(id) ?? 0) + 1);
  });
  await spy.subscribe(rpcKeys(prefix).replies(client.transport.clientId));
  return { counts, close: () => spy.quit() };
};

describe('RPC over Redis Streams', () => {
  const redis = new Redis(REDIS_URL);
  const instances: Instance[] = [];
  const clients: RpcClient[] = [];
  const prefixes: string[] = [];

  const setup = async (count: number, concurrency = 64) => {
    const prefix = newPrefix();
    prefixes.push(prefix);
    const started = await Promise.all(Array.from({ length: count }, (_, index) => startInstance(prefix, `echo-${index + 1}`, concurrency)));
    instances.push(...started);
    const client = new RpcClient({ redisUrl: REDIS_URL, prefix });
    await client.connect();
    clients.push(client);
    return { prefix, client, instances: started };
  };

  afterEach(async () => {
    await Promise.all(instances.splice(0).map((instance) => stopInstance(instance, 'SIGKILL')));
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });

  afterAll(async () => {
    for (const prefix of prefixes) {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length) await redis.del(...keys);
    }
    await redis.quit();
  });

  it('three instances share 3,000 concurrent requests: one reply each, each handled once', async () => {
    const { prefix, client } = await setup(3);
    const spy = await spyReplies(prefix, client);

    const results = await Promise.all(
      Array.from({ length: 3_000 }, (_, n) => settle(client.call(ECHO.work, { n, sleep_ms: 2 }, { deadlineMs: 30_000 }))),
    );

    expect(results.filter((result) => !result.ok)).toEqual([]);
    const byInstance = new Map<string, number>();
    results.forEach((result, n) => {
      if (!result.ok) return;
      expect(result.value.n).toBe(n);
      byInstance.set(result.value.instance, (byInstance.get(result.value.instance) ?? 0) + 1);
    });
    // The load is spread: every instance took a real share.
    expect([...byInstance.keys()].sort()).toEqual(['echo-1', 'echo-2', 'echo-3']);
    for (const share of byInstance.values()) expect(share).toBeGreaterThan(300);

    const started = await redis.lrange(startedKey(prefix), 0, -1);
    expect(started).toHaveLength(3_000);
    expect(new Set(started.map((line) => line.split('|')[2])).size).toBe(3_000);

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(spy.counts.size).toBe(3_000);
    expect([...spy.counts.values()].every((count) => count === 1)).toBe(true);
    expect(client.transport.duplicateReplies).toBe(0);
    await spy.close();
  });

  it('one instance killed with SIGKILL mid-run: every request answered once, its unfinished work taken over', async () => {
    const { prefix, client, instances: [victim] } = await setup(3, 32);
    const spy = await spyReplies(prefix, client);

    const pending = Array.from({ length: 3_000 }, (_, n) => settle(client.call(ECHO.work, { n, sleep_ms: 40 }, { deadlineMs: 20_000 })));
    await new Promise((resolve) => setTimeout(resolve, 400));
    await stopInstance(victim!, 'SIGKILL');
    const results = await Promise.all(pending);

    // Every request got a reply, or a 504 after its deadline; nothing else.
    for (const result of results) {
      if (!result.ok) expect(result.error.code).toBe('deadline_exceeded');
    }
    const answered = results.filter((result) => result.ok);
    expect(answered.length).toBeGreaterThan(2_900);

    // Requests the victim had taken but not finished were run again by a sibling and answered by it.
    const started = await redis.lrange(startedKey(prefix), 0, -1);
    const startsByN = new Map<number, string[]>();
    for (const line of started) {
      const [, instance, n] = line.split('|');
      startsByN.set(Number(n), [...(startsByN.get(Number(n)) ?? []), instance!]);
    }
    const takenOver = [...startsByN.entries()].filter(([, starts]) => starts.includes('echo-1') && starts.length > 1);
    expect(takenOver.length).toBeGreaterThan(0);
    for (const [n, starts] of takenOver) {
      // Started once on the victim, finished once on a sibling: never run twice by the living.
      expect(starts.filter((instance) => instance !== 'echo-1')).toHaveLength(1);
      const result = results[n]!;
      expect(result.ok && result.value.instance).not.toBe('echo-1');
    }
    for (const starts of startsByN.values()) expect(starts.filter((instance) => instance !== 'echo-1').length).toBeLessThanOrEqual(1);

    // No request was answered twice.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...spy.counts.values()].every((count) => count === 1)).toBe(true);
    expect(client.transport.duplicateReplies).toBe(0);
    await spy.close();
  });

  it('no instance running: the caller gets 503 at once, not after the deadline', async () => {
    const prefix = newPrefix();
    prefixes.push(prefix);
    const client = new RpcClient({ redisUrl: REDIS_URL, prefix });
    await client.connect();
    clients.push(client);

    const started = Date.now();
    const result = await settle(client.call(ECHO.ping, {}, { deadlineMs: 5_000 }));
    const elapsed = Date.now() - started;

    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe('service_unavailable');
    expect(!result.ok && result.error.status).toBe(503);
    expect(elapsed).toBeLessThan(1_000);
  });

  it('a request whose deadline passed while it waited is not executed', async () => {
    const { prefix, client } = await setup(1, 1);

    const slow = settle(client.call(ECHO.work, { n: 1, sleep_ms: 1_000 }, { deadlineMs: 5_000 }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const late = await settle(client.call(ECHO.work, { n: 2, sleep_ms: 0 }, { deadlineMs: 300 }));

    expect(!late.ok && late.error.code).toBe('deadline_exceeded');
    expect(!late.ok && late.error.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(900);
    expect((await slow).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const executed = (await redis.lrange(startedKey(prefix), 0, -1)).map((line) => line.split('|')[2]);
    expect(executed).toEqual(['1']);
  });

  it('a service error keeps its code and message; an unexpected one is a 500 with a correlation id and no stack', async () => {
    const { client } = await setup(1);

    const domain = await settle(client.call(ECHO.fail, { kind: 'domain' }));
    expect(domain.ok).toBe(false);
    expect(!domain.ok && domain.error).toBeInstanceOf(DomainError);
    expect(!domain.ok && domain.error.code).toBe('conflict');
    expect(!domain.ok && domain.error.message).toBe('Username already exists');
    expect(!domain.ok && domain.error.details).toEqual({ field: 'username' });

    const crash = await settle(client.call(ECHO.fail, { kind: 'crash' }, { correlationId: 'req-abc-123' }));
    expect(!crash.ok && crash.error.code).toBe('internal');
    expect(!crash.ok && crash.error.status).toBe(500);
    expect(!crash.ok && crash.error.correlationId).toBe('req-abc-123');
    const wire = !crash.ok ? JSON.stringify(crash.error.toPayload()) : '';
    expect(wire).not.toMatch(/hunter2|\bat .*\.js|Error:/);

    const broken = await settle(client.call(ECHO.breakContract, {}));
    expect(!broken.ok && broken.error.code).toBe('internal');
  });

  it('a payload that breaks the contract is refused by the service with the field named', async () => {
    const { client } = await setup(1);
    const result = await settle(client.transport.request(ECHO.work.pattern, { n: 'seven' }));
    expect(!result.ok && result.error.code).toBe('validation_failed');
    expect(!result.ok && result.error.message).toMatch(/^n: /);
  });

  it('SIGTERM finishes requests in flight before the instance leaves', async () => {
    const { client, instances: [only] } = await setup(1, 16);
    const pending = Array.from({ length: 16 }, (_, n) => settle(client.call(ECHO.work, { n, sleep_ms: 500 }, { deadlineMs: 10_000 })));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stopInstance(only!, 'SIGTERM');
    const results = await Promise.all(pending);
    expect(results.every((result) => result.ok && result.value.instance === 'echo-1')).toBe(true);
    expect(only!.child.exitCode).toBe(0);
    // Gone gracefully: callers learn at once that nobody serves the pattern.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = await settle(client.call(ECHO.ping, {}));
    expect(!after.ok && after.error.code).toBe('service_unavailable');
  });

  it('after 100,000 requests the request stream stays bounded', async () => {
    const { prefix, client } = await setup(1, 256);
    const stream = rpcKeys(prefix).requests('echo');
    let longest = 0;
    for (let wave = 0; wave < 50; wave += 1) {
      const results = await Promise.all(Array.from({ length: 2_000 }, () => settle(client.call(ECHO.ping, {}, { deadlineMs: 30_000 }))));
      expect(results.every((result) => result.ok)).toBe(true);
      longest = Math.max(longest, await redis.xlen(stream));
    }
    expect(longest).toBeLessThan(2_000);
    expect(await redis.xlen(stream)).toBe(0);
    const memory = Number(await redis.memory('USAGE', stream));
    expect(memory).toBeLessThan(64 * 1024);
  });
});
