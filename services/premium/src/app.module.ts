import { serviceRoot } from '@nivesh/platform';
import type { Config } from './config';
import { ENTITIES } from './entities';
import { MIGRATIONS, SCHEMA } from './migrations';
import { CheckoutHandler } from './premium/checkout.handler';
import { PaymentEventsProcessor } from './premium/payment-events.processor';
import { paymentProviderFactory, simulatorCheckoutFactory } from './premium/payment-provider.factory';
import { PremiumJobs } from './premium/premium-jobs';
import { PremiumHandler } from './premium/premium.handler';
import { PremiumService } from './premium/premium.service';
import { PaymentDeadLettersRepository } from './payments/payment-dead-letters.repository';
import { SubscriptionsRepository } from './subscriptions/subscriptions.repository';

/** The premium service: plans, checkout with the payment provider, subscriptions and their payments. */
export const AppModule = serviceRoot<Config>({
  service: 'premium',
  database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES },
  controllers: [PremiumHandler, CheckoutHandler],
  providers: [
    paymentProviderFactory, simulatorCheckoutFactory,
    SubscriptionsRepository, PaymentDeadLettersRepository, PremiumJobs, PremiumService, PaymentEventsProcessor,
  ],
});
