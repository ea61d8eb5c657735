import { z } from 'zod';
import { DomainError, notImplemented, RPC, patternsOf, SERVICE_NAMES, defineRpc, isFeaturePattern, type ServiceName } from '@nivesh/proto';
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

describe('patterns whose feature is not built yet', () => {
  it.each(SERVICE_NAMES)('%s: every one answers 501 with a sentence that names the feature, never the pattern', async (name) => {
    const features = patternsOf(name).filter(isFeaturePattern);
    const server = new RedisStreamsServer({ redisUrl: 'redis://127.0.0.1:1', prefix: 'x', service: name, patterns: patternsOf(name), notImplemented: features });
    // health and ping have no handler here, so boot stops at the handler check, after the not-built handlers are in place.
    expect(String(await boot(server))).toMatch(/Missing: .*\.health/);
    for (const def of features) {
      const handler = server.getHandlerByPattern(def.pattern);
      const error = await Promise.resolve(handler?.({}, undefined)).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(DomainError);
      const { code, status, message } = error as DomainError;
      expect({ pattern: def.pattern, code, status }).toEqual({ pattern: def.pattern, code: 'not_implemented', status: 501 });
      expect(message).toBe(`${def.feature.name} ${def.feature.plural ? 'are' : 'is'} not available yet.`);
      // One sentence for people: a capital, no dot-separated name inside, a full stop at the end.
      expect(message).toMatch(/^[A-Z][^.]*\.$/);
      expect(message).not.toContain(def.pattern);
    }
  });

  it('names the features people know: forecasts, premium, chat', () => {
    expect(notImplemented(RPC.prediction.predict.feature).message).toBe('Price forecasts are not available yet.');
    expect(notImplemented(RPC.premium.subscribe.feature).message).toBe('Premium subscriptions are not available yet.');
    expect(notImplemented(RPC.chat.technicalStart.feature).message).toBe('Warren AI chat is not available yet.');
    expect(notImplemented(RPC.tracking.analyticsOverview.feature).message).toBe('Usage analytics is not available yet.');
  });
});
