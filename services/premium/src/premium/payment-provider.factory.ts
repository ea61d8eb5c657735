import type { Provider } from '@nestjs/common';
import { DEFAULT_PLAN_ID } from '@nivesh/proto';
import { REDIS, SERVICE_CONFIG } from '@nivesh/platform';
import type Redis from 'ioredis';
import { type Config, simulatorWebhookUrl } from '../config';
import { NoPaymentProvider } from '../payments/no-provider';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../payments/provider';
import { RazorpayProvider } from '../payments/razorpay.provider';
import { RedisSimulatorLedger } from '../payments/simulator-ledger';
import { SimulatorCheckout, SimulatorProvider } from '../payments/simulator.provider';

/** The simulator's hosted checkout, present only when the simulator is the provider (null otherwise). */
export const SIMULATOR_CHECKOUT = Symbol('SIMULATOR_CHECKOUT');

const ledgerOf = (redis: Redis, config: Config) => new RedisSimulatorLedger(redis, config.REDIS_PREFIX);

/** The configured payment provider: Razorpay with its keys, or the simulator with a ledger in Redis. */
export const paymentProviderFactory: Provider = {
  provide: PAYMENT_PROVIDER,
  inject: [SERVICE_CONFIG, REDIS],
  useFactory: (config: Config, redis: Redis): PaymentProvider => {
    switch (config.PAYMENT_PROVIDER) {
      case 'razorpay':
        return new RazorpayProvider({
          keyId: config.RAZORPAY_KEY_ID!,
          keySecret: config.RAZORPAY_KEY_SECRET!,
          webhookSecret: config.PAYMENT_WEBHOOK_SECRET!,
          planIds: { [DEFAULT_PLAN_ID]: config.RAZORPAY_PLAN_ID! },
        });
      case 'simulator':
        return new SimulatorProvider({ publicBaseUrl: config.PUBLIC_URL, webhookSecret: config.PAYMENT_WEBHOOK_SECRET!, ledger: ledgerOf(redis, config) });
      case 'none':
        return new NoPaymentProvider();
    }
  },
};

/** The simulator's Pay and Fail, which sign and deliver Razorpay's webhooks to the gateway. */
export const simulatorCheckoutFactory: Provider = {
  provide: SIMULATOR_CHECKOUT,
  inject: [SERVICE_CONFIG, REDIS],
  useFactory: (config: Config, redis: Redis): SimulatorCheckout | null =>
    config.PAYMENT_PROVIDER === 'simulator'
      ? new SimulatorCheckout({ ledger: ledgerOf(redis, config), webhookUrl: simulatorWebhookUrl(config), webhookSecret: config.PAYMENT_WEBHOOK_SECRET! })
      : null,
};
