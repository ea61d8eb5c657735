import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { HistoryRange, MarketBar } from '@nivesh/proto';
import { Repository } from 'typeorm';
import { DailyBarEntity } from './daily-bar.entity';
import { selectRows } from '../common/select-rows';

/** A bar and the symbol it belongs to. */
export type SymbolBar = MarketBar & { symbol: string };
/** Who a stored bar came from: NSE (its files, and the dataset built from them), or the provider standing in for a day. */
export type BarSource = 'nse' | 'provider';

/**
 * How far back from a symbol's latest bar a read reaches, in PostgreSQL's calendar arithmetic (a year before 29 February
 * is 28 February): after the day a history range earlier, or from the day a year and 10 days earlier (what a quote
 * needs: 52 weeks and the bar before them).
 */
export type Lookback = Exclude<HistoryRange, 'max'> | 'year_and_10_days';
const LATEST = `(SELECT max(l."date") FROM "market"."daily_bars" l WHERE l."symbol" = :symbol)`;
const LOOKBACK_SQL: Record<Lookback, string> = {
  '1m': `b."date" > ${LATEST} - interval '1 month'`,
  '6m': `b."date" > ${LATEST} - interval '6 months'`,
  '1y': `b."date" > ${LATEST} - interval '1 year'`,
  '5y': `b."date" > ${LATEST} - interval '5 years'`,
  year_and_10_days: `b."date" >= ${LATEST} - interval '1 year' - interval '10 days'`,
};

/** Which of a symbol's bars a read takes: all of them, those from `since` on (inclusive), or those within `back`. */
export type BarWindow = { since?: string; back?: Lookback };

const CHUNK = 5_000;

/** A bar's columns in the contract's order. */
const BAR = ['date', 'open', 'high', 'low', 'close', 'volume'] as const;

/** The one reader and writer of `market.daily_bars`: bars as published (adjustment is `BarStore`'s). */
@Injectable()
export class DailyBarsRepository {
  constructor(@InjectRepository(DailyBarEntity) private readonly repo: Repository<DailyBarEntity>) {}

  /** The symbol's bars in the window, ascending by date. */
  async list(symbol: string, { since, back }: BarWindow = {}): Promise<MarketBar[]> {
    const query = this.repo.createQueryBuilder('b').where('b.symbol = :symbol', { symbol });
    if (since !== undefined) query.andWhere('b.date >= :since', { since });
    if (back !== undefined) query.andWhere(LOOKBACK_SQL[back]);
    return selectRows(query.orderBy('b.date', 'ASC'), BAR);
  }

  /** Up to `count` of the symbol's bars before `date`, ascending by date. */
  async before(symbol: string, date: string, count: number): Promise<MarketBar[]> {
    const query = this.repo.createQueryBuilder('b').where('b.symbol = :symbol AND b.date < :date', { symbol, date }).orderBy('b.date', 'DESC').limit(count);
    return (await selectRows(query, BAR)).reverse();
  }

  /** Every symbol's bars from `since` on, ascending by date, by symbol. */
  async allSince(since: string): Promise<Map<string, MarketBar[]>> {
    const bySymbol = new Map<string, MarketBar[]>();
    const query = this.repo.createQueryBuilder('b').where('b.date >= :since', { since }).orderBy('b.symbol', 'ASC').addOrderBy('b.date', 'ASC');
    for (const row of await selectRows(query, ['symbol', ...BAR])) {
      let list = bySymbol.get(row.symbol);
      if (!list) bySymbol.set(row.symbol, (list = []));
      list.push({ date: row.date, open: row.open, high: row.high, low: row.low, close: row.close, volume: row.volume });
    }
    return bySymbol;
  }

  /**
   * The opens and closes of each of `symbols` from its last bar before `since` (or from `since` when it has none before),
   * by symbol, then ascending by date: what detection needs to judge the first new day against the day before.
   */
  async openCloseFrom(symbols: readonly string[], since: string): Promise<Array<Pick<SymbolBar, 'symbol' | 'date' | 'open' | 'close'>>> {
    if (!symbols.length) return [];
    // Each symbol's starting day is found once, from the primary key, before its bars are read (a condition on every
    // bar, as this was first written, took 19 s for a day of 2,000 symbols).
    const rows: Array<{ symbol: string; date: string; open: string; close: string }> = await this.repo.query(
      `SELECT b."symbol", to_char(b."date", 'YYYY-MM-DD') AS "date", b."open", b."close"
         FROM unnest($1::text[]) AS s("symbol")
         CROSS JOIN LATERAL (SELECT max(p."date") AS "day" FROM "market"."daily_bars" p WHERE p."symbol" = s."symbol" AND p."date" < $2) AS previous
         JOIN "market"."daily_bars" b ON b."symbol" = s."symbol" AND b."date" >= COALESCE(previous."day", CAST($2 AS date))
        ORDER BY b."symbol", b."date"`,
      [symbols, since],
    );
    return rows.map((row) => ({ symbol: row.symbol, date: row.date, open: Number(row.open), close: Number(row.close) }));
  }

