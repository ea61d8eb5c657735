import { Controller, Get, Inject, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { DEV_CHECKOUT_PATH, DomainError, PREMIUM } from '@nivesh/proto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoopbackOnlyGuard } from '../dev/loopback-only.guard';
import { RpcGateway } from '../rpc/rpc-gateway';
import { cspNonce } from '../spa/csp';

/** Razorpay-style ids: a prefix, an underscore and base-62 characters. */
const CHECKOUT_ID = /^[A-Za-z0-9_]{1,64}$/;

const checkoutId = (id: string): string => {
  if (!CHECKOUT_ID.test(id)) throw new DomainError('not_found', 'This payment page does not exist.');
  return id;
};

/**
 * The payment simulator's hosted checkout page, the stand-in for Razorpay's: the premium service renders it
 * and, when the tester presses Pay or Fail, delivers Razorpay's signed webhooks back to this gateway before
 * the browser is sent to the payment success or failure page. AppModule mounts it only outside production, and it
 * answers only clients on this machine: whoever can press Pay grants premium without paying.
 */
@Controller(DEV_CHECKOUT_PATH)
@UseGuards(LoopbackOnlyGuard)
export class DevCheckoutController {
  constructor(@Inject(RpcGateway) private readonly rpc: RpcGateway) {}

  @Get(':id')
  async page(@Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const base = `${DEV_CHECKOUT_PATH}/${encodeURIComponent(checkoutId(id))}`;
    const page = await this.rpc.call(
      PREMIUM.checkoutPage,
      { provider_subscription_id: id, pay_action: `${base}/pay`, fail_action: `${base}/fail`, nonce: cspNonce(reply.raw) },
      { correlationId: request.id },
    );
    void reply
      .code(page.found ? 200 : 404)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(page.html);
  }

  @Post(':id/pay')
  pay(@Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.press(id, 'pay', request, reply);
  }

  @Post(':id/fail')
  fail(@Param('id') id: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.press(id, 'fail', request, reply);
  }

  private async press(id: string, press: 'pay' | 'fail', request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const outcome = await this.rpc.call(PREMIUM.checkoutPress, { provider_subscription_id: checkoutId(id), press }, { correlationId: request.id });
    void reply.code(303).header('location', outcome.redirect_to).header('cache-control', 'no-store').send();
  }
}
