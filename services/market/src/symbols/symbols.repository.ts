import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { MarketSearchResponse, MarketSymbolInfo } from '@nivesh/proto';
import { In, Not, Repository } from 'typeorm';
import type { SymbolRow } from '../data/csv';
import { SymbolEntity } from './symbol.entity';

const info = (row: SymbolEntity): MarketSymbolInfo => ({
  symbol: row.symbol,
  company: row.company,
  industry: row.industry,
  isin: row.isin,
  first_date: row.first_date,
  last_date: row.last_date,
});

/** The one reader and writer of `market.symbols`. */
@Injectable()
export class SymbolsRepository {
  constructor(@InjectRepository(SymbolEntity) private readonly repo: Repository<SymbolEntity>) {}

  /** The symbol's row, or null. */
  async find(symbol: string): Promise<MarketSymbolInfo | null> {
    const row = await this.repo.findOneBy({ symbol });
    return row && info(row);
  }

  /** Every symbol but `except`, by symbol. */
  async listExcept(except: string): Promise<MarketSymbolInfo[]> {
    return (await this.repo.find({ where: { symbol: Not(except) }, order: { symbol: 'ASC' } })).map(info);
  }

  /** How many symbols there are besides `except`. */
  countExcept(except: string): Promise<number> {
    return this.repo.countBy({ symbol: Not(except) });
  }

