import { InMemorySimulatorLedger, RedisSimulatorLedger, SIMULATOR_LEDGER_TTL_SECONDS, type SimulatedSubscription } from './simulator-ledger';

const subscription: SimulatedSubscription = {
  id: 'sub_QfN9x2H7cK4mLp',
  subscriptionId: 'our-sub-1',
  userId: '42',
  email: null,
  amountPaise: 20000,
  returnUrl: 'http://localhost:8080/payment/success',
  planId: 'premium_monthly',
  status: 'created',
  customerId: null,
  notes: { subscription_id: 'our-sub-1' },
  createdAt: 1767225600,
  currentStart: null,
  currentEnd: null,
  endedAt: null,
  totalCount: 120,
  paidCount: 0,
  authAttempts: 0,
  shortUrl: 'http://localhost:8080/dev/pay/sub_QfN9x2H7cK4mLp',
  expireBy: 1767312000,
  cancelAtCycleEnd: false,
};

describe('simulator ledgers', () => {
  it('in memory: stores copies, so a caller’s later edits do not leak in', async () => {
    const ledger = new InMemorySimulatorLedger();
    const mine = { ...subscription };
    await ledger.put(mine);
    mine.status = 'active';
    await expect(ledger.get(subscription.id)).resolves.toEqual(subscription);
    await expect(ledger.get('sub_other')).resolves.toBeUndefined();
  });

  it('in Redis: one JSON value per subscription, with a time to live', async () => {
    const store = new Map<string, string>();
    const redis = {
      get: jest.fn(async (key: string) => store.get(key) ?? null),
      set: jest.fn(async (key: string, value: string) => {
        store.set(key, value);
        return 'OK' as const;
      }),
    };
    const ledger = new RedisSimulatorLedger(redis as any);
    await ledger.put(subscription);
    expect(redis.set).toHaveBeenCalledWith(`premium:simulator:subscription:${subscription.id}`, JSON.stringify(subscription), 'EX', SIMULATOR_LEDGER_TTL_SECONDS);
    await expect(ledger.get(subscription.id)).resolves.toEqual(subscription);
    await expect(ledger.get('sub_other')).resolves.toBeUndefined();
  });
});
