import type { PaymentWebhookJob } from '@nivesh/proto';
import { UnrecoverableError } from 'bullmq';
import type { Config } from '../config';
import { fixtureBytes } from '../payments/testing/fixtures';
import type { DeadLetterInput, PaymentDeadLettersRepository } from '../payments/payment-dead-letters.repository';
import type { ProviderEventResult, SubscriptionsRepository } from '../subscriptions/subscriptions.repository';
import { attemptOf, DEAD_LETTER_TEXTS, PaymentEventsProcessor, SubscriptionNotYetKnown } from './payment-events.processor';

const RECEIVED_AT = '2026-11-24T06:30:00.000Z';
const job = (rawBody: string, eventId = 'evt_Q1w2E3r4T5y6U7'): PaymentWebhookJob => ({ provider: 'razorpay', event_id: eventId, raw_body: rawBody, received_at: RECEIVED_AT });
const halted = fixtureBytes('subscription.halted').toString('utf8');

/** The processor with its two repositories replaced: `apply` answers applyProviderEvent, the dead letters are kept in a list. */
const setUp = (apply: () => Promise<ProviderEventResult>) => {
  const recorded: DeadLetterInput[] = [];
  const resolved: string[] = [];
  const subscriptions = { applyProviderEvent: jest.fn(apply) } as unknown as SubscriptionsRepository;
  const deadLetters = {
    record: jest.fn(async (input: DeadLetterInput) => {
      recorded.push(input);
    }),
    resolve: jest.fn(async (eventId: string) => {
      resolved.push(eventId);
      return true;
    }),
  } as unknown as PaymentDeadLettersRepository;
  const processor = new PaymentEventsProcessor({} as Config, subscriptions, deadLetters);
  return { processor, recorded, resolved, deadLetters };
};

describe('payment events processor: nothing correctly signed is dropped', () => {
  it('sets a body it cannot read aside with the reason and the event name it says, and does not retry it', async () => {
    const { processor, recorded } = setUp(async () => ({ outcome: 'duplicate' }));
    const unreadable = JSON.stringify({ ...JSON.parse(halted), created_at: 'an hour ago' });
    await expect(processor.process(job(unreadable))).rejects.toBeInstanceOf(UnrecoverableError);
    expect(recorded).toEqual([
      expect.objectContaining({
        eventId: 'evt_Q1w2E3r4T5y6U7',
        reason: 'unreadable',
        eventType: 'subscription.halted',
        providerSubscriptionId: null,
        rawBody: unreadable,
        receivedAt: new Date(RECEIVED_AT),
      }),
    ]);
    expect(recorded[0]!.detail).toMatch(/^The body is not an event we can read: .*created_at/s);
  });

  it('keeps a body that is not even JSON, with no event name', async () => {
    const { processor, recorded } = setUp(async () => ({ outcome: 'duplicate' }));
    await expect(processor.process(job('{"entity":'))).rejects.toBeInstanceOf(UnrecoverableError);
    expect(recorded).toEqual([expect.objectContaining({ reason: 'unreadable', eventType: null, detail: 'The body is not an event we can read: the body is not JSON' })]);
  });

  it('sets an event for an unknown subscription aside on its first try and retries it; the last try says it gave up', async () => {
    const { processor, recorded } = setUp(async () => ({ outcome: 'unknown_subscription' }));
    await expect(processor.process(job(halted), { number: 1, of: 12 })).rejects.toBeInstanceOf(SubscriptionNotYetKnown);
    await expect(processor.process(job(halted), { number: 12, of: 12 })).rejects.toBeInstanceOf(SubscriptionNotYetKnown);
    expect(recorded.map((letter) => [letter.reason, letter.eventType, letter.providerSubscriptionId, letter.detail])).toEqual([
      ['unknown_subscription', 'subscription.halted', 'sub_QfN9x2H7cK4mLp', DEAD_LETTER_TEXTS.unknownSubscription('sub_QfN9x2H7cK4mLp', { number: 1, of: 12 })],
      ['unknown_subscription', 'subscription.halted', 'sub_QfN9x2H7cK4mLp', 'No subscription here has the provider id sub_QfN9x2H7cK4mLp; gave up after 12 tries.'],
    ]);
    expect(recorded[0]!.detail).toBe('No subscription here has the provider id sub_QfN9x2H7cK4mLp (yet); trying again, 11 tries left.');
  });

  it('resolves the dead letter when a retry applies the event, and looks for none on a first try', async () => {
    const { processor, resolved, deadLetters } = setUp(async () => ({ outcome: 'duplicate' }));
    await processor.process(job(halted), { number: 1, of: 12 });
    expect(deadLetters.resolve).not.toHaveBeenCalled();
    await processor.process(job(halted), { number: 3, of: 12 });
    expect(resolved).toEqual(['evt_Q1w2E3r4T5y6U7']);
  });

  it('lets the job fail and be retried when the dead letter cannot be written', async () => {
    const { processor, deadLetters } = setUp(async () => ({ outcome: 'duplicate' }));
    jest.mocked(deadLetters.record).mockRejectedValueOnce(new Error('connection terminated'));
    const failure = processor.process(job('{"entity":'));
    await expect(failure).rejects.toThrow('connection terminated');
    await expect(failure).rejects.not.toBeInstanceOf(UnrecoverableError);
  });

  it('counts tries from BullMQ: the first run has made none', () => {
    expect(attemptOf({ attemptsMade: 0, opts: { attempts: 12 } })).toEqual({ number: 1, of: 12 });
    expect(attemptOf({ attemptsMade: 11, opts: { attempts: 12 } })).toEqual({ number: 12, of: 12 });
    expect(attemptOf({ attemptsMade: 0, opts: {} })).toEqual({ number: 1, of: 1 });
  });
});
