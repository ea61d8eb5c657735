import type { Queue } from 'bullmq';
import { countCacheLookup, countJobFailure, observeRpcHandled, processMetrics, watchQueue, watchStreamPending } from './metrics';

describe('process metrics', () => {
  it('render RPC latency, stream pending entries, queue depth, job failures and cache lookups under their names', async () => {
    observeRpcHandled('market.getQuote', 'ok', 0.004);
    observeRpcHandled('market.getQuote', 'not_found', 0.002);
    countCacheLookup('market-answers', true);
    countCacheLookup('market-answers', true);
    countCacheLookup('market-answers', false);
    countJobFailure('otp-email');
    const unwatchStream = watchStreamPending(async () => ({ group: 'market', pending: 3 }));
    const queue = { name: 'market-warm', getJobCounts: async () => ({ waiting: 2, active: 1, failed: 0 }) } as unknown as Queue;
    const unwatchQueue = watchQueue(queue);

    const text = await processMetrics.metrics();
    expect(text).toContain('rpc_handle_duration_seconds_bucket{le="0.005",pattern="market.getQuote",outcome="ok"} 1');
    expect(text).toContain('rpc_handle_duration_seconds_count{pattern="market.getQuote",outcome="not_found"} 1');
    expect(text).toContain('rpc_stream_pending{group="market"} 3');
    expect(text).toContain('bullmq_queue_jobs{queue="market-warm",state="waiting"} 2');
    expect(text).toContain('bullmq_queue_jobs{queue="market-warm",state="active"} 1');
    expect(text).toContain('bullmq_job_failures_total{queue="otp-email"} 1');
    expect(text).toContain('cache_requests_total{cache="market-answers",result="hit"} 2');
    expect(text).toContain('cache_requests_total{cache="market-answers",result="miss"} 1');

    // A stopped server or worker leaves the scrape.
    unwatchStream();
    unwatchQueue();
    const later = await processMetrics.metrics();
    expect(later).not.toContain('rpc_stream_pending{group="market"}');
    expect(later).not.toContain('bullmq_queue_jobs{queue="market-warm"');
  });

  it('leave out a source that fails or never answers (Redis away) instead of failing or holding the whole scrape', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate'] });
    const unwatchDown = watchStreamPending(async () => {
      throw new Error('Connection is closed.');
    });
    const unwatchHung = watchStreamPending(() => new Promise(() => undefined));
    const unwatchUp = watchStreamPending(async () => ({ group: 'auth', pending: 0 }));
    try {
      const scrape = processMetrics.metrics();
      await jest.advanceTimersByTimeAsync(2_000);
      const text = await scrape;
      expect(text).toContain('rpc_stream_pending{group="auth"} 0');
      expect(text.match(/^rpc_stream_pending\{/gm)).toHaveLength(1);
    } finally {
      jest.useRealTimers();
      unwatchDown();
      unwatchHung();
      unwatchUp();
    }
  });
});
