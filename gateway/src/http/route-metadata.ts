import type { RouteDefinition } from '@nivesh/proto';

export const ROUTE_DEFINITION = 'nivesh:route-definition';

/** The route definition of a handler, when it has one (the public API's routes do). */
export const routeDefinitionOf = (handler: object): RouteDefinition | undefined => Reflect.getMetadata(ROUTE_DEFINITION, handler);
