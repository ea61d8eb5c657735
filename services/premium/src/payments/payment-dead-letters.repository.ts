import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { PAYMENT_DEAD_LETTER_LIMITS, type PaymentDeadLetter, type PaymentDeadLetters } from '@nivesh/proto';
import { type DataSource, IsNull } from 'typeorm';
import { printable } from './razorpay-webhook';
import { type DeadLetterReason, PaymentDeadLetterEntity } from './payment-dead-letter.entity';

/** One webhook to set aside, as the payment-events worker saw it. */
export type DeadLetterInput = {
  eventId: string;
  reason: DeadLetterReason;
  detail: string;
  eventType: string | null;
  providerSubscriptionId: string | null;
  /** The body exactly as it was signed. */
  rawBody: string;
  /** When the gateway received it. */
  receivedAt: Date;
  now: Date;
};

/** A stored dead letter as the admin status page lists it: texts from the body made printable and cut to length, never the body. */
export const deadLetterView = (row: PaymentDeadLetterEntity): PaymentDeadLetter => ({
  event_id: printable(row.event_id, PAYMENT_DEAD_LETTER_LIMITS.eventId),
  event_type: row.event_type === null ? null : printable(row.event_type, PAYMENT_DEAD_LETTER_LIMITS.eventType),
  reason: row.reason,
  detail: printable(row.detail, PAYMENT_DEAD_LETTER_LIMITS.detail),
  received_at: row.received_at.toISOString(),
  attempts: row.attempts,
});

/**
 * The dead-letter table: correctly signed payment webhooks that could not be applied (a body we cannot read, or a
 * subscription we do not have), kept with their raw body and the reason, until an operator looks or a retry applies them.
 */
@Injectable()
export class PaymentDeadLettersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Sets the webhook aside, or, when it is there already (a queue retry, another delivery), counts one more try and keeps the newest reason. */
  async record(input: DeadLetterInput): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "premium"."payment_dead_letters"
         ("event_id", "reason", "detail", "event_type", "provider_subscription_id", "raw_body", "received_at", "attempts", "updated_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8)
       ON CONFLICT ("event_id") DO UPDATE SET
         "attempts" = "payment_dead_letters"."attempts" + 1,
         "reason" = EXCLUDED."reason",
         "detail" = EXCLUDED."detail",
         "updated_at" = EXCLUDED."updated_at"`,
      [
        input.eventId,
        input.reason,
        printable(input.detail, PAYMENT_DEAD_LETTER_LIMITS.detail),
        input.eventType === null ? null : printable(input.eventType, PAYMENT_DEAD_LETTER_LIMITS.eventType),
        input.providerSubscriptionId,
        input.rawBody,
        input.receivedAt,
        input.now,
      ],
    );
  }

  /** A set-aside webhook that a later try applied after all (its subscription was stored meanwhile) stops counting. */
  async resolve(eventId: string, now: Date): Promise<boolean> {
    const result = await this.dataSource
      .getRepository(PaymentDeadLetterEntity)
      .update({ event_id: eventId, resolved_at: IsNull() }, { resolved_at: now, updated_at: now });
    return (result.affected ?? 0) > 0;
  }

  /** How many are unresolved, and the newest `limit` of them. */
  async unresolved(limit: number): Promise<PaymentDeadLetters> {
    const rows = this.dataSource.getRepository(PaymentDeadLetterEntity);
    const [total, latest] = await Promise.all([
      rows.countBy({ resolved_at: IsNull() }),
      rows.find({ where: { resolved_at: IsNull() }, order: { received_at: 'DESC', id: 'DESC' }, take: limit }),
    ]);
    return { total, latest: latest.map(deadLetterView) };
  }

  /** One dead letter by its event id, resolved or not (tests and operators). */
  findByEventId(eventId: string): Promise<PaymentDeadLetterEntity | null> {
    return this.dataSource.getRepository(PaymentDeadLetterEntity).findOneBy({ event_id: eventId });
  }
}
