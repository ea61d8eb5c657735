import { ROUTES, type RouteDefinition } from '@nivesh/proto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** `METHOD path` of each route that declares its own body limit, with that route. */
export const routeBodyLimits = (routes: Readonly<Record<string, RouteDefinition>>): ReadonlyMap<string, RouteDefinition> =>
  new Map(
    Object.values(routes).flatMap((route): Array<[string, RouteDefinition]> =>
      route.bodyLimitBytes === undefined ? [] : [[`${route.method} ${route.path}`, route]],
    ),
  );

/** Checks a request's bearer token and live session; throws when there is none (the gateway's SessionVerifier). */
export type Authenticate = (authorization: string) => Promise<unknown>;

/**
 * Gives each route that declares `bodyLimitBytes` that limit as fastify's per-route `bodyLimit`, which takes
 * precedence over the JSON parser's 64 kB. Nest's adapter passes no such option through, so it is set as fastify adds
 * the route: call this before the app registers its routes (`app.init()`). A logged-in route with a larger limit also
 * checks the session before its body is read (Nest's guard runs only after), so an anonymous client cannot make the
 * gateway read megabytes it would then refuse: 401 {detail} at once.
 */
export const applyRouteBodyLimits = (fastify: FastifyInstance, authenticate: Authenticate, routes: Readonly<Record<string, RouteDefinition>> = ROUTES): void => {
  const limits = routeBodyLimits(routes);
  const sessionFirst = async (request: FastifyRequest, reply: FastifyReply) => {
    const ok = await authenticate(request.headers.authorization ?? '').then(
      () => true,
      () => false,
    );
    if (!ok) await reply.code(401).send({ detail: 'Not authenticated' });
  };
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const definition = methods.map((method) => limits.get(`${method} ${route.url}`)).find((found) => found !== undefined);
    if (!definition) return;
    route.bodyLimit = definition.bodyLimitBytes;
    if (definition.auth === 'user' || definition.auth === 'admin') {
      const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      route.onRequest = [...existing, sessionFirst];
    }
  });
};
