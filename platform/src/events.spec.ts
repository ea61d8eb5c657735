import { EVENTS, QUEUES } from '@nivesh/proto';
import { EventDeliveryError, EventPublisher } from './events';

// The seam: each queue's producer, recording what it was given (one per queue name, as the publisher opens them).
const added: Array<{ queue: string; name: string; data: unknown; jobId: unknown }> = [];
const failing = new Set<string>();
const closed: string[] = [];
jest.mock('./queues', () => ({
  QueueProducer: class {
    constructor(private readonly def: { name: string }) {}
    async add(name: string, data: unknown, options: { jobId?: string }) {
      if (failing.has(this.def.name)) throw new Error(`${this.def.name} is down`);
      added.push({ queue: this.def.name, name, data, jobId: options.jobId });
    }
    async close() {
      closed.push(this.def.name);
    }
  },
}));

const connection = { redisUrl: 'redis://unused', prefix: 'test' };

describe('EventPublisher', () => {
  beforeEach(() => {
    added.length = 0;
    closed.length = 0;
    failing.clear();
  });

  it('one publish of the market data change queues each subscriber its declared job under the declared id', async () => {
    const publisher = new EventPublisher(connection);
    await publisher.publish(EVENTS.marketDataChanged, { version: '7' });
    expect(added).toEqual([
      { queue: QUEUES.portfolioAlerts.name, name: 'evaluate', data: { version: '7' }, jobId: 'alerts-7' },
      { queue: QUEUES.predictionBacktest.name, name: 'backtest', data: { version: '7' }, jobId: 'backtest-7' },
      { queue: QUEUES.marketWarm.name, name: 'warm', data: { version: '7' }, jobId: 'warm-7' },
    ]);
  });

  it('leaves out the subscribers the publisher excepts', async () => {
    await new EventPublisher(connection).publish(EVENTS.marketDataChanged, { version: '8' }, { except: ['marketWarm'] });
    expect(added.map(({ queue }) => queue)).toEqual([QUEUES.portfolioAlerts.name, QUEUES.predictionBacktest.name]);
  });

  it('delivers one subscriber’s job alone', async () => {
    await new EventPublisher(connection).deliver(EVENTS.marketDataChanged, 'marketWarm', { version: '9' });
    expect(added).toEqual([{ queue: QUEUES.marketWarm.name, name: 'warm', data: { version: '9' }, jobId: 'warm-9' }]);
  });

  it('refuses a payload that breaks the event’s schema before anything is queued', async () => {
    await expect(new EventPublisher(connection).publish(EVENTS.marketDataChanged, { version: '' })).rejects.toThrow();
    expect(added).toEqual([]);
  });

  it('a queue that cannot be reached does not keep the others from their jobs; its failure is thrown after', async () => {
    failing.add(QUEUES.predictionBacktest.name);
    const published = new EventPublisher(connection).publish(EVENTS.marketDataChanged, { version: '10' });
    await expect(published).rejects.toBeInstanceOf(EventDeliveryError);
    await expect(published).rejects.toThrow(/market-data-changed not queued for predictionBacktest \(prediction-backtest is down\)/);
    expect(added.map(({ jobId }) => jobId)).toEqual(['alerts-10', 'warm-10']);
  });

  it('opens one producer per queue however often it publishes, and closes them all', async () => {
    const publisher = new EventPublisher(connection);
    await publisher.publish(EVENTS.marketDataChanged, { version: '11' });
    await publisher.publish(EVENTS.marketDataChanged, { version: '12' });
    await publisher.close();
    expect(closed.sort()).toEqual([QUEUES.marketWarm.name, QUEUES.portfolioAlerts.name, QUEUES.predictionBacktest.name].sort());
  });
});
