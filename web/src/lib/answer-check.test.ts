import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkAnswer, resetAnswerCheck, schemaNameOf } from './answer-check';

const status = { as_of: '2024-03-28', symbols: 49, bars: 270_660, first_date: '1995-11-03' };

/** A stand-in for the browser's Worker: answers each check as `verdict` says, or fails to start. */
class FakeWorker {
  static instances: FakeWorker[] = [];
  static verdict: (schema: string) => object = () => ({ ok: true });
  static failing = false;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly posted: Array<{ id: number; schema: string; body: unknown }> = [];
  constructor(readonly url: URL, readonly options: WorkerOptions) {
    FakeWorker.instances.push(this);
  }
  postMessage(message: { id: number; schema: string; body: unknown }) {
    this.posted.push(message);
    queueMicrotask(() => {
      if (FakeWorker.failing) this.onerror?.(new Event('error'));
      else this.onmessage?.({ data: { id: message.id, ...FakeWorker.verdict(message.schema) } } as MessageEvent);
    });
  }
  terminate() {}
}

afterEach(() => {
  resetAnswerCheck();
  vi.unstubAllGlobals();
  FakeWorker.instances = [];
  FakeWorker.verdict = () => ({ ok: true });
  FakeWorker.failing = false;
});

describe('answer checks', () => {
  it('names the contract a picker selects without loading the contracts', () => {
    expect(schemaNameOf((c) => c.MarketStatusSchema)).toBe('MarketStatusSchema');
  });

  it('checks on this thread where there is no worker: a matching answer passes, a wrong one fails', async () => {
    expect(await checkAnswer((c) => c.MarketStatusSchema, status)).toBe(true);
    expect(await checkAnswer((c) => c.MarketStatusSchema, { as_of: 42 })).toBe(false);
  });

  it('asks the worker, by contract name, and takes its verdict', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.verdict = () => ({ ok: false });
    expect(await checkAnswer((c) => c.MarketStatusSchema, { anything: true })).toBe(false);
    expect(FakeWorker.instances).toHaveLength(1);
    expect(FakeWorker.instances[0]!.options).toMatchObject({ type: 'module' });
    expect(FakeWorker.instances[0]!.posted[0]).toMatchObject({ schema: 'MarketStatusSchema', body: { anything: true } });
  });

  it('never accepts an answer unchecked: a worker that fails, or does not know the contract, hands it back to this thread', async () => {
    vi.stubGlobal('Worker', FakeWorker);
    FakeWorker.verdict = () => ({ ok: false, unknownSchema: true });
    expect(await checkAnswer((c) => c.MarketStatusSchema, { as_of: 42 })).toBe(false);
    resetAnswerCheck();
    FakeWorker.failing = true;
    expect(await checkAnswer((c) => c.MarketStatusSchema, { as_of: 42 })).toBe(false);
  });
});
