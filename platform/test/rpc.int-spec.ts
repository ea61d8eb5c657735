import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import Redis from 'ioredis';
import { DomainError } from '@nivesh/proto';
import { REQUEST_FIELD, RPC_TIMING, RUN_STARTED, RpcClient, rpcKeys, type RpcReply, type RpcRequest } from '@nivesh/platform';
import { ECHO, startedKey, type StartedMessage } from '../src/testing/echo-service';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ECHO_ENTRY = path.resolve(__dirname, '../dist/testing/echo-service.js');

/** One echo service process; `starts` counts the requests it has reported starting (over IPC). */
type Instance = { id: string; child: ChildProcess; starts: number };

const newPrefix = () => `rpct-${randomBytes(4).toString('hex')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts one echo service process and waits until it listens. */
const startInstance = (prefix: string, id: string, concurrency = 64): Promise<Instance> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ECHO_ENTRY], {
      env: { ...process.env, REDIS_URL, REDIS_PREFIX: prefix, INSTANCE_ID: id, RPC_CONCURRENCY: String(concurrency), LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    const instance: Instance = { id, child, starts: 0 };
    child.on('message', (_message: StartedMessage) => (instance.starts += 1));
    const timer = setTimeout(() => reject(new Error(`instance ${id} did not start`)), 15_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY')) {
        clearTimeout(timer);
        resolve(instance);
      }
    });
    child.once('exit', (code) => reject(new Error(`instance ${id} exited with ${code}`)));
  });

/** Resolves once the instance has reported starting `count` requests. */
const startsReported = (instance: Instance, count: number) =>
  new Promise<void>((resolve) => {
    const check = () => {
      if (instance.starts < count) return;
      instance.child.off('message', check);
      resolve();
    };
    instance.child.on('message', check);
    check();
  });

const stopInstance = (instance: Instance, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (instance.child.exitCode !== null || instance.child.signalCode !== null) return resolve();
    instance.child.once('exit', () => resolve());
    instance.child.kill(signal);
  });

const settle = async <T>(promise: Promise<T>) => {
  try {
    return { ok: true as const, value: await promise, at: Date.now() };
  } catch (error) {
    return { ok: false as const, error: error as DomainError, at: Date.now() };
  }
};

/** The instances that started each request, in order, from the echo service's record of starts. */
const startsByN = async (redis: Redis, prefix: string) => {
  const starts = new Map<number, string[]>();
  for (const line of await redis.lrange(startedKey(prefix), 0, -1)) {
    const [, instance, n] = line.split('|');
    starts.set(Number(n), [...(starts.get(Number(n)) ?? []), instance!]);
  }
  return starts;
};

/** Even n: a pattern with side effects (runs at most once); odd n: one that may run again after a crash. */
const patternFor = (n: number) => (n % 2 === 0 ? ECHO.record : ECHO.work);

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

  it('SIGKILL after the victim started a known number of requests: each is answered before its deadline, none with side effects runs twice', async () => {
    const deadlineMs = 20_000;
    const prefix = newPrefix();
    prefixes.push(prefix);
    const victim = await startInstance(prefix, 'echo-1', 4);
    instances.push(victim);
    const client = new RpcClient({ redisUrl: REDIS_URL, prefix });
    await client.connect();
    clients.push(client);
    const spy = await spyReplies(prefix, client);
    const sent = Date.now();

    // The victim alone takes the first four (two of each kind) and fills its four slots with them: it starts
    // nothing else, so when it is killed exactly these four are cut short.
    const first = Array.from({ length: 4 }, (_, n) => settle(client.call(patternFor(n), { n, sleep_ms: 8_000 }, { deadlineMs })));
    await startsReported(victim, 4);
    const siblings = await Promise.all([startInstance(prefix, 'echo-2', 8), startInstance(prefix, 'echo-3', 8)]);
    instances.push(...siblings);
    const rest = Array.from({ length: 20 }, (_, index) => index + 4).map((n) =>
      settle(client.call(patternFor(n), { n, sleep_ms: 100 }, { deadlineMs })),
    );
    await stopInstance(victim, 'SIGKILL');
    expect(victim.starts).toBe(4);
    const results = await Promise.all([...first, ...rest]);

    for (const result of results) expect(result.at - sent).toBeLessThan(deadlineMs);
    const starts = await startsByN(redis, prefix);
    results.forEach((result, n) => {
      const startedOn = starts.get(n);
      if (n >= 4) {
        // Sent after the victim was full: run once, by a sibling, which answered.
        expect(startedOn).toHaveLength(1);
        expect(result.ok && result.value.instance).toBe(startedOn![0]);
      } else if (patternFor(n) === ECHO.record) {
        // Side effects, cut short: not run again; the caller learns at once that the outcome is unknown.
        expect(startedOn).toEqual(['echo-1']);
        expect(!result.ok && result.error.code).toBe('service_unavailable');
      } else {
        // No side effects: taken over, run again by a sibling, answered by it.
        expect(startedOn).toHaveLength(2);
        expect(startedOn![0]).toBe('echo-1');
        expect(result.ok && result.value.instance).toBe(startedOn![1]);
      }
    });

    // No request was answered twice.
    await sleep(200);
    expect(spy.counts.size).toBe(24);
    expect([...spy.counts.values()].every((count) => count === 1)).toBe(true);
    expect(client.transport.duplicateReplies).toBe(0);
    await spy.close();
  });

  it('SIGKILL of the only instance: callers waiting on it get 503 within 3 s, not 504 at their deadline', async () => {
    const { prefix, client, instances: [only] } = await setup(1, 4);

    // Four run (two of each kind), two wait unread in the stream.
    const pending = Array.from({ length: 6 }, (_, n) => settle(client.call(patternFor(n), { n, sleep_ms: 10_000 }, { deadlineMs: 20_000 })));
    await startsReported(only!, 4);
    const killed = Date.now();
    await stopInstance(only!, 'SIGKILL');
    // Sent while the client still believes the service alive.
    pending.push(settle(client.call(ECHO.work, { n: 6 }, { deadlineMs: 20_000 })));
    const results = await Promise.all(pending);

    for (const result of results) {
      expect(!result.ok && result.error.code).toBe('service_unavailable');
      expect(result.at - killed).toBeLessThan(3_000);
    }
    expect(await redis.llen(startedKey(prefix))).toBe(4);
  });

  it('a handler that blocks the event loop for 3 s is not run twice: its instance still beats', async () => {
    const { prefix, client } = await setup(2, 4);
    const spy = await spyReplies(prefix, client);

    const result = await client.call(ECHO.work, { n: 1, block_ms: 3_000 }, { deadlineMs: 10_000 });

    // A sibling that took the blocked instance for dead would have claimed the request 2-2.5 s in, before this
    // reply; the margin covers a slow sibling.
    await sleep(RPC_TIMING.deadAfterMs / 2);
    expect((await startsByN(redis, prefix)).get(1)).toEqual([result.instance]);
    expect([...spy.counts.values()]).toEqual([1]);
    expect(client.transport.duplicateReplies).toBe(0);
    await spy.close();
  });

  it('a claimed request with side effects gets its first run\'s reply, or 503 when that run did not finish; it never runs twice', async () => {
    const prefix = newPrefix();
    prefixes.push(prefix);
    const keys = rpcKeys(prefix);
    const stream = keys.requests('echo');
    const replies = new Redis(REDIS_URL);
    const received = new Map<string, RpcReply>();
    replies.on('message', (_channel: string, message: string) => {
      const reply = JSON.parse(message) as RpcReply | RpcReply[];
      for (const one of Array.isArray(reply) ? reply : [reply]) received.set(one.id, one);
    });
    await replies.subscribe(keys.replies('test'));
    const request = (id: string, n: number): RpcRequest => ({ i: id, p: ECHO.record.pattern, d: { n }, t: Date.now() + 10_000, r: keys.replies('test'), c: id });

    // An instance that has since died read three requests: it finished the first (its reply is recorded, the
    // entry not yet acknowledged), was cut short in the second and never started the third.
    await redis.xgroup('CREATE', stream, keys.group('echo'), '$', 'MKSTREAM');
    for (const [id, n] of [['finished', 1], ['cut-short', 2], ['not-started', 3]] as const) {
      await redis.xadd(stream, '*', REQUEST_FIELD, JSON.stringify(request(id, n)));
    }
    await redis.xreadgroup('GROUP', keys.group('echo'), 'dead', 'COUNT', 3, 'STREAMS', stream, '>');
    const recorded: RpcReply = { id: 'finished', ok: true, data: { n: 1, instance: 'dead' } };
    await redis.set(keys.result('echo', 'finished'), JSON.stringify(recorded), 'PX', 20_000);
    await redis.set(keys.result('echo', 'cut-short'), RUN_STARTED, 'PX', 20_000);

    const allReplied = new Promise<void>((resolve) => replies.on('message', () => received.size === 3 && resolve()));
    instances.push(await startInstance(prefix, 'echo-1'));
    await allReplied;

    expect(received.get('finished')).toEqual(recorded);
    expect(received.get('cut-short')).toEqual(expect.objectContaining({ ok: false, err: expect.objectContaining({ code: 'service_unavailable' }) }));
    expect(received.get('not-started')).toEqual({ id: 'not-started', ok: true, data: { n: 3, instance: 'echo-1' } });
    expect(await redis.lrange(startedKey(prefix), 0, -1)).toEqual([`not-started|echo-1|3`]);
    await replies.quit();
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

  it('requests nobody will answer are trimmed (XTRIM MINID) once older than any deadline; younger ones stay', async () => {
    const prefix = newPrefix();
    prefixes.push(prefix);
    const keys = rpcKeys(prefix);
    const stream = keys.requests('echo');
    const entry = (n: number) => JSON.stringify({ i: `left-${n}`, p: ECHO.work.pattern, d: { n }, t: 0, r: keys.replies('nobody'), c: `left-${n}` });

    // Five entries older than the longest deadline and two recent ones, in one node of the stream. An instance
    // read them and its consumer was then deleted: they are pending nowhere, and no instance will read them again.
    const old = Date.now() - RPC_TIMING.maxDeadlineMs - 5_000;
    for (let n = 1; n <= 5; n += 1) await redis.xadd(stream, `${old}-${n}`, REQUEST_FIELD, entry(n));
    const recent = [await redis.xadd(stream, '*', REQUEST_FIELD, entry(6)), await redis.xadd(stream, '*', REQUEST_FIELD, entry(7))];
    await redis.xgroup('CREATE', stream, keys.group('echo'), '0');
    await redis.xreadgroup('GROUP', keys.group('echo'), 'gone', 'COUNT', 10, 'STREAMS', stream, '>');
    await redis.xgroup('DELCONSUMER', stream, keys.group('echo'), 'gone');
    expect(await redis.xlen(stream)).toBe(7);

    instances.push(await startInstance(prefix, 'echo-1'));
    const trimmedBy = Date.now() + 5_000;
    while ((await redis.xlen(stream)) > 2 && Date.now() < trimmedBy) await sleep(100);

    expect((await redis.xrange(stream, '-', '+')).map(([id]) => id)).toEqual(recent);
  });
});
