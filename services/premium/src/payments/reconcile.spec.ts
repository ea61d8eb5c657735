import { ProviderUnavailable } from './provider';
import { type RazorpaySubscriptionsClient, RazorpayProvider } from './razorpay.provider';
import { eventForState, reconcilePending } from './reconcile';
import { fixtureJson } from './testing/fixtures';

const NOW = new Date('2026-01-02T00:00:00.000Z');
const OPTIONS = { keyId: 'rzp_test_notarealkey', keySecret: 'not-a-real-key-secret', webhookSecret: 'whsec_test_only', planIds: {} };

/** Razorpay as recorded: each id answers with a stored subscriptions.fetch response, or with the SDK's error. */
const replaying = (answers: Record<string, () => unknown>) => {
  const fetch = jest.fn(async (id: string) => {
    const answer = answers[id];
    if (!answer) throw fixtureJson('fetch.not-found');
    return answer() as any;
  });
  const client = { create: jest.fn(), cancel: jest.fn(), fetch } as unknown as RazorpaySubscriptionsClient;
  return { provider: new RazorpayProvider(OPTIONS, client), fetch };
};
const recorded = (name: string) => () => fixtureJson(name);
const networkDown = () => {
  throw new TypeError("Cannot read properties of undefined (reading 'status')");
};

describe('reconciling subscriptions stuck pending', () => {
  it('turns the ones that moved into events and leaves the rest', async () => {
    const { provider } = replaying({
      sub_QfN9x2H7cK4mLp: recorded('fetch.active'),
      sub_StillCreated01: recorded('fetch.created'),
      sub_Authenticated1: recorded('fetch.authenticated'),
      sub_QfNC3dE4fG5hI6: recorded('fetch.expired'),
      sub_QfND4eF5gH6iJ7: recorded('fetch.halted'),
    });
    const report = await reconcilePending(
      ['sub_QfN9x2H7cK4mLp', 'sub_StillCreated01', 'sub_Authenticated1', 'sub_QfNC3dE4fG5hI6', 'sub_QfND4eF5gH6iJ7', 'sub_Forgotten00001'].map((id) => ({ providerSubscriptionId: id })),
      provider,
      () => NOW,
    );
    expect(report.events).toEqual([
      {
        id: 'reconcile:sub_QfN9x2H7cK4mLp:active:2026-01-01T00:05:00.000Z',
        type: 'activated',
        provider_subscription_id: 'sub_QfN9x2H7cK4mLp',
        period_start: '2026-01-01T00:05:00.000Z',
        period_end: '2026-02-01T00:05:00.000Z',
        occurred_at: NOW.toISOString(),
      },
      { id: 'reconcile:sub_QfNC3dE4fG5hI6:expired:', type: 'payment_failed', provider_subscription_id: 'sub_QfNC3dE4fG5hI6', occurred_at: NOW.toISOString() },
      expect.objectContaining({ type: 'halted', provider_subscription_id: 'sub_QfND4eF5gH6iJ7' }),
    ]);
    expect(report.unchanged).toEqual(['sub_StillCreated01', 'sub_Authenticated1']);
    expect(report.skipped).toEqual([{ providerSubscriptionId: 'sub_Forgotten00001', reason: 'not found' }]);
  });

  it('gives the same event the same id on the next run, so applying it twice changes nothing', async () => {
    const { provider } = replaying({ sub_QfN9x2H7cK4mLp: recorded('fetch.active') });
    const pending = [{ providerSubscriptionId: 'sub_QfN9x2H7cK4mLp' }];
    const first = await reconcilePending(pending, provider, () => NOW);
    const second = await reconcilePending(pending, provider, () => new Date(NOW.getTime() + 60_000));
    expect(second.events[0]!.id).toBe(first.events[0]!.id);
  });

  it('skips the whole run as “provider unreachable” at the first network error, without asking again', async () => {
    const { provider, fetch } = replaying({
      sub_QfN9x2H7cK4mLp: recorded('fetch.active'),
      sub_Unreachable001: networkDown,
      sub_QfND4eF5gH6iJ7: recorded('fetch.halted'),
    });
    const report = await reconcilePending(
      ['sub_QfN9x2H7cK4mLp', 'sub_Unreachable001', 'sub_QfND4eF5gH6iJ7'].map((id) => ({ providerSubscriptionId: id })),
      provider,
      () => NOW,
    );
    expect(report.events.map((e) => e.provider_subscription_id)).toEqual(['sub_QfN9x2H7cK4mLp']);
    expect(report.skipped).toEqual([
      { providerSubscriptionId: 'sub_Unreachable001', reason: 'provider unreachable', detail: expect.stringContaining('status') },
      { providerSubscriptionId: 'sub_QfND4eF5gH6iJ7', reason: 'provider unreachable' },
    ]);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('reports an unexpected failure for one subscription and carries on with the next', async () => {
    const provider = {
      fetchSubscription: jest
        .fn()
        .mockRejectedValueOnce(new Error('bug'))
        .mockResolvedValueOnce({ status: 'cancelled' }),
    };
    const report = await reconcilePending([{ providerSubscriptionId: 'a' }, { providerSubscriptionId: 'b' }], provider, () => NOW);
    expect(report.skipped).toEqual([{ providerSubscriptionId: 'a', reason: 'failed', detail: 'bug' }]);
    expect(report.events).toEqual([expect.objectContaining({ type: 'cancelled', provider_subscription_id: 'b' })]);
  });

  it('counts a timeout as unreachable too', async () => {
    const provider = { fetchSubscription: jest.fn().mockRejectedValue(new ProviderUnavailable(new Error('no answer within 10000 ms'))) };
    const report = await reconcilePending([{ providerSubscriptionId: 'a' }], provider, () => NOW);
    expect(report.skipped).toEqual([{ providerSubscriptionId: 'a', reason: 'provider unreachable', detail: 'no answer within 10000 ms' }]);
  });

  it('maps each provider status for a subscription still pending on our side', () => {
    const type = (status: any) => eventForState('s', { status }, NOW)?.type;
    expect(['created', 'authenticated', 'active', 'pending', 'halted', 'cancelled', 'completed', 'expired'].map(type)).toEqual([
      undefined,
      undefined,
      'activated',
      'payment_failed',
      'halted',
      'cancelled',
      'completed',
      'payment_failed',
    ]);
  });
});
