import { Inject, Injectable } from '@nestjs/common';
import { type MarketBar, NEWS, NEWS_CAVEAT, type NewsFeed, type NewsItem, type NewsQuery, INDEX_SYMBOL } from '@nivesh/proto';
import { SERVICE_CONFIG } from '@nivesh/platform';
import { repairFilings } from '../fundamentals/repair';
import { SHARE_KINDS } from '../data/corporate-actions';
import { BarStore, yearsBefore } from '../bars/bar-store';
import { CorporateActionsRepository } from '../corporate-actions/corporate-actions.repository';
import { FilingsRepository } from '../fundamentals/filings.repository';
import { MarketCache } from '../cache/market-cache';
import { STOCK_ALIASES } from './aliases';
import { actionEvents, type GeneratedEvent, marketEvents, resultsEvents } from './events';
import { newsConfigOf, type NewsConfig } from './news-config';
import { NewsRepository, type StoredArticle } from './news.repository';
import { type CloseSeries, priceReaction } from './reaction';
import { pressSummary } from './summaries';
import { shortCompanyName } from './tagger';
import { RESULTS_TONE_RULE, type Tone, toneOf } from './tone';
import { istDay } from './wording';

/** Market events (highs, lows, volume, gaps) are listed for this many years back from the latest bar. */
export const MARKET_EVENT_YEARS = 3;
/** Results and corporate actions are listed from this day on: the filings start with FY2018's annual results. */
export const NEWS_SINCE = '2018-01-01';
/** Prices are read from a year before that: history for the first market events, the close before the first items. */
const PRICES_SINCE = '2017-01-01';

/** What the page says when no feed is configured. */
export const HOW_TO_ADD_FEEDS =
  'No press feeds are set up, so this page shows only what Nivesh generates from exchange data and filings. Press articles appear here once the site’s operator adds RSS or Atom news feeds to its settings.';

const METHOD = [
  'Items marked "Generated" are written by Nivesh from NSE filings, corporate actions and daily prices; they are not press articles.',
  'Price reaction: the stock’s move from the last close before the item over the next 1, 5 and 20 trading days, on prices adjusted for splits, bonus issues and demergers, beside NIFTY 50’s move over the same days and the difference.',
  RESULTS_TONE_RULE,
  'Tone of the other items: the AFINN-165 lexicon tuned for financial market news scores the words of the headline; it reads wording, not whether the news is good for anyone.',
  'Press summaries: where a language model is set up, it writes one line from the headline and the feed’s description, and a line that reads as a call to buy or sell, a price target or a promise is withheld; otherwise the feed’s own description is shown.',
];

const LABELS: Record<GeneratedEvent['kind'], { label: string; source: string }> = {
  results: { label: 'Generated from NSE filings', source: 'NSE financial results (XBRL)' },
  actions: { label: 'Generated from exchange data', source: 'Corporate actions' },
  market: { label: 'Generated from exchange prices', source: 'NSE daily prices' },
};

/** A generated item with what the feed needs beside it. */
type Generated = GeneratedEvent & { tone: Tone };

type Universe = {
  asOf: string | null;
  niftyAsOf: string | null;
  /** Newest first. */
  events: Generated[];
  series: Map<string, CloseSeries>;
  nifty: Map<string, number>;
  companies: Map<string, string>;
};

/** Newest first: by when the item reached the market, then by id so the order is stable. */
const newestFirst = (a: { at: string; id: string }, b: { at: string; id: string }): number => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.id < b.id ? -1 : 1);

/**
 * AI News: results announcements from the filings, corporate actions and market events read off the prices (all
 * computed once per market data version), merged with the press articles of the configured feeds, filtered and paged,
 * each with its tone and its price reaction. Answers are stored per data version and per state of the stored press.
 */
@Injectable()
export class NewsService {
  private universe?: { version: string; value: Promise<Universe> };
  private readonly settings: NewsConfig;

  constructor(
    @Inject(SERVICE_CONFIG) config: object,
    private readonly store: BarStore,
    private readonly filings: FilingsRepository,
    private readonly actions: CorporateActionsRepository,
    private readonly repository: NewsRepository,
    private readonly cache: MarketCache,
  ) {
    this.settings = newsConfigOf(config);
  }

  get feeds(): readonly string[] {
    return this.settings.NEWS_FEEDS;
  }

  async news(query: NewsQuery): Promise<NewsFeed> {
    if (query.symbol) await this.store.symbolInfo(query.symbol);
    const [press, fetchedAt] = await Promise.all([this.repository.state(), this.repository.lastFetch(this.feeds)]);
    // The stored answer names the press it was computed with: a new article or a new fetch makes it unreachable.
    const key = { ...query, press: press.latest, summaries: press.summaries, fetched: fetchedAt, feeds: this.feeds.length };
    return this.cache.getOrCompute(NEWS.news, key as NewsQuery, () => this.compute(query, press.articles, fetchedAt));
  }

