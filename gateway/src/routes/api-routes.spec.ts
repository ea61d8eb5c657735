import { createLogger } from '@nivesh/platform';
import { ROUTES, type RouteDefinition } from '@nivesh/proto';
import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import type { RouteAccess } from '../auth/route-access';
import type { ErrorReplies } from '../errors/error-replies';
import { apiRoute, type ApiRoute } from '../http/api-route';
import type { RateLimits } from '../rate-limit/rate-limits';
import { startTestGateway } from '../../test/test-app';
import { ApiRoutes } from './api-routes';
import type { Forwarder } from './forwarded-routes';
import type { SystemRoutes } from './system.routes';
import type { VisitorRoutes } from '../visitor/visitor.routes';
import type { HubStreamRoutes } from '../hub/hub-stream.routes';
import type { AdminQueuesRoutes } from '../admin/admin-queues.routes';

/** ApiRoutes answering `routes` (as the forwarder's), with limits and access that let everything through. */
const apiRoutesOf = (routes: readonly ApiRoute[]): ApiRoutes => {
  const none = { routes: [] };
  return new ApiRoutes(
    { check: async () => undefined } as unknown as RateLimits,
    { check: async () => undefined } as unknown as RouteAccess,
    { send: () => undefined } as unknown as ErrorReplies,
    { routes } as unknown as Forwarder,
    none as unknown as SystemRoutes,
    none as unknown as VisitorRoutes,
    none as unknown as HubStreamRoutes,
    none as unknown as AdminQueuesRoutes,
  );
};

describe('ApiRoutes', () => {
  it('mounts every route of the route table, each once', async () => {
    const gw = await startTestGateway();
    try {
      const table = Object.values(ROUTES as Record<string, RouteDefinition>);
      expect(table.length).toBeGreaterThan(80);
      for (const { method, path } of table) expect([method, path, gw.fastify.hasRoute({ method, url: path })]).toEqual([method, path, true]);
    } finally {
      await gw.close();
    }
  });

  it('refuses to start when a route of the table has no handler, naming it', () => {
    const table = { systemPing: ROUTES.systemPing, systemStatus: ROUTES.systemStatus };
    const routes = apiRoutesOf([apiRoute(ROUTES.systemPing, () => ({ pong: true }))]);
    expect(() => routes.register(Fastify(), table)).toThrow('The gateway has no handler for GET /api/system/status.');
  });

  it('refuses to start when two handlers answer one route', () => {
    const ping = apiRoute(ROUTES.systemPing, () => ({ pong: true }));
    expect(() => apiRoutesOf([ping, ping]).register(Fastify(), { systemPing: ROUTES.systemPing })).toThrow('The gateway answers GET /api/system/ping twice.');
  });

  it("answers with the route's status, and leaves a reply a handler sent itself alone, sending nothing twice", async () => {
    const lines: { level: number; msg: string }[] = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as { level: number; msg: string });
        done();
      },
    });
    // Typed as fastify's own logger, as app.ts does: pino's Logger type asks for more than routes are typed with.
    const fastify = Fastify({ loggerInstance: createLogger('test', 'info', destination) as FastifyBaseLogger });
    const created = { ...ROUTES.systemPing, path: '/created', status: 201 } as RouteDefinition;
    const sentItself = { ...ROUTES.systemPing, path: '/sent' } as RouteDefinition;
    // As the forwarder sends a stored answer: awaits its bytes, sends them, then returns the reply from an async function.
    const sentLater = { ...ROUTES.systemPing, path: '/sent-later' } as RouteDefinition;
    apiRoutesOf([
      apiRoute(created, (input) => ({ service: (input as { service: string }).service })),
      apiRoute(sentItself, (_input, _request, reply) => reply.code(203).send('by hand')),
      apiRoute(sentLater, async (_input, _request, reply) => {
        await new Promise((resolve) => setImmediate(resolve));
        await reply.type('application/json; charset=utf-8').send(Buffer.from('{"stored":true}'));
        return reply;
      }),
    ]).register(fastify, { created, sentItself, sentLater });
    const answer = await fastify.inject({ method: 'GET', url: '/created?service=tracking' });
    expect([answer.statusCode, answer.json()]).toEqual([201, { service: 'tracking' }]);
    const byHand = await fastify.inject({ method: 'GET', url: '/sent?service=tracking' });
    expect([byHand.statusCode, byHand.body]).toEqual([203, 'by hand']);
    const later = await fastify.inject({ method: 'GET', url: '/sent-later?service=tracking' });
    expect([later.statusCode, later.json()]).toEqual([200, { stored: true }]);
    await new Promise((resolve) => setImmediate(resolve));
    // Fastify warns "Reply was already sent" (level 40) when a route sends a second time.
    expect(lines.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([]);
    await fastify.close();
  });
});
