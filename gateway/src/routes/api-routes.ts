import { Injectable } from '@nestjs/common';
import { ROUTES, type RouteDefinition } from '@nivesh/proto';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { AdminQueuesRoutes } from '../admin/admin-queues.routes';
import { RouteAccess } from '../auth/route-access';
import { ErrorReplies } from '../errors/error-replies';
import { parseRouteInput, type ApiRoute } from '../http/api-route';
import { HubStreamRoutes } from '../hub/hub-stream.routes';
import { RateLimits } from '../rate-limit/rate-limits';
import { VisitorRoutes } from '../visitor/visitor.routes';
import { Forwarder } from './forwarded-routes';
import { SystemRoutes } from './system.routes';

const routeKey = ({ method, path }: RouteDefinition): string => `${method} ${path}`;

/**
 * Every route of proto's route table, mounted on fastify itself rather than through Nest's router: each request runs
 * the route's rate limits, its access check (`auth`), validation of its body (POST) or query (GET) with its schema,
 * then its handler, and its answer is sent with the route's status. Any error is answered by ErrorReplies, as on
 * Nest's own routes. Nest still builds and wires every piece; its per-request pipeline (router, guards, pipes,
 * parameter decorators) is what the API's requests no longer pay for.
 */
@Injectable()
export class ApiRoutes {
  private readonly routes: readonly ApiRoute[];

  constructor(
    private readonly limits: RateLimits,
    private readonly access: RouteAccess,
    private readonly errors: ErrorReplies,
    forwarder: Forwarder,
    system: SystemRoutes,
    visitor: VisitorRoutes,
    hub: HubStreamRoutes,
    queues: AdminQueuesRoutes,
  ) {
    this.routes = [...forwarder.routes, ...system.routes, ...visitor.routes, ...hub.routes, ...queues.routes];
  }

  /** Mounts every route; throws when a route of the table has no handler, or two. Call it before the app is ready. */
  register(fastify: FastifyInstance, table: Readonly<Record<string, RouteDefinition>> = ROUTES): void {
    const byKey = new Map<string, ApiRoute>();
    for (const route of this.routes) {
      const key = routeKey(route.definition);
      if (byKey.has(key)) throw new Error(`The gateway answers ${key} twice.`);
      byKey.set(key, route);
    }
    const missing = Object.values(table).filter((definition) => !byKey.has(routeKey(definition)));
    if (missing.length > 0) throw new Error(`The gateway has no handler for ${missing.map(routeKey).join(', ')}.`);
    for (const route of this.routes) this.mount(fastify, route);
  }

  private mount(fastify: FastifyInstance, { definition, handle }: ApiRoute): void {
    const status = definition.status ?? 200;
    // A logged-in route that takes more than the JSON parser's 64 kB checks access as the request arrives, before its
    // body is read, so an anonymous client cannot make the gateway read megabytes it would then refuse; once is enough.
    const accessFirst = definition.bodyLimitBytes !== undefined && (definition.auth === 'user' || definition.auth === 'admin');
    fastify.route({
      method: definition.method,
      url: definition.path,
      ...(definition.bodyLimitBytes === undefined ? {} : { bodyLimit: definition.bodyLimitBytes }),
      ...(accessFirst ? { onRequest: this.accessFirst(definition) } : {}),
      // Errors before the handler (a body that is not JSON, or too large) are answered the same way.
      errorHandler: (error, request, reply) => this.errors.send(error, request, reply),
      handler: async (request, reply) => {
        await this.limits.check(definition, request);
        if (!accessFirst) await this.access.check(definition, request);
        const input = parseRouteInput(definition, definition.method === 'GET' ? request.query : request.body);
        const answer = await handle(input, request, reply);
        // A handler that sends its answer itself (stored bytes, an event stream) returns `reply`, as fastify's own do. A
        // reply is thenable, so awaiting it waits for the answer to go out and gives undefined, never the reply: what says
        // the answer is on its way is the reply itself, sent, or its headers written (an event stream its client left
        // before the end). Sending again made fastify log "Reply was already sent" with a stack trace for every stored
        // answer, and cost more of the gateway's CPU than the answer did.
        return reply.sent || reply.raw.headersSent ? reply : reply.code(status).send(answer);
      },
    });
  }

  /** The access check as an `onRequest` hook: a refusal is answered (401 {detail}) before the body is read. */
  private accessFirst(definition: RouteDefinition): onRequestHookHandler {
    return async (request, reply) => {
      try {
        await this.access.check(definition, request);
      } catch (error) {
        this.errors.send(error, request, reply);
        return reply;
      }
      return undefined;
    };
  }
}
