import { Inject, Injectable } from '@nestjs/common';
import { ROUTES, type RouteDefinition, type RpcDefinition } from '@nivesh/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { StoredAnswers } from '../answers/stored-answers.service';
import { callerOf } from '../auth/caller';
import type { Config } from '../config';
import { siteOriginOf } from '../http/site-origin';
import { apiRoute, type ApiRoute } from '../http/api-route';
import { PremiumToolGate } from '../premium/premium-tool-gate';
import { RpcGateway } from '../rpc/rpc-gateway';
import { CONFIG } from '../tokens';

/** A route that only forwards its validated input to the RPC pattern it names. */
export type ForwardedRoute = RouteDefinition & { readonly rpc: RpcDefinition };

const isForwarded = (definition: RouteDefinition): definition is ForwardedRoute => definition.rpc !== undefined;

/** Every route of the route table that names an RPC pattern; the others are written by hand (see SystemRoutes). */
export const FORWARDED_ROUTES: Readonly<Record<string, ForwardedRoute>> = Object.fromEntries(
  Object.entries(ROUTES as Record<string, RouteDefinition>).filter((entry): entry is [string, ForwardedRoute] => isForwarded(entry[1])),
);

/**
 * What every forwarded route does with its validated input: add the caller on routes that authenticate, let a premium
 * tool's request through only for premium on this device, call the pattern and answer its result. Versioned routes are
 * sent from their stored bytes. Rate limits, access and validation ran before (ApiRoutes), from the route definition.
 */
@Injectable()
export class Forwarder {
  /** One route per forwarded route of the table: adding an endpoint touches proto/ and its service's handler only. */
  readonly routes: readonly ApiRoute[] = Object.values(FORWARDED_ROUTES).map((definition) =>
    apiRoute(definition, (input, request, reply) => this.forward(definition, input as Record<string, unknown>, request, reply)),
  );

  constructor(
    private readonly rpc: RpcGateway,
    private readonly answers: StoredAnswers,
    private readonly premiumTools: PremiumToolGate,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  private async forward(definition: ForwardedRoute, input: Record<string, unknown>, request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
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
      return reply;
    }
    return call();
  }
}
