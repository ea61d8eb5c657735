import type { ProviderSeries, ProviderService } from '../providers/provider.service';
import type { DailyBarsRepository } from '../bars/daily-bars.repository';
import type { MarketCache } from '../cache/market-cache';
import type { MarketTransactions } from '../transactions/market-transactions.repository';
import type { SymbolsRepository } from '../symbols/symbols.repository';
import { ProviderImporter } from './provider-importer';

/** The importer with its seams replaced: INFY's latest stored bar is `latest`; the provider answers no bars. */
const importer = (latest: string) => {
  const asked: Array<{ symbol: string; from: string }> = [];
  const provider = {
    dailyBars: async (symbol: string, from: string): Promise<ProviderSeries> => {
      asked.push({ symbol, from });
      return { symbol, bars: [], splits: [], dropped: 0, cached: false } as unknown as ProviderSeries;
    },
  } as unknown as ProviderService;
  const symbols = { existing: async (list: readonly string[]) => new Set(list) } as unknown as SymbolsRepository;
  const bars = { latestDates: async () => new Map([['INFY', latest]]) } as unknown as DailyBarsRepository;
  const tables = { bars: { insertMany: async () => 0 }, actions: { insertMany: async () => 0 }, symbols: { extendDates: async () => undefined } };
  const transactions = { run: async <T>(work: (t: typeof tables) => Promise<T>) => work(tables) } as unknown as MarketTransactions;
  const cache = { bumpVersion: async () => undefined } as unknown as MarketCache;
  return { asked, importer: new ProviderImporter(transactions, symbols, bars, provider, cache) };
};

describe('ProviderImporter', () => {
  it('asks nothing on Easter Monday morning when the latest bar is Thursday 28 Mar 2024 (Good Friday was a holiday)', async () => {
    const { asked, importer: run } = importer('2024-03-28');
    const result = await run.importSymbols(['INFY'], undefined, new Date('2024-04-01T04:00:00Z'));
    expect(asked).toEqual([]);
    expect(result).toMatchObject({ fetched: 0, up_to_date: 1 });
  });

  it('asks from the next NSE session after the latest bar when one has passed', async () => {
    const { asked, importer: run } = importer('2024-03-28');
    await run.importSymbols(['INFY'], undefined, new Date('2024-04-02T04:00:00Z'));
    expect(asked).toEqual([{ symbol: 'INFY', from: '2024-04-01' }]);
  });
});
