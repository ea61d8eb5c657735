/** Writes a batch; answers, in order, each item's error, or null for an item that is stored. Throwing fails every item. */
export type BatchWrite<T> = (items: readonly T[]) => Promise<readonly (Error | null)[]>;

export type BatcherOptions = {
  /** A batch this large is written at once. */
  maxSize: number;
  /** Otherwise a batch is written this long after its first item arrived. */
  maxDelayMs: number;
};

type Waiting<T> = { item: T; resolve: () => void; reject: (error: unknown) => void };

/**
 * Gathers items into batches written together. `add` resolves only once the item's batch is written, so a queue job
 * that awaits it is acknowledged only after its row is committed; a crash before then leaves the job to run again.
 */
export class Batcher<T> {
  private waiting: Waiting<T>[] = [];
  private timer?: NodeJS.Timeout;
  private readonly writing = new Set<Promise<void>>();
  private closing = false;
  /** Batches written (each one call of `write`). */
  flushes = 0;

  constructor(
    private readonly write: BatchWrite<T>,
    private readonly options: BatcherOptions,
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (this.closing || this.waiting.length >= this.options.maxSize) void this.flush();
      else this.timer ??= setTimeout(() => void this.flush(), this.options.maxDelayMs);
    });
  }

  /** Items waiting for their batch. */
  get size(): number {
    return this.waiting.length;
  }

  /** Writes what is waiting now; resolves when that batch is written. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.waiting.length === 0) return Promise.resolve();
    const batch = this.waiting;
    this.waiting = [];
    const writing = this.run(batch);
    this.writing.add(writing);
    void writing.finally(() => this.writing.delete(writing));
    return writing;
  }

  /** Writes everything waiting and every item added from now on at once; resolves when all writes are done. */
  async close(): Promise<void> {
    this.closing = true;
    await this.flush();
    await Promise.all([...this.writing]);
  }

  private async run(batch: Waiting<T>[]): Promise<void> {
    this.flushes += 1;
    let errors: readonly (Error | null)[];
    try {
      errors = await this.write(batch.map((waiting) => waiting.item));
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    // An answer that does not cover the batch acknowledges nothing: the items run again rather than being lost.
    if (errors.length !== batch.length) {
      const error = new Error(`The batch write answered for ${errors.length} of ${batch.length} items`);
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    batch.forEach((waiting, index) => {
      const error = errors[index];
      if (error) waiting.reject(error);
      else waiting.resolve();
    });
  }
}
