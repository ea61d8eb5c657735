import { EventBatch } from './event-batch';

describe('EventBatch', () => {
  it('writes concurrent events together once the delay has passed, and answers each caller after the write', async () => {
    const writes: number[][] = [];
    const batch = new EventBatch<number>(async (events) => {
      writes.push(events);
    }, { maxDelayMs: 5, maxSize: 100 });
    await Promise.all([1, 2, 3].map((event) => batch.add(event)));
    expect(writes).toEqual([[1, 2, 3]]);
  });

  it('writes at once when the batch is full', async () => {
    const writes: number[][] = [];
    const batch = new EventBatch<number>(async (events) => {
      writes.push(events);
    }, { maxDelayMs: 60_000, maxSize: 2 });
    await Promise.all([1, 2].map((event) => batch.add(event)));
    expect(writes).toEqual([[1, 2]]);
    const third = batch.add(3);
    await batch.close();
    await third;
    expect(writes).toEqual([[1, 2], [3]]);
  });

  it('fails every caller of a batch whose write fails, so none of them is acknowledged', async () => {
    const batch = new EventBatch<number>(async () => {
      throw new Error('Redis is down');
    }, { maxDelayMs: 1, maxSize: 10 });
    const results = await Promise.allSettled([batch.add(1), batch.add(2)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('EventBatch without a delay', () => {
  it('writes the events added in the same turn of the event loop together, and later ones apart', async () => {
    const writes: number[][] = [];
    const batch = new EventBatch<number>(async (events) => {
      writes.push(events);
    }, { maxDelayMs: 0, maxSize: 100 });
    await Promise.all([batch.add(1), batch.add(2)]);
    await batch.add(3);
    expect(writes).toEqual([[1, 2], [3]]);
  });
});
