import { PaymentDeadLetterEntity } from './payments/payment-dead-letter.entity';
import { DeviceClaimEntity } from './subscriptions/device-claim.entity';
import { PlanEntity } from './subscriptions/plan.entity';
import { ProviderEventEntity } from './subscriptions/provider-event.entity';
import { SubscriptionEntity } from './subscriptions/subscription.entity';
import { SubscriptionEventEntity } from './subscriptions/subscription-event.entity';

/** Every TypeORM entity of the premium schema. */
export const ENTITIES = [PlanEntity, SubscriptionEntity, SubscriptionEventEntity, ProviderEventEntity, DeviceClaimEntity, PaymentDeadLetterEntity];
