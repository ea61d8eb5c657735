import { Injectable } from '@nestjs/common';
import { DEVICE_FINGERPRINT_HEADER, DeviceFingerprintSchema, DomainError, PREMIUM_TOOLS, type PremiumToolGate as Gate, RPC } from '@nivesh/proto';
import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/caller';
import { RpcGateway } from '../rpc/rpc-gateway';

/** The fingerprint a premium tool's request carries, when it is one the premium calls would accept. */
const fingerprintOf = (request: FastifyRequest): string | undefined => {
  const parsed = DeviceFingerprintSchema.safeParse(request.headers[DEVICE_FINGERPRINT_HEADER]);
  return parsed.success ? parsed.data : undefined;
};

/**
 * The one gate of the premium tools (proto's PREMIUM_TOOLS): a request a route's `premiumTool` applies to goes through
 * only for a logged-in user whose premium is active on this device, as premium answers it. Everything else about the
 * route (validation, rate limits, the answer) stays the same for everyone.
 */
@Injectable()
export class PremiumToolGate {
  constructor(private readonly rpc: RpcGateway) {}

  /** Throws 401 for a visitor and 403 with premium's reason when the tool is not theirs to use here. */
  async check(gate: Gate, input: unknown, request: FastifyRequest): Promise<void> {
    if (!gate.appliesTo(input as never)) return;
    const tool = PREMIUM_TOOLS[gate.tool];
    const caller = callerOf(request);
    if (!caller) throw new DomainError('unauthorized', `${tool.name} are part of Nivesh Premium. Please log in with a premium account to use them.`);
    const access = await this.rpc.call(
      RPC.premium.toolAccess,
      { caller, tool: gate.tool, device_fingerprint: fingerprintOf(request), client_ip: request.ip },
      { correlationId: request.id },
    );
    if (!access.allowed) throw new DomainError('forbidden', access.reason ?? `${tool.name} are part of Nivesh Premium.`);
  }
}
