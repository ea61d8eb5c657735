import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type MarketOverview,
  type MarketSentiment,
  type MarketStatus,
  type MarketSymbolQuery,
  type MarketSymbols,
  type MarketTechnicalSummary,
  type SentimentQuery,
} from '@nivesh/proto';
import { INDEX_SYMBOL } from '../import/csv-importer';
import { loadTradingSignals } from '../quotes/indicators.service';
import { BarStore, yearsBefore } from '../store/bar-store';
import { marketOverview } from './overview';
import { marketSentiment } from './sentiment';
import { monthsBefore } from './stats';
import { technicalSummary } from './technical-summary';

/** History loaded for a technical summary: 3 years holds a year of ranking plus the 200-day average with room to spare. */
const SUMMARY_YEARS = 3;
/**
 * History loaded before a sentiment range so every window is full on its first day: the longest needs 273 index
 * bars (252 previous volatilities of 20 returns each); a year and 90 days holds about 310 trading days.
 */
const SENTIMENT_WARM_UP = { years: 1, days: 90 };

/** Status, universe, technical summary, overview and sentiment, all on adjusted bars read through BarStore. */
@Injectable()
export class AnalysisService {
  constructor(private readonly store: BarStore) {}

  /** as_of/first_date: latest/earliest bar of any symbol; bars: every stored bar (index included); symbols: stocks only. */
  async status(): Promise<MarketStatus> {
    return this.store.status();
  }

  async symbols(): Promise<MarketSymbols> {
    return this.store.stocks();
  }

  async summary({ symbol }: MarketSymbolQuery): Promise<MarketTechnicalSummary> {
    const info = await this.store.symbolInfo(symbol);
    const bars = await this.store.bars(symbol, { since: yearsBefore(info.last_date, SUMMARY_YEARS) });
    if (!bars.length) throw new DomainError('not_found', 'No prices for this symbol');
    return { symbol: info.symbol, company: info.company, ...technicalSummary(await loadTradingSignals(), bars) };
  }

  async overview(): Promise<MarketOverview> {
    const [latest, indexLatest] = await Promise.all([this.store.latestDate(), this.store.latestDate(INDEX_SYMBOL)]);
    if (!latest) throw new DomainError('not_found', 'No prices have been imported yet');
    // A year (and a few days) before the index's last bar covers its 52 weeks (it may lag the stocks) and every stock's month.
    const since = yearsBefore(indexLatest && indexLatest < latest ? indexLatest : latest, 1, 10);
    const [stocks, all] = await Promise.all([this.store.stocks(), this.store.allBars(since)]);
    return marketOverview(
      stocks.map((stock) => ({ symbol: stock.symbol, company: stock.company, industry: stock.industry, bars: all.get(stock.symbol) ?? [] })),
      all.get(INDEX_SYMBOL) ?? [],
    );
  }

  /** The range runs back from NIFTY 50's latest bar (6 months, 1 or 5 years, exclusive). */
  async sentiment({ range }: SentimentQuery): Promise<MarketSentiment> {
    const asOf = await this.store.latestDate(INDEX_SYMBOL);
    if (!asOf) throw new DomainError('not_found', 'No NIFTY 50 prices');
    const from = range === '6m' ? monthsBefore(asOf, 6) : yearsBefore(asOf, range === '1y' ? 1 : 5);
    const all = await this.store.allBars(yearsBefore(from, SENTIMENT_WARM_UP.years, SENTIMENT_WARM_UP.days));
    const index = all.get(INDEX_SYMBOL) ?? [];
    all.delete(INDEX_SYMBOL);
    return marketSentiment(await loadTradingSignals(), index, [...all.values()], from);
  }
}
