import { DomainError } from '@nivesh/proto';
import { InvalidSignature, type PaymentProvider, ProviderUnavailable } from './provider';

/** What subscribe says on a server where no payment provider is set up. */
export const PAYMENTS_NOT_SET_UP = 'Premium cannot be bought on this server yet: no payment provider is set up.';

/** PAYMENT_PROVIDER=none: the product runs, and premium cannot be bought here; every call says so. */
export class NoPaymentProvider implements PaymentProvider {
  readonly name = 'none';

  createSubscription(): Promise<never> {
    return Promise.reject(new DomainError('service_unavailable', PAYMENTS_NOT_SET_UP));
  }

  cancelAtPeriodEnd(): Promise<never> {
    return Promise.reject(new ProviderUnavailable(new Error('no payment provider is set up')));
  }

  fetchSubscription(): Promise<never> {
    return Promise.reject(new ProviderUnavailable(new Error('no payment provider is set up')));
  }

  parseWebhook(): never {
    throw new InvalidSignature();
  }
}
