import { Injectable } from '@nestjs/common';
import { DomainError } from '@nivesh/proto';
import { DataSource } from 'typeorm';
import { adjustBars, type Bar } from '../data/adjust';
import type { CorporateAction } from '../data/corporate-actions';
import { INDEX_SYMBOL } from '../import/csv-importer';

export type SymbolInfo = { symbol: string; company: string; industry: string; isin: string | null; first_date: string; last_date: string };
/** A daily_bars row as the pg driver returns it (numeric columns as text). */
export type BarRecord = { date: string; open: string; high: string; low: string; close: string; volume: string | null };
type SymbolBarRecord = BarRecord & { symbol: string };

export const toBar = (row: BarRecord): Bar => ({
  date: row.date,
  open: Number(row.open),
  high: Number(row.high),
  low: Number(row.low),
  close: Number(row.close),
  volume: row.volume === null ? null : Number(row.volume),
});

const BAR_COLUMNS = `"symbol", to_char("date", 'YYYY-MM-DD') AS "date", "open", "high", "low", "close", "volume"`;

/**
 * The one reader of stored prices: symbols, corporate actions and daily bars, adjusted for splits and bonus
 * issues (raw on request). Every analysis reads through it so adjustment is applied the same way everywhere.
 */
@Injectable()
export class BarStore {
  constructor(private readonly dataSource: DataSource) {}

  /** The symbol's row (stocks and the index), or not_found. */
  async symbolInfo(symbol: string): Promise<SymbolInfo> {
    const rows: SymbolInfo[] = await this.dataSource.query(
      `SELECT "symbol", "company", "industry", "isin", to_char("first_date", 'YYYY-MM-DD') AS "first_date", to_char("last_date", 'YYYY-MM-DD') AS "last_date"
       FROM "market"."symbols" WHERE "symbol" = $1`,
      [symbol],
    );
    if (!rows.length) throw new DomainError('not_found', 'Unknown symbol');
    return rows[0]!;
  }

  /** Every stock (not the index), by symbol. */
  async stocks(): Promise<SymbolInfo[]> {
    return this.dataSource.query(
      `SELECT "symbol", "company", "industry", "isin", to_char("first_date", 'YYYY-MM-DD') AS "first_date", to_char("last_date", 'YYYY-MM-DD') AS "last_date"
       FROM "market"."symbols" WHERE "symbol" <> $1 ORDER BY "symbol"`,
      [INDEX_SYMBOL],
    );
  }

  async actions(symbol: string): Promise<CorporateAction[]> {
    const rows: Array<{ ex_date: string; ratio: string }> = await this.dataSource.query(
      `SELECT to_char("ex_date", 'YYYY-MM-DD') AS "ex_date", "ratio" FROM "market"."corporate_actions" WHERE "symbol" = $1`,
      [symbol],
    );
    return rows.map((row) => ({ ex_date: row.ex_date, ratio: Number(row.ratio) }));
  }

  /** The symbol's latest bar date, or null without bars. */
  async latestDate(symbol?: string): Promise<string | null> {
    const rows: Array<{ d: string | null }> = await this.dataSource.query(
      symbol
        ? `SELECT to_char(max("date"), 'YYYY-MM-DD') AS "d" FROM "market"."daily_bars" WHERE "symbol" = $1`
        : `SELECT to_char(max("date"), 'YYYY-MM-DD') AS "d" FROM "market"."daily_bars"`,
      symbol ? [symbol] : [],
    );
    return rows[0]?.d ?? null;
  }

  /**
   * One symbol's bars from `since` (inclusive; all when omitted) in ascending date order, adjusted unless
   * `raw`. Adjustment uses every action of the symbol, so a window is in today's shares like the whole series.
   */
  async bars(symbol: string, { since, raw = false }: { since?: string; raw?: boolean } = {}): Promise<Bar[]> {
    const rows: SymbolBarRecord[] = await this.dataSource.query(
      `SELECT ${BAR_COLUMNS} FROM "market"."daily_bars" WHERE "symbol" = $1 ${since ? `AND "date" >= $2` : ''} ORDER BY "date"`,
      since ? [symbol, since] : [symbol],
    );
    const bars = rows.map(toBar);
    return raw ? bars : adjustBars(bars, await this.actions(symbol));
  }

  /** Adjusted bars of every symbol (stocks and the index) from `since`, each ascending by date. */
  async allBars(since: string): Promise<Map<string, Bar[]>> {
    const [rows, actions]: [SymbolBarRecord[], Array<{ symbol: string; ex_date: string; ratio: string }>] = await Promise.all([
      this.dataSource.query(`SELECT ${BAR_COLUMNS} FROM "market"."daily_bars" WHERE "date" >= $1 ORDER BY "symbol", "date"`, [since]),
      this.dataSource.query(`SELECT "symbol", to_char("ex_date", 'YYYY-MM-DD') AS "ex_date", "ratio" FROM "market"."corporate_actions"`),
    ]);
    const raw = new Map<string, Bar[]>();
    for (const row of rows) {
      let list = raw.get(row.symbol);
      if (!list) raw.set(row.symbol, (list = []));
      list.push(toBar(row));
    }
    const bySymbol = new Map<string, CorporateAction[]>();
    for (const action of actions) {
      const list = bySymbol.get(action.symbol) ?? [];
      list.push({ ex_date: action.ex_date, ratio: Number(action.ratio) });
      bySymbol.set(action.symbol, list);
    }
    return new Map([...raw].map(([symbol, bars]) => [symbol, adjustBars(bars, bySymbol.get(symbol) ?? [])]));
  }
}

/** An ISO date `years` years (and `days` days) before `date`. */
export const yearsBefore = (date: string, years: number, days = 0): string => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};
