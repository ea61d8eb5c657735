import { DomainError, type RouteDefinition } from '@nivesh/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** The validated input of a route, as its schema outputs it. */
export type RouteInput<D extends RouteDefinition> = z.output<D['input']>;

/**
 * A route of proto's route table and what answers it: its validated input in, its answer out (sent with the route's
 * status), or `reply` itself when it has sent its answer on it (stored bytes, an event stream), as in fastify.
 */
export type ApiRoute<D extends RouteDefinition = RouteDefinition> = {
  readonly definition: D;
  readonly handle: (input: RouteInput<D>, request: FastifyRequest, reply: FastifyReply) => unknown;
};

/** An `ApiRoute` whose handler's input is typed by its definition. */
export const apiRoute = <D extends RouteDefinition>(definition: D, handle: ApiRoute<D>['handle']): ApiRoute => ({ definition, handle }) as ApiRoute;

/** "field.path: message" for the first problem, so the answer names the field at fault. */
export const describeIssue = (error: z.ZodError): string => {
  const issue = error.issues[0];
  if (!issue) return 'Invalid request';
  const where = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  return `${where}: ${issue.message}`;
};

/** Parses a body or query with a route's schema; a missing body is an empty object. */
export const parseRouteInput = (definition: RouteDefinition, raw: unknown): unknown => {
  let value = raw ?? {};
  // A page-unload beacon may arrive as text/plain; its text is still JSON.
  if (typeof value === 'string') {
    try {
      value = value.trim() === '' ? {} : JSON.parse(value);
    } catch {
      throw new DomainError('bad_request', 'Malformed JSON body');
    }
  }
  const result = definition.input.safeParse(value);
  if (!result.success) throw new DomainError('validation_failed', describeIssue(result.error));
  return result.data;
};
