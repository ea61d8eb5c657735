import { NSE_CALENDAR } from '@nivesh/platform';
import { Injectable } from '@nestjs/common';
import { type ProviderSeries, ProviderService } from '../providers/provider.service';
import { IST_OFFSET_SECONDS, localDate } from '../providers/yahoo-chart';
import type { NewAction } from '../corporate-actions/corporate-actions.repository';
import { DailyBarsRepository, type SymbolBar } from '../bars/daily-bars.repository';
import { MarketCache } from '../cache/market-cache';
import { MarketTransactions } from '../transactions/market-transactions.repository';
import { SymbolsRepository } from '../symbols/symbols.repository';
import { shareAction } from './import-writes';

export type ProviderImportResult = {
  symbols: number;
  /** Symbols asked from the provider, and how many of those answers came from the cache. */
  fetched: number;
  cached: number;
  /** Symbols whose stored bars already reach the last NSE session before today (nothing to ask). */
  up_to_date: number;
  rows_read: number;
  /** Bars the provider sent incomplete or inconsistent. */
  dropped: number;
  new_bars: number;
  /** Splits, bonus issues and consolidations the provider reported. */
  new_actions: number;
  ms: number;
};

/** Symbols not in `market.symbols`: the universe is curated, the provider does not extend it. */
export class UnknownSymbolsError extends Error {
  constructor(readonly symbols: string[]) {
    super(`not in market.symbols: ${symbols.join(', ')}`);
    this.name = 'UnknownSymbolsError';
  }
}

/** Before any stored bar: what a symbol without bars is fetched from. */
const EARLIEST = '2000-01-01';

/**
 * Imports daily bars from the live provider for symbols of the universe: from `from`, or from the NSE session after
 * each symbol's latest stored bar, up to yesterday (India). Every answer is fetched (rate-limited, cached) before
 * anything is written; then bars, the provider's splits (source 'provider') and the symbols' dates are written in
 * one transaction. Stored bars win over the provider's; re-importing adds nothing.
 */
@Injectable()
export class ProviderImporter {
  constructor(
    private readonly transactions: MarketTransactions,
    private readonly symbols: SymbolsRepository,
    private readonly bars: DailyBarsRepository,
    private readonly provider: ProviderService,
    private readonly cache: MarketCache,
  ) {}

  async importSymbols(symbols: readonly string[], from?: string, now = new Date()): Promise<ProviderImportResult> {
    const started = Date.now();
    const wanted = [...new Set(symbols)];
    const latest = await this.latestBars(wanted);
    const unknown = wanted.filter((symbol) => !latest.has(symbol));
    if (unknown.length) throw new UnknownSymbolsError(unknown);

    // The provider is asked up to yesterday (India): nothing to ask when no NSE session lies between the day after the
    // latest bar and then, as on a weekend or after a holiday.
    const lastBeforeToday = NSE_CALENDAR.previous(localDate(now, IST_OFFSET_SECONDS));
    const answers: ProviderSeries[] = [];
    for (const symbol of wanted) {
      const last = latest.get(symbol) ?? null;
      const start = from ?? (last ? NSE_CALENDAR.next(last) : EARLIEST);
      if (start > lastBeforeToday) continue;
      answers.push(await this.provider.dailyBars(symbol, start, now));
    }

    const bars: SymbolBar[] = answers.flatMap((answer) => answer.bars.map((bar) => ({ ...bar, symbol: answer.symbol })));
    // A ratio below 1 is a consolidation (reverse split), stored as one.
    const actions: NewAction[] = answers.flatMap((answer) =>
      answer.splits.filter((split) => split.ratio > 0 && split.ratio !== 1).map((split) => shareAction(answer.symbol, split.ex_date, split.ratio)),
    );
    const written = await this.transactions.run(
      async (tables) => {
        const newBars = await tables.bars.insertMany(bars, 'provider');
        const newActions = await tables.actions.insertMany(actions, 'provider');
        await tables.symbols.extendDates(bars);
        return { new_bars: newBars, new_actions: newActions };
      },
      { lockImports: true },
    );
    if (written.new_bars + written.new_actions > 0) await this.cache.bumpVersion();
    return {
      symbols: wanted.length,
      fetched: answers.length,
      cached: answers.filter((answer) => answer.cached).length,
      up_to_date: wanted.length - answers.length,
      rows_read: bars.length,
      dropped: answers.reduce((sum, answer) => sum + answer.dropped, 0),
      ...written,
      ms: Date.now() - started,
    };
  }

  /** Each known symbol's latest stored bar date (null without bars); unknown symbols are absent. */
  private async latestBars(symbols: readonly string[]): Promise<Map<string, string | null>> {
    if (!symbols.length) return new Map();
    const [known, latest] = await Promise.all([this.symbols.existing(symbols), this.bars.latestDates(symbols)]);
    return new Map([...known].map((symbol) => [symbol, latest.get(symbol) ?? null]));
  }
}