  /** The latest bar date of one symbol, or of any, or null without bars. */
  async latestDate(symbol?: string): Promise<string | null> {
    const query = this.repo.createQueryBuilder('b').select(`to_char(max(b.date), 'YYYY-MM-DD')`, 'latest');
    if (symbol !== undefined) query.where('b.symbol = :symbol', { symbol });
    return (await query.getRawOne<{ latest: string | null }>())?.latest ?? null;
  }

  /** Each of `symbols`' latest bar date; symbols without bars are left out. */
  async latestDates(symbols: readonly string[]): Promise<Map<string, string>> {
    const rows = await this.repo
      .createQueryBuilder('b')
      .select('b.symbol', 'symbol')
      .addSelect(`to_char(max(b.date), 'YYYY-MM-DD')`, 'latest')
      .where('b.symbol IN (:...symbols)', { symbols })
      .groupBy('b.symbol')
      .getRawMany<{ symbol: string; latest: string }>();
    return new Map(rows.map((row) => [row.symbol, row.latest]));
  }

  /** The earliest and latest bar dates of any symbol (null without bars) and how many bars are stored. */
  async extent(): Promise<{ first_date: string | null; last_date: string | null; bars: number }> {
    const row = await this.repo
      .createQueryBuilder('b')
      .select(`to_char(min(b.date), 'YYYY-MM-DD')`, 'first_date')
      .addSelect(`to_char(max(b.date), 'YYYY-MM-DD')`, 'last_date')
      .addSelect('count(*)::int', 'bars')
      .getRawOne<{ first_date: string | null; last_date: string | null; bars: number }>();
    return row ?? { first_date: null, last_date: null, bars: 0 };
  }

  /**
   * Inserts the bars that are not stored yet, in chunks of one statement each; the number added or replaced. Stored
   * bars win, except that NSE's own bars (`source` 'nse', the default) replace the provider's stand-ins of the same day.
   */
  async insertMany(bars: readonly SymbolBar[], source: BarSource = 'nse'): Promise<number> {
    const conflict =
      source === 'nse'
        ? `ON CONFLICT ("symbol", "date") DO UPDATE SET "open" = EXCLUDED."open", "high" = EXCLUDED."high", "low" = EXCLUDED."low",
             "close" = EXCLUDED."close", "volume" = EXCLUDED."volume", "source" = 'nse'
           WHERE "daily_bars"."source" = 'provider'`
        : `ON CONFLICT ("symbol", "date") DO NOTHING`;
    let added = 0;
    for (let start = 0; start < bars.length; start += CHUNK) {
      const chunk = bars.slice(start, start + CHUNK);
      const rows: Array<{ n: number }> = await this.repo.query(
        `WITH added AS (
           INSERT INTO "market"."daily_bars" ("symbol", "date", "open", "high", "low", "close", "volume", "source")
           SELECT *, $8::varchar FROM unnest($1::text[], $2::date[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::bigint[])
           ${conflict}
           RETURNING 1)
         SELECT count(*)::int AS n FROM added`,
        [
          chunk.map((b) => b.symbol),
          chunk.map((b) => b.date),
          chunk.map((b) => String(b.open)),
          chunk.map((b) => String(b.high)),
          chunk.map((b) => String(b.low)),
          chunk.map((b) => String(b.close)),
          chunk.map((b) => (b.volume === null ? null : String(b.volume))),
          source,
        ],
      );
      added += rows[0]!.n;
    }
    return added;
  }

  /** Refreshes the planner's statistics after a bulk load (autovacuum may take a while; date-range reads need them). */
  async analyze(): Promise<void> {
    await this.repo.query(`ANALYZE "market"."daily_bars"`);
  }
}
