import { Injectable } from '@nestjs/common';
import {
  DomainError,
  INDICATOR_HISTORY_SESSIONS,
  type MarketHistory,
  type MarketHistoryQuery,
  type MarketQuote,
  type MarketQuoteQuery,
  type MarketSearchQuery,
  type MarketSearchResponse,
} from '@nivesh/proto';
import { round } from '../analysis/stats';
import { actionLabel } from '../data/action-labels';
import { adjustBars } from '../data/adjust';
import { BarStore } from '../bars/bar-store';
import { shortHistory } from './short-history';

const SEARCH_LIMIT = 20;

/** Search, quote and history over the stored daily bars; prices adjusted for corporate actions. */
@Injectable()
export class MarketService {
  constructor(private readonly store: BarStore) {}

  async search({ q }: MarketSearchQuery): Promise<MarketSearchResponse> {
    return this.store.search(q, SEARCH_LIMIT);
  }

  async quote({ symbol }: MarketQuoteQuery): Promise<MarketQuote> {
    const info = await this.store.symbolInfo(symbol);
    // The last year of bars (plus the bar before it, for the change) adjusted to today's shares.
    const bars = await this.store.bars(symbol, { back: 'year_and_10_days' });
    if (!bars.length) throw new DomainError('not_found', 'No prices for this symbol');
    const last = bars[bars.length - 1]!;
    const previous = bars.length > 1 ? bars[bars.length - 2]! : undefined;
    const yearAgo = new Date(`${last.date}T00:00:00Z`);
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    const from = yearAgo.toISOString().slice(0, 10);
    const year = bars.filter((bar) => bar.date > from);
    const change = previous ? round(last.close - previous.close, 4) : null;
    return {
      symbol,
      company: info.company,
      as_of: last.date,
      close: last.close,
      change,
      change_pct: previous && change !== null ? round((change / previous.close) * 100, 2) : null,
      high_52w: Math.max(...year.map((bar) => bar.high)),
      low_52w: Math.min(...year.map((bar) => bar.low)),
      volume: last.volume,
      short_history: await shortHistory(this.store, info, bars, INDICATOR_HISTORY_SESSIONS),
    };
  }

  async history({ symbol, range, adjusted }: MarketHistoryQuery): Promise<MarketHistory> {
    await this.store.symbolInfo(symbol);
    const { bars, actions } = await this.store.published(symbol, range === 'max' ? {} : { back: range });
    const first = bars[0]?.date;
    const last = bars[bars.length - 1]?.date;
    return {
      symbol,
      adjusted,
      bars: adjusted ? adjustBars(bars, actions) : bars,
      // Actions on the range's days (chart markers); the factor says how earlier prices were adjusted.
      actions: actions
        .filter((action) => first !== undefined && last !== undefined && action.ex_date >= first && action.ex_date <= last)
        .map((action) => ({ date: action.ex_date, kind: action.kind, ratio: action.ratio, factor: action.factor, label: actionLabel(action) })),
    };
  }
}
