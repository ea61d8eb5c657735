import { UnrecoverableError } from 'bullmq';
import { CsvFormatError } from '../data/csv';
import { ProviderNotFoundError, ProviderUnavailableError } from '../providers/provider-errors';
import { FAILURE_PREFIX, toJobError } from './market-import.processor';
import { UnknownSymbolsError } from './provider-importer';

describe('toJobError', () => {
  it('makes malformed files final, with the file and line in the reason', () => {
    const error = toJobError(new CsvFormatError('cm01APR2024bhav.csv', 4, 'column HIGH: expected a positive number, found "x"'));
    expect(error).toBeInstanceOf(UnrecoverableError);
    expect((error as Error).message).toBe(`${FAILURE_PREFIX.malformed}cm01APR2024bhav.csv:4: column HIGH: expected a positive number, found "x"`);
  });

  it('makes requests that cannot succeed final: unknown symbols, tickers the provider does not have', () => {
    expect((toJobError(new UnknownSymbolsError(['ZZZ'])) as Error).message).toBe(`${FAILURE_PREFIX.invalid}not in market.symbols: ZZZ`);
    expect(toJobError(new ProviderNotFoundError('ZZZ.NS', 'No data found'))).toBeInstanceOf(UnrecoverableError);
  });

  it('leaves provider outages and anything unexpected to BullMQ retries', () => {
    const outage = new ProviderUnavailableError('TCS.NS: fetch failed');
    expect(toJobError(outage)).toBe(outage);
    const bug = new TypeError('x is undefined');
    expect(toJobError(bug)).toBe(bug);
  });
});
