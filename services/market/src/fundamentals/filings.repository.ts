import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { Filing } from './derive';
import type { ParsedFiling } from './filing';
import { FilingEntity } from './filing.entity';

/** A stored filing with its symbol. */
export type StoredFiling = Filing & { symbol: string };

const toFiling = (row: FilingEntity): StoredFiling => ({
  symbol: row.symbol,
  fiscal_year: row.fiscal_year,
  period: row.period,
  basis: row.basis,
  format: row.format,
  filed_at: row.filed_at.toISOString(),
  source_file: row.source_file,
  quarter: row.quarter,
  year_to_date: row.year_to_date,
  balance: row.balance,
});

/** The one reader and writer of `market.filings`. */
@Injectable()
export class FilingsRepository {
  constructor(@InjectRepository(FilingEntity) private readonly repo: Repository<FilingEntity>) {}

  /** Stores filings not stored yet (by file name) in one statement; how many were new. */
  async addNew(filings: readonly ParsedFiling[]): Promise<number> {
    if (filings.length === 0) return 0;
    const rows: unknown[] = await this.repo.query(
      `INSERT INTO "market"."filings" ("source_file", "symbol", "fiscal_year", "period", "basis", "format", "filed_at", "quarter", "year_to_date", "balance")
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS f("source_file" varchar, "symbol" varchar, "fiscal_year" smallint, "period" varchar,
         "basis" varchar, "format" varchar, "filed_at" timestamptz, "quarter" jsonb, "year_to_date" jsonb, "balance" jsonb)
       ON CONFLICT ("source_file") DO NOTHING
       RETURNING "source_file"`,
      [JSON.stringify(filings)],
    );
    return rows.length;
  }

  /** Every stored filing, grouped by symbol. */
  async bySymbol(): Promise<Map<string, StoredFiling[]>> {
    const found = new Map<string, StoredFiling[]>();
    for (const row of await this.repo.find({ order: { symbol: 'ASC', filed_at: 'ASC' } })) {
      const filing = toFiling(row);
      const list = found.get(filing.symbol) ?? [];
      list.push(filing);
      found.set(filing.symbol, list);
    }
    return found;
  }

  async forSymbol(symbol: string): Promise<StoredFiling[]> {
    return (await this.repo.find({ where: { symbol }, order: { filed_at: 'ASC' } })).map(toFiling);
  }

  async count(): Promise<number> {
    return this.repo.count();
  }
}
