/**
 * How long the first event of a batch waits for others (0: only for the requests being handled in the same turn of
 * the event loop, which under load is many), and how many a batch holds at most.
 */
export type EventBatchOptions = { maxDelayMs: number; maxSize: number };

type Waiting<E> = { event: E; resolve: () => void; reject: (error: unknown) => void };

/**
 * Gathers the events of concurrent requests into one write: the first event starts a short timer, and the batch is
 * written when the timer fires or it is full. Every caller's promise settles with the write of its batch, so a request
 * is answered only once its event is stored (or fails with the write).
 */
export class EventBatch<E> {
  private waiting: Waiting<E>[] = [];
  private timer?: NodeJS.Timeout | NodeJS.Immediate;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly write: (events: E[]) => Promise<void>,
    private readonly options: EventBatchOptions,
  ) {}

  add(event: E): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ event, resolve, reject });
      if (this.waiting.length >= this.options.maxSize) this.flush();
      else this.timer ??= this.options.maxDelayMs > 0 ? setTimeout(() => this.flush(), this.options.maxDelayMs) : setImmediate(() => this.flush());
    });
  }

  /** Writes what is waiting now and waits for every write in flight. */
  async close(): Promise<void> {
    this.flush();
    await Promise.allSettled([...this.inFlight]);
  }

  private flush(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer as NodeJS.Timeout);
      clearImmediate(this.timer as NodeJS.Immediate);
    }
    this.timer = undefined;
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    const written = this.write(batch.map((waiting) => waiting.event)).then(
      () => batch.forEach((waiting) => waiting.resolve()),
      (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
    );
    this.inFlight.add(written);
    void written.finally(() => this.inFlight.delete(written));
  }
}
