import { EVENTS, MarketDataChangedEventSchema, QUEUES } from './jobs';

describe('events declared in jobs.ts', () => {
  it('every subscriber names a job its queue declares, whose schema takes the event’s payload', () => {
    const samples = new Map<unknown, unknown>([[MarketDataChangedEventSchema, { version: '42' }]]);
    for (const event of Object.values(EVENTS)) {
      const payload = event.payload.parse(samples.get(event.payload));
      for (const { queue, job } of Object.values(event.subscribers)) {
        expect(Object.values(QUEUES)).toContain(queue);
        expect(queue.jobs).toHaveProperty(job);
        expect(queue.jobs[job as keyof typeof queue.jobs].safeParse(payload).success).toBe(true);
      }
    }
  });

  it('the market data change queues the alerts, the back-tests and the warm-up once per data version', () => {
    const ids = Object.fromEntries(Object.entries(EVENTS.marketDataChanged.subscribers).map(([name, { queue, job, jobId }]) => [name, [queue.name, job, jobId({ version: '42' })]]));
    expect(ids).toEqual({
      portfolioAlerts: ['portfolio-alerts', 'evaluate', 'alerts-42'],
      predictionBacktest: ['prediction-backtest', 'backtest', 'backtest-42'],
      marketWarm: ['market-warm', 'warm', 'warm-42'],
    });
  });
});
