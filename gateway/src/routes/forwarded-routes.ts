import { Controller, Inject, Injectable, Req, Res, type Type } from '@nestjs/common';
import { ROUTES, type RouteDefinition, type RpcDefinition } from '@nivesh/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { StoredAnswers } from '../answers/stored-answers.service';
import { callerOf } from '../auth/caller';
import type { Config } from '../config';
import { siteOriginOf } from '../http/site-origin';
import { parseRouteInput, Route } from './route.decorator';
import { PremiumToolGate } from '../premium/premium-tool-gate';
import { RpcGateway } from '../rpc/rpc-gateway';
import { CONFIG } from '../tokens';

/** A route that only forwards its validated input to the RPC pattern it names. */
export type ForwardedRoute = RouteDefinition & { readonly rpc: RpcDefinition };

const isForwarded = (definition: RouteDefinition): definition is ForwardedRoute => definition.rpc !== undefined;

/** Every route of the route table that names an RPC pattern; the others are written by hand (see SystemController). */
export const FORWARDED_ROUTES: Readonly<Record<string, ForwardedRoute>> = Object.fromEntries(
  Object.entries(ROUTES as Record<string, RouteDefinition>).filter((entry): entry is [string, ForwardedRoute] => isForwarded(entry[1])),
);

/**
 * What every forwarded route does: validate the body (POST) or query (GET) with the route's schema, add the caller on
 * routes that authenticate, let a premium tool's request through only for premium on this device, call the pattern and send its result with the route's status. Versioned routes are sent
 * from their stored bytes. Guards (rate limit, session, admin) ran before, from the route definition.
 */
@Injectable()
export class Forwarder {
  constructor(
    private readonly rpc: RpcGateway,
    private readonly answers: StoredAnswers,
    private readonly premiumTools: PremiumToolGate,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async forward(definition: ForwardedRoute, request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const input = parseRouteInput(definition, definition.method === 'GET' ? request.query : request.body) as Record<string, unknown>;
    if (definition.premiumTool) await this.premiumTools.check(definition.premiumTool, input, request);
    const payload: Record<string, unknown> = {
      ...input,
      ...(definition.auth === 'none' ? {} : { caller: callerOf(request) }),
      ...(definition.clientIp ? { client_ip: request.ip } : {}),
    };
    const siteOrigin = definition.siteOrigin ? siteOriginOf(request, this.config.PUBLIC_URL) : undefined;
    if (siteOrigin) payload.site_origin = siteOrigin;
    const call = () => this.rpc.call(definition.rpc, payload, { correlationId: request.id });
    if (definition.versioned) {
      // A versioned answer depends on the data version and the input only, never on who asks (the route's auth decides
      // whether they may): stored under the input, one copy serves every caller.
      await this.answers.send(definition.versioned, definition.rpc.pattern, input, request, reply, call);
      return;
    }
    const result = await call();
    reply.code(definition.status ?? 200).send(result);
  }
}

/**
 * One controller with a handler per forwarded route, built from the route table: adding an endpoint touches proto/
 * (its contract and route) and its service's handler only. Each handler carries `@Route(definition)`, so guards,
 * rate limits, metrics and error mapping are the same as for hand-written routes.
 */
export const forwardedRoutesController = (routes: Readonly<Record<string, ForwardedRoute>> = FORWARDED_ROUTES): Type => {
  @Controller()
  class ForwardedRoutesController {
    constructor(@Inject(Forwarder) readonly forwarder: Forwarder) {}
  }
  const prototype = ForwardedRoutesController.prototype as unknown as Record<string, unknown>;
  for (const [name, definition] of Object.entries(routes)) {
    const handler = function (this: ForwardedRoutesController, request: FastifyRequest, reply: FastifyReply): Promise<void> {
      return this.forwarder.forward(definition, request, reply);
    };
    Object.defineProperty(handler, 'name', { value: name });
    Object.defineProperty(prototype, name, { value: handler, writable: true, configurable: true, enumerable: false });
    const descriptor = Object.getOwnPropertyDescriptor(prototype, name)!;
    Route(definition)(prototype, name, descriptor);
    Req()(prototype, name, 0);
    Res()(prototype, name, 1);
  }
  return ForwardedRoutesController;
};
