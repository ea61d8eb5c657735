import { Batcher } from './event-batcher';

describe('Batcher', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const recording = () => {
    const batches: number[][] = [];
    const write = jest.fn(async (items: readonly number[]) => {
      batches.push([...items]);
      return items.map(() => null);
    });
    return { batches, write };
  };

  it('writes a full batch at once, in one write', async () => {
    const { batches, write } = recording();
    const batcher = new Batcher(write, { maxSize: 3, maxDelayMs: 10_000 });
    await Promise.all([batcher.add(1), batcher.add(2), batcher.add(3)]);
    expect(batches).toEqual([[1, 2, 3]]);
    expect(batcher.flushes).toBe(1);
  });

  it('writes a partial batch once the delay after its first item has passed, not before', async () => {
    const { batches, write } = recording();
    const batcher = new Batcher(write, { maxSize: 100, maxDelayMs: 100 });
    let done = false;
    const first = batcher.add(1).then(() => (done = true));
    await jest.advanceTimersByTimeAsync(60);
    void batcher.add(2);
    await jest.advanceTimersByTimeAsync(30);
    expect(write).not.toHaveBeenCalled();
    expect(done).toBe(false);
    await jest.advanceTimersByTimeAsync(10);
    await first;
    expect(batches).toEqual([[1, 2]]);
  });

  it('resolves an item only after its batch is written', async () => {
    let finish!: () => void;
    const write = jest.fn(() => new Promise<null[]>((resolve) => (finish = () => resolve([null]))));
    const batcher = new Batcher(write, { maxSize: 1, maxDelayMs: 100 });
    let resolved = false;
    const added = batcher.add(7).then(() => (resolved = true));
    await jest.advanceTimersByTimeAsync(1_000);
    expect(resolved).toBe(false);
    finish();
    await added;
    expect(resolved).toBe(true);
  });

  it('rejects every item of a batch whose write failed, and only the refused items when the write names them', async () => {
    const failing = new Batcher(async () => Promise.reject(new Error('connection refused')), { maxSize: 2, maxDelayMs: 100 });
    const results = await Promise.allSettled([failing.add(1), failing.add(2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);

    const picky = new Batcher(async (items: readonly number[]) => items.map((item) => (item < 0 ? new Error(`bad ${item}`) : null)), { maxSize: 3, maxDelayMs: 100 });
    const mixed = await Promise.allSettled([picky.add(1), picky.add(-2), picky.add(3)]);
    expect(mixed.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('acknowledges nothing when the write answers for fewer items than it was given', async () => {
    const short = new Batcher(async () => [null], { maxSize: 2, maxDelayMs: 100 });
    const results = await Promise.allSettled([short.add(1), short.add(2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });

  it('close writes what is waiting at once, and anything added afterwards without waiting', async () => {
    const { batches, write } = recording();
    const batcher = new Batcher(write, { maxSize: 100, maxDelayMs: 60_000 });
    const waiting = [batcher.add(1), batcher.add(2)];
    await batcher.close();
    await Promise.all(waiting);
    expect(batches).toEqual([[1, 2]]);
    await batcher.add(3);
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it('a new batch fills while the previous one is being written', async () => {
    const finishes: (() => void)[] = [];
    const sizes: number[] = [];
    const write = (items: readonly number[]) =>
      new Promise<null[]>((resolve) => {
        sizes.push(items.length);
        finishes.push(() => resolve(items.map(() => null)));
      });
    const batcher = new Batcher(write, { maxSize: 2, maxDelayMs: 100 });
    const first = [batcher.add(1), batcher.add(2)];
    const second = [batcher.add(3), batcher.add(4)];
    expect(sizes).toEqual([2, 2]);
    finishes.forEach((finish) => finish());
    await Promise.all([...first, ...second]);
  });
});
