import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DomainError, PREMIUM } from '@nivesh/proto';
import type { z } from 'zod';
import { renderCheckoutNotFoundPage } from '../payments/checkout-page';
import type { SimulatorCheckout } from '../payments/simulator.provider';
import { SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { SIMULATOR_CHECKOUT } from './payment-provider.factory';

type PagePayload = z.infer<typeof PREMIUM.checkoutPage.payload>;
type PressPayload = z.infer<typeof PREMIUM.checkoutPress.payload>;

/**
 * The simulator's hosted checkout, which the gateway serves at /dev/pay/:id outside production. With
 * Razorpay configured there is no such page: both calls answer not found.
 */
@Controller()
export class CheckoutHandler {
  constructor(
    @Inject(SIMULATOR_CHECKOUT) private readonly checkout: SimulatorCheckout | null,
    private readonly subscriptions: SubscriptionsRepository,
  ) {}

  @MessagePattern(PREMIUM.checkoutPage.pattern)
  async page(@Payload() payload: PagePayload): Promise<{ found: boolean; html: string }> {
    const checkout = this.simulator();
    const html = await checkout.page(payload.provider_subscription_id, {
      planName: await this.planName(payload.provider_subscription_id),
      payAction: payload.pay_action,
      failAction: payload.fail_action,
      nonce: payload.nonce,
    });
    return html ? { found: true, html } : { found: false, html: renderCheckoutNotFoundPage(payload.nonce) };
  }

  @MessagePattern(PREMIUM.checkoutPress.pattern)
  async press(@Payload() payload: PressPayload): Promise<{ redirect_to: string }> {
    const checkout = this.simulator();
    const outcome = payload.press === 'pay' ? await checkout.pay(payload.provider_subscription_id) : await checkout.fail(payload.provider_subscription_id);
    return { redirect_to: outcome.redirectTo };
  }

  private simulator(): SimulatorCheckout {
    if (!this.checkout) throw new DomainError('not_found', 'There is no test payment page on this server.');
    return this.checkout;
  }

  private async planName(providerSubscriptionId: string): Promise<string> {
    const subscription = await this.subscriptions.findByProviderSubscriptionId(providerSubscriptionId);
    const plan = subscription ? await this.subscriptions.findPlan(subscription.plan_id) : null;
    return plan?.name ?? 'Nivesh Premium';
  }
}
