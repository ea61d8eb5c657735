import { applyDecorators, createParamDecorator, Get, HttpCode, Post, SetMetadata, UseGuards, type ExecutionContext } from '@nestjs/common';
import { DomainError, type RouteDefinition } from '@nivesh/proto';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AdminGuard } from '../auth/admin.guard';
import { callerOf } from '../auth/caller';
import { SessionGuard } from '../auth/session.guard';
import { ROUTE_DEFINITION, routeDefinitionOf } from '../http/route-metadata';


/** Mounts a handler at the definition's method and path, with its status and the guards its `auth` asks for. */
export const Route = (definition: RouteDefinition): MethodDecorator =>
  applyDecorators(
    definition.method === 'GET' ? Get(definition.path) : Post(definition.path),
    HttpCode(definition.status ?? 200),
    SetMetadata(ROUTE_DEFINITION, definition),
    UseGuards(SessionGuard, AdminGuard),
  );

/** The validated input of a route, as its schema outputs it. */
export type RouteInput<D extends RouteDefinition> = z.output<D['input']>;

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

const requestOf = (context: ExecutionContext): FastifyRequest => context.switchToHttp().getRequest<FastifyRequest>();

/** The route's input: the JSON body of a POST or the query of a GET, validated with the route's schema. */
export const Input = createParamDecorator((_data: unknown, context: ExecutionContext): unknown => {
  const definition = routeDefinitionOf(context.getHandler());
  if (!definition) throw new Error('@Input() needs @Route() on the same handler');
  const request = requestOf(context);
  return parseRouteInput(definition, definition.method === 'GET' ? request.query : request.body);
});

/** The authenticated caller (undefined on an anonymous request to an 'optional' route). */
export const CurrentCaller = createParamDecorator((_data: unknown, context: ExecutionContext) => callerOf(requestOf(context)));

/** The request id, passed on as the RPC correlation id. */
export const RequestId = createParamDecorator((_data: unknown, context: ExecutionContext): string => requestOf(context).id);
