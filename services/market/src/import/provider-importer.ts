import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { type ProviderSeries, ProviderService } from '../providers/provider.service';
import { IST_OFFSET_SECONDS, localDate } from '../providers/yahoo-chart';
import { MarketCache } from '../store/market-cache';
import { addDays, extendSymbolDates, insertActions, insertBars, lockImports, type NewAction, type SymbolBar } from './import-writes';

export type ProviderImportResult = {
  symbols: number;
  /** Symbols asked from the provider, and how many of those answers came from the cache. */
  fetched: number;
  cached: number;
  /** Symbols whose stored bars already reach yesterday (nothing to ask). */
  up_to_date: number;
  rows_read: number;
  /** Bars the provider sent incomplete or inconsistent. */
  dropped: number;
  new_bars: number;
  /** Splits and bonus issues the provider reported. */
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
 * Imports daily bars from the live provider for symbols of the universe: from `from`, or from the day after each
 * symbol's latest stored bar, up to yesterday (India). Every answer is fetched (rate-limited, cached) before
 * anything is written; then bars, the provider's splits (source 'provider') and the symbols' dates are written in
 * one transaction. Stored bars win over the provider's; re-importing adds nothing.
 */
@Injectable()
export class ProviderImporter {
  private readonly logger = new Logger(ProviderImporter.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly provider: ProviderService,
    private readonly cache: MarketCache,
  ) {}

  async importSymbols(symbols: readonly string[], from?: string, now = new Date()): Promise<ProviderImportResult> {
    const started = Date.now();
    const wanted = [...new Set(symbols)];
    const latest = await this.latestBars(wanted);
    const unknown = wanted.filter((symbol) => !latest.has(symbol));
    if (unknown.length) throw new UnknownSymbolsError(unknown);

    const today = localDate(now, IST_OFFSET_SECONDS);
    const answers: ProviderSeries[] = [];
    for (const symbol of wanted) {
      const last = latest.get(symbol) ?? null;
      const start = from ?? (last ? addDays(last, 1) : EARLIEST);
      if (start >= today) continue;
      answers.push(await this.provider.dailyBars(symbol, start, now));
    }

    const bars: SymbolBar[] = answers.flatMap((answer) => answer.bars.map((bar) => ({ ...bar, symbol: answer.symbol })));
    const actions: NewAction[] = answers.flatMap((answer) =>
      answer.splits.flatMap((split) => {
        // The schema keeps ratios above 1 (splits, bonus issues); a consolidation is un-adjusted but not recorded.
        if (split.ratio > 1) return [{ symbol: answer.symbol, ex_date: split.ex_date, ratio: split.ratio }];
        this.logger.warn(`${answer.symbol}: consolidation ${split.ratio} on ${split.ex_date} is not recorded`);
        return [];
      }),
    );
    const written = await this.dataSource.transaction(async (manager) => {
      await lockImports(manager);
      const newBars = await insertBars(manager, bars);
      const newActions = await insertActions(manager, actions, 'provider');
      await extendSymbolDates(manager, bars);
      return { new_bars: newBars, new_actions: newActions };
    });
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
    const rows: Array<{ symbol: string; last: string | null }> = await this.dataSource.query(
      `SELECT s."symbol", to_char(max(b."date"), 'YYYY-MM-DD') AS "last"
       FROM "market"."symbols" s LEFT JOIN "market"."daily_bars" b ON b."symbol" = s."symbol"
       WHERE s."symbol" = ANY($1::text[])
       GROUP BY s."symbol"`,
      [symbols],
    );
    return new Map(rows.map((row) => [row.symbol, row.last]));
  }
}
