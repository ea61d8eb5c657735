import { MARKET } from '@nivesh/proto';
import { type MarketHarness, startMarket } from './support';

/**
 * Every stock of the dataset and the index itself, through every per-symbol analysis: each answer passes its
 * contract (the service checks results against the proto schema before replying), so no stock's history (short,
 * without volume, across splits and renames) makes an internal error.
 */
describe('every symbol', () => {
  let market: MarketHarness;

  beforeAll(async () => {
    market = await startMarket();
  });

  afterAll(async () => {
    await market.close();
  });

  it('answers quote, summary, indicators, risk and insights for every stock and NIFTY 50', async () => {
    const symbols = [...(await market.call(MARKET.symbols, {})).map((entry) => entry.symbol), 'NIFTY 50'];
    expect(symbols).toHaveLength(49);
    const failures: string[] = [];
    for (const symbol of symbols) {
      const calls: Array<[string, Promise<unknown>]> = [
        ['quote', market.call(MARKET.quote, { symbol })],
        ['summary', market.call(MARKET.summary, { symbol })],
        ['indicators', market.call(MARKET.indicators, { symbol, range: '1y' })],
        ['risk', market.call(MARKET.risk, { symbol, range: 'max' })],
        ['insights', market.call(MARKET.insights, { symbol })],
      ];
      for (const [name, call] of calls) {
        await call.catch((error: Error) => failures.push(`${symbol} ${name}: ${error.message}`));
      }
    }
    expect(failures).toEqual([]);
  });
});
