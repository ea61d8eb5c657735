import { MARKET, NEWS, NEWS_PAGE_SIZE_MAX } from '@nivesh/proto';
import { inspectAnswer } from '../../chat/src/guard/output-rail';
import { type MarketHarness, startMarket } from './support';

/** The fundamentals answers name who asks (the gateway checks premium before it forwards). */
const PREMIUM = { user_id: 'every-symbol', session_id: 'every-symbol', is_admin: false };

/** Every text of an answer that reads as words (two or more), with where it sits: what a page shows as a sentence. */
const textsOf = (value: unknown, at: string): Array<{ at: string; text: string }> => {
  if (typeof value === 'string') return /[A-Za-z]+\s+[A-Za-z]+/.test(value) ? [{ at, text: value }] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => textsOf(item, `${at}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => textsOf(item, `${at}.${key}`));
  return [];
};

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

  // Descriptive figures stay current under either compliance profile because they say nothing about the future: the
  // chat's output rail (price targets, calls to act, promises) finds nothing in any sentence that describes them.
  it('describes every stock, the index and the market in sentences the output rail lets through', async () => {
    const symbols = [...(await market.call(MARKET.symbols, {})).map((entry) => entry.symbol), 'NIFTY 50'];
    // One stock's calls at a time: several hundred at once would test the deadlines of a busy machine, not the texts.
    const batches: Array<() => Array<[string, Promise<unknown>]>> = [
      () => [
        ['overview', market.call(MARKET.overview, {})],
        ['freshness', market.call(MARKET.freshness, {})],
        ...(['6m', '1y', '5y'] as const).map((range): [string, Promise<unknown>] => [`sentiment ${range}`, market.call(MARKET.sentiment, { range })]),
        ['screener', market.call(MARKET.screener, { caller: PREMIUM })],
        ['value back-test', market.call(MARKET.valueBacktest, { caller: PREMIUM })],
      ],
      ...symbols.map((symbol) => (): Array<[string, Promise<unknown>]> => [
        [`${symbol} summary`, market.call(MARKET.summary, { symbol })],
        [`${symbol} risk`, market.call(MARKET.risk, { symbol, range: '5y' })],
        [`${symbol} insights`, market.call(MARKET.insights, { symbol })],
        // The index and a few stocks without filings have no valuation: their not_found is not a text of a page.
        [`${symbol} valuation`, market.call(MARKET.valuation, { symbol, caller: PREMIUM }).catch(() => null)],
        // The news Nivesh writes itself from prices, results and corporate actions (press headlines are the press's words).
        ...(['results', 'actions', 'market'] as const).map((kind): [string, Promise<unknown>] => [
          `${symbol} news (${kind})`,
          market.call(NEWS.news, { symbol, kind, page_size: NEWS_PAGE_SIZE_MAX }),
        ]),
      ]),
    ];
    const texts: Array<{ at: string; text: string }> = [];
    for (const batch of batches) {
      const answers = batch();
      for (const [name, answer] of answers) texts.push(...textsOf(await answer, name));
    }
    const stopped = texts.flatMap(({ at, text }) => {
      const hit = inspectAnswer(text);
      return hit ? [`${at} (${hit.rule}): ${text}`] : [];
    });
    expect(stopped).toEqual([]);
    // Every stock's summary, risk and insights say something in words: the check above is not vacuous.
    expect(new Set(texts.map(({ at }) => at.split(' ')[0])).size).toBeGreaterThanOrEqual(symbols.length);
    expect(texts.length).toBeGreaterThan(symbols.length * 10);
  });
});
