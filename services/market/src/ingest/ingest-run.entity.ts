import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { IngestCheck } from '../nse/checks';

/** Where a run's bars came from: NSE's files, or the provider standing in for a day NSE had not published by the deadline. */
export type IngestSource = 'nse' | 'provider';
/**
 * How a run ended: `imported` (the day is stored), `unchanged` (it was already stored), `waiting` (NSE has not published
 * it yet), `refused` (a file failed a check; nothing of the day was written), `failed` (NSE or the database could not be
 * reached; the next run tries again).
 */
export type IngestStatus = 'imported' | 'unchanged' | 'waiting' | 'refused' | 'failed';
export type IngestTrigger = 'schedule' | 'manual' | 'replay';

/** One run of the daily pipeline for one trading day (see migration 1798000000000). */
@Entity({ schema: 'market', name: 'ingest_runs' })
export class IngestRunEntity {
  /** pg sends bigint as text; ids are only ever compared and shown. */
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'date' })
  trading_day!: string;

  @Column({ type: 'varchar', length: 16 })
  source!: IngestSource;

  @Column({ type: 'varchar', length: 16 })
  status!: IngestStatus;

  @Column({ type: 'varchar', length: 16 })
  trigger!: IngestTrigger;

  @Column({ type: 'integer' })
  rows!: number;

  @Column({ type: 'integer' })
  new_bars!: number;

  @Column({ type: 'jsonb' })
  checks!: IngestCheck[];

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'timestamptz' })
  started_at!: Date;

  @Column({ type: 'integer' })
  duration_ms!: number;
}
