import { Logger } from '@nestjs/common';
import type { PredictResponse } from '@nivesh/proto';
import type { ForecastRecordsRepository, NewForecastRecord } from './forecast-records.repository';
import { LiveRecordService } from './live-record.service';
import type { MarketDataClient } from './market-data.client';

const answerOf = (days: number, overrides: Partial<PredictResponse> = {}) =>
  ({
    ticker: 'INFY',
    as_of: '2024-03-28',
    model: 'ets',
    last_close: 1500,
    forecast: Array.from({ length: days }, (_, i) => 1500 + i),
    lower80: Array.from({ length: days }, (_, i) => 1490 - i),
    upper80: Array.from({ length: days }, (_, i) => 1510 + i),
    lower95: Array.from({ length: days }, (_, i) => 1480 - i),
    upper95: Array.from({ length: days }, (_, i) => 1520 + i),
    dates: ['2024-04-01', '2024-04-02', '2024-04-03', '2024-04-04', '2024-04-05', '2024-04-08', '2024-04-09', '2024-04-10', '2024-04-12', '2024-04-15'].slice(0, days),
    ...overrides,
  }) as PredictResponse;

const setup = (write: (rows: readonly NewForecastRecord[]) => Promise<void> = async () => undefined) => {
  const writes: NewForecastRecord[][] = [];
  const records = {
    record: (rows: readonly NewForecastRecord[]) => {
      writes.push([...rows]);
      return write(rows);
    },
  };
  const service = new LiveRecordService(records as unknown as ForecastRecordsRepository, {} as MarketDataClient);
  return { service, writes };
};

describe('LiveRecordService.record', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('records each day of a served forecast with its date, step, bands and last close', async () => {
    const { service, writes } = setup();
    service.record(answerOf(10));
    await service.settled();
    expect(writes).toHaveLength(1);
    expect(writes[0]).toHaveLength(10);
    expect(writes[0]![9]).toEqual({
      symbol: 'INFY',
      as_of: '2024-03-28',
      model: 'ets',
      target_date: '2024-04-15',
      step: 10,
      forecast: 1509,
      lower80: 1481,
      upper80: 1519,
      lower95: 1471,
      upper95: 1529,
      last_close: 1500,
    });
  });

  it('writes a forecast asked for again only when it reaches further than the one recorded', async () => {
    const { service, writes } = setup();
    service.record(answerOf(10));
    service.record(answerOf(10));
    service.record(answerOf(5));
    await service.settled();
    expect(writes).toHaveLength(1);
    service.record(answerOf(10, { as_of: '2024-04-01' }));
    service.record(answerOf(10, { model: 'naive' }));
    await service.settled();
    expect(writes).toHaveLength(3);
  });

  it('never fails the answer: a failed write is logged, and the next request for that forecast writes it again', async () => {
    let fail = true;
    const { service, writes } = setup(async () => {
      if (fail) throw new Error('connection refused');
    });
    expect(() => service.record(answerOf(10))).not.toThrow();
    await service.settled();
    expect(Logger.prototype.warn).toHaveBeenCalledWith(expect.stringContaining('connection refused'));
    fail = false;
    service.record(answerOf(10));
    await service.settled();
    expect(writes).toHaveLength(2);
  });
});
