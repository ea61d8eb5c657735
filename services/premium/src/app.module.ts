import { type DynamicModule, Module } from '@nestjs/common';
import { serviceModule } from '@nivesh/platform';
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

@Module({})
export class AppModule {
  static register(config: Config): DynamicModule {
    return serviceModule(AppModule, {
      service: 'premium',
      config,
      database: { schema: SCHEMA, migrations: MIGRATIONS, entities: ENTITIES },
      controllers: [PremiumHandler, CheckoutHandler],
      providers: [
        paymentProviderFactory,
        simulatorCheckoutFactory,
        SubscriptionsRepository,
        PaymentDeadLettersRepository,
        PremiumJobs,
        PremiumService,
        PaymentEventsProcessor,
      ],
    });
  }
}