  /**
   * Up to `limit` symbols whose symbol starts with `query` or whose company name contains it, regardless of case: the
   * symbol itself first, then symbols starting with it, then by symbol.
   */
  async search(query: string, limit: number): Promise<MarketSearchResponse> {
    const needle = query.trim().toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);
    const rows = await this.repo
      .createQueryBuilder('s')
      .select(['s.symbol', 's.company', 's.industry'])
      .where(`lower(s.symbol) LIKE :needle || '%' OR lower(s.company) LIKE '%' || :needle || '%'`, { needle })
      .orderBy('lower(s.symbol) = :needle', 'DESC')
      .addOrderBy(`lower(s.symbol) LIKE :needle || '%'`, 'DESC')
      .addOrderBy('s.symbol', 'ASC')
      .limit(limit)
      .getMany();
    return rows.map((row) => ({ symbol: row.symbol, company: row.company, industry: row.industry }));
  }

  /**
   * Every stored symbol with its current ISIN, and the symbol holding each ISIN, current or former (to follow renames,
   * and rows still under an ISIN NSE has since replaced).
   */
  async universe(): Promise<{ symbols: Set<string>; isinOf: Map<string, string | null>; byIsin: Map<string, string> }> {
    const rows = await this.repo.find({ select: { symbol: true, isin: true } });
    const former: Array<{ isin: string; symbol: string }> = await this.repo.query(`SELECT "isin", "symbol" FROM "market"."former_isins"`);
    return {
      symbols: new Set(rows.map((row) => row.symbol)),
      isinOf: new Map(rows.map((row) => [row.symbol, row.isin])),
      byIsin: new Map([...former.map((row) => [row.isin, row.symbol] as const), ...rows.flatMap((row) => (row.isin ? [[row.isin, row.symbol] as const] : []))]),
    };
  }

  /**
   * Adds stocks that joined the universe from NSE's files, and queues each one's history for the provider (the
   * daily pipeline fetches it a few symbols per run, within the provider's rate limit). Stored symbols are left alone.
   */
  async addListed(symbols: readonly SymbolRow[]): Promise<void> {
    await this.repo.query(
      `INSERT INTO "market"."symbols" ("symbol", "file", "company", "industry", "isin", "first_date", "last_date")
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::date[], $7::date[])
       ON CONFLICT ("symbol") DO NOTHING`,
      [
        symbols.map((s) => s.symbol),
        symbols.map((s) => s.file),
        symbols.map((s) => s.company),
        symbols.map((s) => s.industry),
        symbols.map((s) => s.isin),
        symbols.map((s) => s.first_date),
        symbols.map((s) => s.last_date),
      ],
    );
    await this.repo.query(
      `INSERT INTO "market"."history_backfills" ("symbol", "listed_on") SELECT * FROM unnest($1::text[], $2::date[]) ON CONFLICT ("symbol") DO NOTHING`,
      [symbols.map((s) => s.symbol), symbols.map((s) => s.first_date)],
    );
  }

  /**
   * Records ISINs NSE replaced (after a split or bonus the file carries the new one): the symbol takes the new ISIN and
   * the old one is kept in `market.former_isins`, with the day the new one first appeared. Returns how many changed.
   */
  async changeIsins(changes: ReadonlyArray<{ symbol: string; from: string | null; to: string; day: string }>): Promise<number> {
    for (const change of changes) {
      if (change.from) {
        await this.repo.query(
          `INSERT INTO "market"."former_isins" ("isin", "symbol", "replaced_by", "replaced_on") VALUES ($1, $2, $3, $4) ON CONFLICT ("isin") DO NOTHING`,
          [change.from, change.symbol, change.to, change.day],
        );
      }
      await this.repo.query(`UPDATE "market"."symbols" SET "isin" = $2 WHERE "symbol" = $1`, [change.symbol, change.to]);
    }
    return changes.length;
  }

  /** Which of `symbols` are stored. */
  async existing(symbols: readonly string[]): Promise<Set<string>> {
    const rows = await this.repo.find({ select: { symbol: true }, where: { symbol: In([...symbols]) } });
    return new Set(rows.map((row) => row.symbol));
  }

  /** Inserts the manifest's symbols, or updates stored ones (their dates only ever widen); unchanged rows are not written. */
  async upsertMany(symbols: readonly SymbolRow[]): Promise<void> {
    await this.repo.query(
      `INSERT INTO "market"."symbols" ("symbol", "file", "company", "industry", "isin", "first_date", "last_date")
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::date[], $7::date[])
       ON CONFLICT ("symbol") DO UPDATE SET
         "file" = EXCLUDED."file", "company" = EXCLUDED."company", "industry" = EXCLUDED."industry", "isin" = EXCLUDED."isin",
         "first_date" = LEAST("symbols"."first_date", EXCLUDED."first_date"), "last_date" = GREATEST("symbols"."last_date", EXCLUDED."last_date")
       WHERE ("symbols"."file", "symbols"."company", "symbols"."industry", "symbols"."isin", "symbols"."first_date", "symbols"."last_date")
         IS DISTINCT FROM (EXCLUDED."file", EXCLUDED."company", EXCLUDED."industry", EXCLUDED."isin",
           LEAST("symbols"."first_date", EXCLUDED."first_date"), GREATEST("symbols"."last_date", EXCLUDED."last_date"))`,
      [
        symbols.map((s) => s.symbol),
        symbols.map((s) => s.file),
        symbols.map((s) => s.company),
        symbols.map((s) => s.industry),
        symbols.map((s) => s.isin),
        symbols.map((s) => s.first_date),
        symbols.map((s) => s.last_date),
      ],
    );
  }

  /** Widens each symbol's first/last date to cover the days of the given bars. */
  async extendDates(bars: ReadonlyArray<{ symbol: string; date: string }>): Promise<void> {
    const range = new Map<string, { min: string; max: string }>();
    for (const bar of bars) {
      const seen = range.get(bar.symbol);
      if (!seen) range.set(bar.symbol, { min: bar.date, max: bar.date });
      else {
        if (bar.date < seen.min) seen.min = bar.date;
        if (bar.date > seen.max) seen.max = bar.date;
      }
    }
    if (!range.size) return;
    await this.repo.query(
      `UPDATE "market"."symbols" AS s
       SET "first_date" = LEAST(s."first_date", t.min_d), "last_date" = GREATEST(s."last_date", t.max_d)
       FROM unnest($1::text[], $2::date[], $3::date[]) AS t(sym, min_d, max_d)
       WHERE s."symbol" = t.sym AND (s."first_date" > t.min_d OR s."last_date" < t.max_d)`,
      [[...range.keys()], [...range.values()].map((r) => r.min), [...range.values()].map((r) => r.max)],
    );
  }
}
