import { z } from 'zod';
import { defineRpc, type ServiceName } from '../rpc';
import { RedisStreamsServer } from './redis-streams.server';

const service = 'echo' as ServiceName;
const A = defineRpc(service, 'a', z.object({}), z.object({}));
const B = defineRpc(service, 'b', z.object({}), z.object({}));

const boot = (server: RedisStreamsServer) =>
  new Promise<unknown>((resolve) => {
    void server.listen((error?: unknown) => resolve(error));
  });

describe('RedisStreamsServer boot checks', () => {
  const make = (notImplemented: typeof A[] = []) =>
    new RedisStreamsServer({ redisUrl: 'redis://127.0.0.1:1', prefix: 'x', service, patterns: [A, B], notImplemented });

  it('refuses to boot when a pattern of the contract has no handler', async () => {
    const server = make();
    server.addHandler(A.pattern, async () => ({}));
    const error = await boot(server);
    expect(String(error)).toMatch(/Missing: echo\.b/);
  });

  it('refuses to boot when a handler serves a pattern that proto/ does not declare', async () => {
    const server = make([B]);
    server.addHandler(A.pattern, async () => ({}));
    server.addHandler('echo.extra', async () => ({}));
    const error = await boot(server);
    expect(String(error)).toMatch(/Not in proto\/: echo\.extra/);
  });

  it('refuses a pattern that has a handler and is also listed as not implemented', async () => {
    const server = make([A, B]);
    server.addHandler(A.pattern, async () => ({}));
    const error = await boot(server);
    expect(String(error)).toMatch(/echo\.a has a handler and is also listed as not implemented/);
  });
});
