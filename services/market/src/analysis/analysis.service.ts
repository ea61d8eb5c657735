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
  INDEX_SYMBOL,
} from '@nivesh/proto';
import { BarStore, yearsBefore } from '../bars/bar-store';
import { MarketCache } from '../cache/market-cache';
import { marketOverview } from './overview';
import { type SentimentDay, sentimentDays, sentimentOfDays } from './sentiment';
import { monthsBefore } from './stats';
import { technicalSummary } from './technical-summary';
import { loadTradingSignals } from './trading-signals';

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
  /**
   * The readings of the widest sentiment range (5 years) at one data version and index date: the 6-month and 1-year
   * answers are cut from them rather than read and computed again. A day's readings do not depend on where the range
   * starts once the windows are warmed up (`sentimentDays`), so the cut is the same answer.
   */
  private widest?: { key: string; days: Promise<SentimentDay[]> };

  constructor(
    private readonly store: BarStore,
    private readonly cache: MarketCache,
  ) {}

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
    // The version is read before the prices, so readings are never kept under a version whose prices they did not read.
    const version = this.cache.enabled ? await this.cache.version() : '0';
    if (version === '0') return sentimentOfDays(await this.sentimentDaysAfter(from));
    const key = `${version}|${asOf}`;
    if (this.widest?.key !== key) {
      const days = this.sentimentDaysAfter(yearsBefore(asOf, 5));
      this.widest = { key, days };
      // A failed computation is not reused.
      days.catch(() => {
        if (this.widest?.key === key) this.widest = undefined;
      });
    }
    return sentimentOfDays((await this.widest.days).filter((day) => day.date > from));
  }

  /** The sentiment readings of every NIFTY 50 day after `from`, with the history before it that warms the windows up. */
  private async sentimentDaysAfter(from: string): Promise<SentimentDay[]> {
    const all = await this.store.allBars(yearsBefore(from, SENTIMENT_WARM_UP.years, SENTIMENT_WARM_UP.days));
    const index = all.get(INDEX_SYMBOL) ?? [];
    all.delete(INDEX_SYMBOL);
    return sentimentDays(await loadTradingSignals(), index, [...all.values()], from);
  }
}
