import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import { Repository } from 'typeorm';
import type { IngestCheck } from '../nse/checks';
import { IngestRunEntity, type IngestSource, type IngestStatus, type IngestTrigger } from './ingest-run.entity';

export type NewIngestRun = {
  trading_day: string;
  source: IngestSource;
  status: IngestStatus;
  trigger: IngestTrigger;
  rows: number;
  new_bars: number;
  checks: IngestCheck[];
  error: string | null;
  started_at: Date;
  duration_ms: number;
};

/** A stored run as the admin page and the freshness sentence read it. */
export type IngestRunRow = NewIngestRun & { id: string };

const ERROR_LIMIT = 2000;

/** The one reader and writer of `market.ingest_runs`. */
@Injectable()
export class IngestRunsRepository {
  constructor(@InjectRepository(IngestRunEntity) private readonly repo: Repository<IngestRunEntity>) {}

  /** The same repository on a transaction's connection (a run of an imported day commits with its bars). */
  static on(manager: EntityManager): IngestRunsRepository {
    return new IngestRunsRepository(manager.getRepository(IngestRunEntity));
  }

  async record(run: NewIngestRun): Promise<void> {
    await this.repo.insert({ ...run, error: run.error === null ? null : run.error.slice(0, ERROR_LIMIT) });
  }

  /** The latest runs, newest first. */
  async latest(limit: number): Promise<IngestRunRow[]> {
    const rows = await this.repo.find({ order: { started_at: 'DESC', id: 'DESC' }, take: limit });
    return rows.map((row) => ({ ...row, trading_day: String(row.trading_day) }));
  }

  /** EQ row counts of NSE bhavcopies of the last imported days, most recent day first (the row-count band). */
  async recentRowCounts(before: string, days: number): Promise<number[]> {
    const rows: Array<{ rows: number }> = await this.repo.query(
      `SELECT DISTINCT ON ("trading_day") "rows" FROM "market"."ingest_runs"
        WHERE "source" = 'nse' AND "status" = 'imported' AND "trading_day" < $1
        ORDER BY "trading_day" DESC, "started_at" DESC LIMIT $2`,
      [before, days],
    );
    return rows.map((row) => row.rows);
  }
}
