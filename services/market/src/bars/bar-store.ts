import { Injectable } from '@nestjs/common';
import { DomainError, type MarketBar, type MarketSearchResponse, type MarketStatus, type MarketSymbolInfo, INDEX_SYMBOL } from '@nivesh/proto';
import { adjustBars } from '../data/adjust';
import type { CorporateAction } from '../data/corporate-actions';
import { CorporateActionsRepository } from '../corporate-actions/corporate-actions.repository';
import { type BarWindow, DailyBarsRepository } from './daily-bars.repository';
import { SymbolsRepository } from '../symbols/symbols.repository';

/**
 * The one reader of stored prices for answers: symbols, corporate actions and daily bars, adjusted for corporate
 * actions (raw on request), through the tables' repositories. Every analysis reads through it so adjustment is applied
 * the same way everywhere.
 */
@Injectable()
export class BarStore {
  constructor(
    private readonly symbols: SymbolsRepository,
    private readonly dailyBars: DailyBarsRepository,
    private readonly corporateActions: CorporateActionsRepository,
  ) {}

  /** The symbol's row (stocks and the index), or not_found. */
  async symbolInfo(symbol: string): Promise<MarketSymbolInfo> {
    const info = await this.symbols.find(symbol);
    if (!info) throw new DomainError('not_found', 'Unknown symbol');
    return info;
  }

  /** Every stock (not the index), by symbol. */
  stocks(): Promise<MarketSymbolInfo[]> {
    return this.symbols.listExcept(INDEX_SYMBOL);
  }

  /** Up to `limit` symbols matching what a user typed (see `SymbolsRepository.search`). */
  search(query: string, limit: number): Promise<MarketSearchResponse> {
    return this.symbols.search(query, limit);
  }

  /** as_of/first_date: latest/earliest bar of any symbol; bars: every stored bar (index included); symbols: stocks only. */
  async status(): Promise<MarketStatus> {
    const [extent, symbols] = await Promise.all([this.dailyBars.extent(), this.symbols.countExcept(INDEX_SYMBOL)]);
    return { as_of: extent.last_date, symbols, bars: extent.bars, first_date: extent.first_date };
  }

  /** The symbol's corporate actions, by ex-date. */
  actions(symbol: string): Promise<CorporateAction[]> {
    return this.corporateActions.forSymbol(symbol);
  }

  /** The symbol's latest bar date (of any symbol when omitted), or null without bars. */
  latestDate(symbol?: string): Promise<string | null> {
    return this.dailyBars.latestDate(symbol);
  }

  /**
   * One symbol's bars in the window (all when omitted) in ascending date order, adjusted unless `raw`. Adjustment uses
   * every action of the symbol, so a window is in today's shares like the whole series.
   */
  async bars(symbol: string, { raw = false, ...window }: BarWindow & { raw?: boolean } = {}): Promise<MarketBar[]> {
    const bars = await this.dailyBars.list(symbol, window);
    return raw ? bars : adjustBars(bars, await this.actions(symbol));
  }

  /** One symbol's bars in the window as published, and its corporate actions. */
  async published(symbol: string, window: BarWindow = {}): Promise<{ bars: MarketBar[]; actions: CorporateAction[] }> {
    const bars = await this.dailyBars.list(symbol, window);
    return { bars, actions: await this.actions(symbol) };
  }

  /**
   * One symbol's adjusted bars in the window, preceded by up to `count` earlier bars (to warm up indicators); `warmUp`
   * is how many of those there are. No bars when the window holds none.
   */
  async barsWithWarmUp(symbol: string, window: BarWindow, count: number): Promise<{ bars: MarketBar[]; warmUp: number }> {
    const inWindow = await this.dailyBars.list(symbol, window);
    if (!inWindow.length) return { bars: [], warmUp: 0 };
    const before = await this.dailyBars.before(symbol, inWindow[0]!.date, count);
    return { bars: adjustBars([...before, ...inWindow], await this.actions(symbol)), warmUp: before.length };
  }

  /** Adjusted bars of every symbol (stocks and the index) from `since`, each ascending by date. */
  async allBars(since: string): Promise<Map<string, MarketBar[]>> {
    const [raw, actions] = await Promise.all([this.dailyBars.allSince(since), this.corporateActions.bySymbol()]);
    return new Map([...raw].map(([symbol, bars]) => [symbol, adjustBars(bars, actions.get(symbol) ?? [])]));
  }
}

/** An ISO date `years` years (and `days` days) before `date`. */
export const yearsBefore = (date: string, years: number, days = 0): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};
