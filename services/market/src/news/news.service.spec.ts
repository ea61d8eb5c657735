import { NewsQuerySchema, type NewsQuery } from '@nivesh/proto';
import type { BarStore } from '../bars/bar-store';
import type { CorporateActionsRepository } from '../corporate-actions/corporate-actions.repository';
import type { FilingsRepository } from '../fundamentals/filings.repository';
import type { MarketCache } from '../cache/market-cache';
import type { NewsRepository } from './news.repository';
import { NewsService } from './news.service';
import { RESULTS_TONE_RULE } from './tone';
import { FALLING_PROFIT_FILINGS } from './testing/results-filings';

/** The service over the filings of `FALLING_PROFIT_FILINGS`, with no prices, no corporate actions and no press. */
const service = () => {
  const symbols = Object.keys(FALLING_PROFIT_FILINGS);
  const store = {
    latestDate: async () => null,
    stocks: async () => symbols.map((symbol) => ({ symbol, company: `${FALLING_PROFIT_FILINGS[symbol]!.name} Ltd.` })),
    allBars: async () => new Map(),
  } as unknown as BarStore;
  const filings = { bySymbol: async () => new Map(symbols.map((symbol) => [symbol, FALLING_PROFIT_FILINGS[symbol]!.filings])) } as unknown as FilingsRepository;
  const actions = { bySymbol: async () => new Map() } as unknown as CorporateActionsRepository;
  const repository = {
    state: async () => ({ articles: 0, latest: 0, summaries: 0 }),
    lastFetch: async () => null,
    page: async () => ({ total: 0, articles: [] }),
  } as unknown as NewsRepository;
  const cache = { version: async () => '1', getOrCompute: (_def: unknown, _key: unknown, compute: () => Promise<unknown>) => compute() } as unknown as MarketCache;
  return new NewsService({}, store, filings, actions, repository, cache);
};

const query = (given: Partial<NewsQuery> = {}): NewsQuery => NewsQuerySchema.parse(given);

describe('NewsService: the tone of results items', () => {
  it('calls none of the results whose net profit fell year on year Positive, and names the figures', async () => {
    const feed = await service().news(query({ kind: 'results', from: '2025-01-01' }));
    const tones = Object.fromEntries(feed.items.map((item) => [item.id, item.tone]));
    expect(Object.keys(tones).sort()).toEqual(['results:GRASIM:2025:Q3', 'results:INDUSINDBK:2025:Q3', 'results:ITC:2025:Q3', 'results:ONGC:2025:Q3', 'results:TITAN:2025:Q3']);
    expect(feed.items.filter((item) => item.tone.label === 'positive').map((item) => item.headline)).toEqual([]);
    expect(tones).toEqual({
      'results:GRASIM:2025:Q3': { label: 'negative', score: -1, words: ['net profit down 40.6%', 'revenue up 8.8%'] },
      'results:INDUSINDBK:2025:Q3': { label: 'negative', score: -1, words: ['net profit down 39.1%', 'interest earned up 10.6%'] },
      'results:ONGC:2025:Q3': { label: 'negative', score: -1, words: ['net profit down 16.8%', 'revenue up 0.3%'] },
      'results:ITC:2025:Q3': { label: 'negative', score: -1, words: ['net profit down 7.5%', 'revenue up 4.4%'] },
      // Within 2 % either way: too small a change to read as a fall.
      'results:TITAN:2025:Q3': { label: 'neutral', score: 0, words: ['net profit down 0.6%', 'revenue up 25.2%'] },
    });
  });

  it('states the rule on the page, beside how the other items are toned', async () => {
    const { method } = await service().news(query());
    expect(method).toContain(RESULTS_TONE_RULE);
    expect(method.filter((line) => line.startsWith('Tone'))).toEqual([
      RESULTS_TONE_RULE,
      'Tone of the other items: the AFINN-165 lexicon tuned for financial market news scores the words of the headline; it reads wording, not whether the news is good for anyone.',
    ]);
  });

  it('filters results by the tone of their figures', async () => {
    const negative = await service().news(query({ kind: 'results', tone: 'negative' }));
    expect(negative.items.map((item) => item.symbols[0]!.symbol).sort()).toEqual(['GRASIM', 'INDUSINDBK', 'ITC', 'ONGC']);
    expect((await service().news(query({ tone: 'positive' }))).items).toEqual([]);
  });
});
