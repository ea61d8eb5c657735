import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { BillingPeriod } from './state-machine';

/** A plan users can buy; `provider_plan_id` is the provider's plan (Razorpay `plan_...`) once created there. */
@Entity({ schema: 'premium', name: 'plans' })
export class PlanEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  /** Shown to people; carries 'Monthly' or 'Yearly', which the sidebar badge reads. */
  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'integer' })
  amount_paise!: number;

  @Column({ type: 'text' })
  currency!: string;

  @Column({ type: 'text' })
  period!: BillingPeriod['period'];

  @Column({ type: 'integer' })
  interval_count!: number;

  @Column({ type: 'boolean' })
  active!: boolean;

  @Column({ type: 'text', nullable: true })
  provider_plan_id!: string | null;
}
