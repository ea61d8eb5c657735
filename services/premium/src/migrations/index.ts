import { createSchemaMigration } from '@nivesh/platform';
import { CreatePlans1795478400000 } from './1795478400000-create-plans';
import { CreateSubscriptions1795478401000 } from './1795478401000-create-subscriptions';
import { CreateDeviceClaims1795478402000 } from './1795478402000-create-device-claims';
import { PaymentStateOrder1796774400000 } from './1796774400000-payment-state-order';

/** The service's PostgreSQL schema. */
export const SCHEMA = 'premium';

/** Migrations in the order they apply; listed explicitly so builds and bundles find them. */
export const MIGRATIONS = [
  createSchemaMigration(SCHEMA, 1763776800000),
  CreatePlans1795478400000,
  CreateSubscriptions1795478401000,
  CreateDeviceClaims1795478402000,
  PaymentStateOrder1796774400000,
];
