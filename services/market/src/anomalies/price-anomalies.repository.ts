import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { ActionKind, Anomaly } from '../data/corporate-actions';
import { type AnomalyStatus, PriceAnomalyEntity } from './price-anomaly.entity';

export type SymbolAnomaly = Anomaly & { symbol: string };
/** A stored flag of an unexplained overnight move. */
export type StoredAnomaly = SymbolAnomaly & { status: AnomalyStatus; kind: ActionKind | null };

const stored = (row: PriceAnomalyEntity): StoredAnomaly => ({
  symbol: row.symbol,
  date: row.date,
  previous_close: row.previous_close,
  open: row.open,
  close: row.close,
  index_change: row.index_change,
  status: row.status,
  kind: row.kind,
});

/** The one reader and writer of `market.price_anomalies`. */
@Injectable()
export class PriceAnomaliesRepository {
  constructor(@InjectRepository(PriceAnomalyEntity) private readonly repo: Repository<PriceAnomalyEntity>) {}

  /** Records moves as 'unreviewed' flags, except on days already flagged (whatever their status); the number added. */
  async insertMany(anomalies: readonly SymbolAnomaly[]): Promise<number> {
    if (!anomalies.length) return 0;
    const rows: Array<{ n: number }> = await this.repo.query(
      `WITH added AS (
         INSERT INTO "market"."price_anomalies" ("symbol", "date", "previous_close", "open", "close", "index_change")
         SELECT * FROM unnest($1::text[], $2::date[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[])
         ON CONFLICT ("symbol", "date") DO NOTHING
         RETURNING 1)
       SELECT count(*)::int AS n FROM added`,
      [
        anomalies.map((a) => a.symbol),
        anomalies.map((a) => a.date),
        anomalies.map((a) => String(a.previous_close)),
        anomalies.map((a) => String(a.open)),
        anomalies.map((a) => String(a.close)),
        anomalies.map((a) => (a.index_change === null ? null : String(a.index_change))),
      ],
    );
    return rows[0]!.n;
  }

  /** The flag of `symbol` on `date`, locked for update until the transaction ends; null when there is none. */
  async lock(symbol: string, date: string): Promise<StoredAnomaly | null> {
    const row = await this.repo.findOne({ where: { symbol, date }, lock: { mode: 'pessimistic_write' } });
    return row && stored(row);
  }

  /** Flags by status (all symbols, or one), oldest first. */
  async list(status: AnomalyStatus, symbol?: string): Promise<StoredAnomaly[]> {
    const rows = await this.repo.find({ where: { status, ...(symbol === undefined ? {} : { symbol }) }, order: { date: 'ASC', symbol: 'ASC' } });
    return rows.map(stored);
  }

  /** Drops the unreviewed flags of `days` (`SYMBOL|YYYY-MM-DD`) that an action stored since explains; reviewed flags stay. */
  async clearUnreviewed(days: readonly string[]): Promise<number> {
    if (!days.length) return 0;
    const rows: Array<{ n: number }> = await this.repo.query(
      `WITH cleared AS (
         DELETE FROM "market"."price_anomalies" WHERE "status" = 'unreviewed' AND "symbol" || '|' || to_char("date", 'YYYY-MM-DD') = ANY($1) RETURNING 1)
       SELECT count(*)::int AS n FROM cleared`,
      [days],
    );
    return rows[0]!.n;
  }

  /** Records an operator's decision on a flag: the kind it was classified as (null when dismissed). */
  async mark(symbol: string, date: string, status: Exclude<AnomalyStatus, 'unreviewed'>, kind: ActionKind | null): Promise<void> {
    await this.repo.update({ symbol, date }, { status, kind, reviewed_at: () => 'now()' });
  }
}
