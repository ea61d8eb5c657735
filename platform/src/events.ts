import type { EventDefinition, EventSubscription, QueueDefinition } from '@nivesh/proto';
import type { z } from 'zod';
import { type QueueConnection, QueueProducer } from './queues';

/** An event whose job could not be queued for some subscribers (the others got theirs). */
export class EventDeliveryError extends Error {
  constructor(
    readonly event: string,
    readonly failures: ReadonlyArray<{ subscriber: string; queue: string; error: unknown }>,
  ) {
    super(`event ${event} not queued for ${failures.map(({ subscriber, error }) => `${subscriber} (${error instanceof Error ? error.message : String(error)})`).join(', ')}`);
    this.name = 'EventDeliveryError';
  }
}

/**
 * Publishes the events proto declares (`EVENTS`): each subscriber's queue gets its declared job, under its declared
 * job id, in the declared order, so the publisher names none of the queues. Every subscriber is tried even when one's
 * queue cannot be reached; the failures are then thrown together. A queue's producer opens on its first job.
 */
export class EventPublisher {
  private readonly producers = new Map<string, QueueProducer<QueueDefinition>>();

  constructor(private readonly connection: QueueConnection) {}

  /** Queues the job of every subscriber of `event` but those in `except`. */
  async publish<P extends z.ZodType, S extends string>(event: EventDefinition<P, S>, payload: z.input<P>, { except = [] }: { except?: readonly S[] } = {}): Promise<void> {
    const data = event.payload.parse(payload) as z.output<P>;
    const failures: Array<{ subscriber: string; queue: string; error: unknown }> = [];
    for (const subscriber of Object.keys(event.subscribers) as S[]) {
      if (except.includes(subscriber)) continue;
      const subscription = event.subscribers[subscriber];
      try {
        await this.add(subscription, data);
      } catch (error) {
        failures.push({ subscriber, queue: subscription.queue.name, error });
      }
    }
    if (failures.length) throw new EventDeliveryError(event.name, failures);
  }

  /** Queues the job of one subscriber of `event` only: a subscriber asking again for its part (at boot, say). */
  async deliver<P extends z.ZodType, S extends string>(event: EventDefinition<P, S>, subscriber: S, payload: z.input<P>): Promise<void> {
    await this.add(event.subscribers[subscriber], event.payload.parse(payload) as z.output<P>);
  }

  async close(): Promise<void> {
    const producers = [...this.producers.values()];
    this.producers.clear();
    await Promise.all(producers.map((producer) => producer.close()));
  }

  private async add<T>(subscription: EventSubscription<T>, data: T): Promise<void> {
    let producer = this.producers.get(subscription.queue.name);
    if (!producer) {
      producer = new QueueProducer(subscription.queue, this.connection);
      this.producers.set(subscription.queue.name, producer);
    }
    await producer.add(subscription.job, data, { jobId: subscription.jobId(data) });
  }
}