  private async compute(query: NewsQuery, articles: number, fetchedAt: string | null): Promise<NewsFeed> {
    const universe = await this.load();
    const wanted = query.page * query.page_size;
    const generated = query.kind === 'press' ? [] : universe.events.filter((event) => matches(event, query));
    const press = query.kind && query.kind !== 'press' ? { total: 0, articles: [] } : await this.repository.page({ symbol: query.symbol, tone: query.tone, from: query.from, to: query.to }, wanted);
    const merged = [
      ...generated.slice(0, wanted).map((event) => ({ at: event.known_at, id: event.id, item: () => this.generatedItem(universe, event) })),
      ...press.articles.map((article) => ({ at: article.published_at, id: `press:${article.id}`, item: () => this.pressItem(universe, article, query.symbol) })),
    ].sort(newestFirst);
    const items = merged.slice((query.page - 1) * query.page_size, wanted).map((entry) => entry.item());
    return {
      as_of: universe.asOf,
      nifty_as_of: universe.niftyAsOf,
      total: generated.length + press.total,
      page: query.page,
      page_size: query.page_size,
      items,
      press: {
        feeds: this.feeds.length,
        articles,
        last_fetched_at: fetchedAt,
        how_to_add: this.feeds.length ? null : HOW_TO_ADD_FEEDS,
      },
      caveat: NEWS_CAVEAT,
      method: METHOD,
    };
  }

  private generatedItem(universe: Universe, event: Generated): NewsItem {
    const { label, source } = LABELS[event.kind];
    return {
      id: event.id,
      kind: event.kind,
      event: event.event,
      headline: event.headline,
      summary: event.summary,
      summary_source: event.summary ? 'generated' : null,
      date: event.date,
      published_at: event.published_at,
      origin: 'generated',
      label,
      source,
      url: null,
      symbols: [{ symbol: event.symbol, company: universe.companies.get(event.symbol) ?? event.symbol }],
      tone: event.tone,
      reaction: priceReaction(event.symbol, universe.series.get(event.symbol), universe.nifty, event.known_at),
    };
  }

  private pressItem(universe: Universe, article: StoredArticle, symbol: string | undefined): NewsItem {
    const subject = symbol ?? article.symbols[0];
    return {
      id: `press:${article.id}`,
      kind: 'press',
      event: 'press',
      headline: article.title,
      ...pressSummary(article),
      date: istDay(article.published_at),
      published_at: article.published_at,
      origin: 'press',
      label: `Press: ${article.source}`,
      source: article.source,
      url: article.url,
      symbols: article.symbols.map((tagged) => ({ symbol: tagged, company: universe.companies.get(tagged) ?? tagged })),
      tone: { label: article.tone, score: article.tone_score, words: article.tone_words },
      reaction: subject ? priceReaction(subject, universe.series.get(subject), universe.nifty, article.published_at) : null,
    };
  }

  private async load(): Promise<Universe> {
    const version = await this.cache.version();
    if (this.universe?.version !== version) {
      const value = this.computeUniverse();
      this.universe = { version, value };
      value.catch(() => (this.universe = undefined));
    }
    return this.universe.value;
  }

  /** Every generated item of the stored data, and the adjusted closes reactions are measured on. */
  private async computeUniverse(): Promise<Universe> {
    const [asOf, niftyAsOf, stocks, filings, actions] = await Promise.all([
      this.store.latestDate(),
      this.store.latestDate(INDEX_SYMBOL),
      this.store.stocks(),
      this.filings.bySymbol(),
      this.actions.bySymbol({ ahead: true }),
    ]);
    const bars = asOf === null ? new Map<string, MarketBar[]>() : await this.store.allBars(PRICES_SINCE);
    const since = asOf === null ? '9999-12-31' : yearsBefore(asOf, MARKET_EVENT_YEARS);
    const events: Generated[] = [];
    const series = new Map<string, CloseSeries>();
    const companies = new Map<string, string>();
    for (const stock of stocks) {
      companies.set(stock.symbol, stock.company);
      const name = STOCK_ALIASES[stock.symbol]?.name ?? shortCompanyName(stock.company);
      const stockActions = actions.get(stock.symbol) ?? [];
      const shareActions = stockActions.filter((action) => SHARE_KINDS.has(action.kind) && action.ratio !== null).map((action) => ({ ex_date: action.ex_date, ratio: action.ratio! }));
      const stockBars = bars.get(stock.symbol) ?? [];
      const found = [
        ...resultsEvents(stock.symbol, name, repairFilings(filings.get(stock.symbol) ?? [], shareActions)),
        ...actionEvents(stock.symbol, name, stockActions).filter((event) => event.date >= NEWS_SINCE),
        ...marketEvents(stock.symbol, name, stockBars, since),
      ];
      for (const event of found) events.push({ ...event, tone: event.tone ?? toneOf(event.headline) });
      series.set(stock.symbol, { dates: stockBars.map((bar) => bar.date), closes: stockBars.map((bar) => bar.close) });
    }
    const index = bars.get(INDEX_SYMBOL) ?? [];
    events.sort((a, b) => newestFirst({ at: a.known_at, id: a.id }, { at: b.known_at, id: b.id }));
    return { asOf, niftyAsOf, events, series, nifty: new Map(index.map((bar) => [bar.date, bar.close])), companies };
  }
}

const matches = (event: Generated, query: NewsQuery): boolean =>
  (!query.symbol || event.symbol === query.symbol) &&
  (!query.kind || event.kind === query.kind) &&
  (!query.tone || event.tone.label === query.tone) &&
  (!query.from || event.date >= query.from) &&
  (!query.to || event.date <= query.to);
