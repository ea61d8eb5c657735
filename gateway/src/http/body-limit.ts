import { ROUTES, type RouteDefinition } from '@nivesh/proto';
import type { FastifyInstance } from 'fastify';

/** `METHOD path` of each route that declares its own body limit, with that limit in bytes. */
export const routeBodyLimits = (routes: Readonly<Record<string, RouteDefinition>>): ReadonlyMap<string, number> =>
  new Map(
    Object.values(routes).flatMap((route): Array<[string, number]> =>
      route.bodyLimitBytes === undefined ? [] : [[`${route.method} ${route.path}`, route.bodyLimitBytes]],
    ),
  );

/**
 * Gives each route that declares `bodyLimitBytes` that limit as fastify's per-route `bodyLimit`, which takes
 * precedence over the JSON parser's 64 kB. Nest's adapter passes no such option through, so it is set as fastify adds
 * the route: call this before the app registers its routes (`app.init()`).
 */
export const applyRouteBodyLimits = (fastify: FastifyInstance, routes: Readonly<Record<string, RouteDefinition>> = ROUTES): void => {
  const limits = routeBodyLimits(routes);
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const limit = methods.map((method) => limits.get(`${method} ${route.url}`)).find((bytes) => bytes !== undefined);
    if (limit !== undefined) route.bodyLimit = limit;
  });
};
