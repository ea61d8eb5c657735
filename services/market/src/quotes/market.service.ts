import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type HistoryRange,
  type MarketHistory,
  type MarketHistoryQuery,
  type MarketQuote,
  type MarketQuoteQuery,
  type MarketSearchQuery,
  type MarketSearchResponse,
} from '@nivesh/proto';
import { DataSource } from 'typeorm';
import { round } from '../analysis/stats';
import { adjustBars } from '../data/adjust';
import { type BarRecord, BarStore, toBar } from '../store/bar-store';

const SEARCH_LIMIT = 20;
const RANGE_SQL: Record<Exclude<HistoryRange, 'max'>, string> = { '1m': '1 month', '6m': '6 months', '1y': '1 year', '5y': '5 years' };


/** Search, quote and history over the stored daily bars; prices adjusted for splits and bonus issues. */
@Injectable()
export class MarketService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly store: BarStore,
  ) {}

  async search({ q }: MarketSearchQuery): Promise<MarketSearchResponse> {
    const needle = q.trim().toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);
    return this.dataSource.query(
      `SELECT "symbol", "company", "industry" FROM "market"."symbols"
       WHERE lower("symbol") LIKE $1 || '%' OR lower("company") LIKE '%' || $1 || '%'
       ORDER BY (lower("symbol") = $1) DESC, (lower("symbol") LIKE $1 || '%') DESC, "symbol"
       LIMIT ${SEARCH_LIMIT}`,
      [needle],
    );
  }

  async quote({ symbol }: MarketQuoteQuery): Promise<MarketQuote> {
    const { company } = await this.store.symbolInfo(symbol);
    // The last year of bars (plus the bar before it, for the change) adjusted to today's shares.
    const raw: BarRecord[] = await this.dataSource.query(
      `SELECT to_char("date", 'YYYY-MM-DD') AS "date", "open", "high", "low", "close", "volume" FROM "market"."daily_bars"
       WHERE "symbol" = $1 AND "date" >= (SELECT max("date") - interval '1 year' FROM "market"."daily_bars" WHERE "symbol" = $1) - interval '10 days'
       ORDER BY "date"`,
      [symbol],
    );
    if (!raw.length) throw new DomainError('not_found', 'No prices for this symbol');
    const bars = adjustBars(raw.map(toBar), await this.store.actions(symbol));
    const last = bars[bars.length - 1]!;
    const previous = bars.length > 1 ? bars[bars.length - 2]! : undefined;
    const yearAgo = new Date(`${last.date}T00:00:00Z`);
    yearAgo.setUTCFullYear(yearAgo.getUTCFullYear() - 1);
    const from = yearAgo.toISOString().slice(0, 10);
    const year = bars.filter((bar) => bar.date > from);
    const change = previous ? round(last.close - previous.close, 4) : null;
    return {
      symbol,
      company,
      as_of: last.date,
      close: last.close,
      change,
      change_pct: previous && change !== null ? round((change / previous.close) * 100, 2) : null,
      high_52w: Math.max(...year.map((bar) => bar.high)),
      low_52w: Math.min(...year.map((bar) => bar.low)),
      volume: last.volume,
    };
  }

  async history({ symbol, range, adjusted }: MarketHistoryQuery): Promise<MarketHistory> {
    await this.store.symbolInfo(symbol);
    const since = range === 'max' ? '' : `AND "date" > (SELECT max("date") FROM "market"."daily_bars" WHERE "symbol" = $1) - interval '${RANGE_SQL[range]}'`;
    const raw: BarRecord[] = await this.dataSource.query(
      `SELECT to_char("date", 'YYYY-MM-DD') AS "date", "open", "high", "low", "close", "volume" FROM "market"."daily_bars"
       WHERE "symbol" = $1 ${since} ORDER BY "date"`,
      [symbol],
    );
    const bars = raw.map(toBar);
    return { symbol, adjusted, bars: adjusted ? adjustBars(bars, await this.store.actions(symbol)) : bars };
  }
}
