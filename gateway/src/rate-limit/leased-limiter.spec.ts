import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { LeasedLimiter, leaseSizeFor } from './leased-limiter';

/** The shared store is a seam: an in-memory limiter that counts what was asked of it. */
const sharedStore = (points: number) => {
  const store = new RateLimiterMemory({ points, duration: 60 });
  let calls = 0;
  const consume = store.consume.bind(store);
  store.consume = (key, spend) => {
    calls += 1;
    return consume(key, spend);
  };
  return { store, calls: () => calls };
};

/** Requests answered until the first refusal (at most `tries`). */
const allowed = async (limiter: LeasedLimiter, key: string, tries: number): Promise<number> => {
  for (let i = 0; i < tries; i += 1) {
    try {
      await limiter.consume(key);
    } catch (error) {
      expect(error).toBeInstanceOf(RateLimiterRes);
      return i;
    }
  }
  return tries;
};

describe('LeasedLimiter', () => {
  it('takes a twentieth of the budget at a time: exact for tight limits, at most 100', () => {
    expect(leaseSizeFor(5)).toBe(1);
    expect(leaseSizeFor(39)).toBe(1);
    expect(leaseSizeFor(600)).toBe(30);
    expect(leaseSizeFor(1_000_000)).toBe(100);
  });

  it('lets one instance spend exactly its budget, asking the store once per lease', async () => {
    const { store, calls } = sharedStore(600);
    const limiter = new LeasedLimiter(store, leaseSizeFor(600));
    expect(await allowed(limiter, '203.0.113.1', 700)).toBe(600);
    expect(calls()).toBeLessThanOrEqual(21);
    // Once spent, it refuses without asking the store again, with the time left in the window.
    const before = calls();
    await expect(limiter.consume('203.0.113.1')).rejects.toMatchObject({ msBeforeNext: expect.any(Number) });
    expect(calls()).toBe(before);
    // Another client has its own budget.
    expect(await allowed(limiter, '203.0.113.2', 10)).toBe(10);
  });

  it('shares one budget between instances: never more than the budget, short of it by at most a lease each', async () => {
    const { store } = sharedStore(100);
    const size = leaseSizeFor(100);
    const instances = [new LeasedLimiter(store, size), new LeasedLimiter(store, size)];
    let answered = 0;
    for (let i = 0; i < 300; i += 1) {
      try {
        await instances[i % 2].consume('198.51.100.7');
        answered += 1;
      } catch {
        // refused
      }
    }
    expect(answered).toBeLessThanOrEqual(100);
    expect(answered).toBeGreaterThanOrEqual(100 - 2 * size);
  });

  it('takes one lease for requests that arrive together', async () => {
    const { store, calls } = sharedStore(600);
    const limiter = new LeasedLimiter(store, 30);
    await Promise.all(Array.from({ length: 20 }, () => limiter.consume('192.0.2.1')));
    expect(calls()).toBe(1);
  });

  it('counts every request in the store when the lease is 1, and refuses locally once the store says it is spent', async () => {
    const { store, calls } = sharedStore(5);
    const limiter = new LeasedLimiter(store, leaseSizeFor(5));
    expect(await allowed(limiter, '192.0.2.9', 10)).toBe(5);
    expect(calls()).toBe(5);
  });
});
