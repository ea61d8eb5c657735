import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One forecast TrendVision served: a symbol's close `step` trading days after `as_of`, and, once that close arrived, its
 * score (null until then; `scored_at` without `actual` when the day had no close for the symbol).
 */
@Entity({ schema: 'prediction', name: 'forecast_records' })
export class ForecastRecordEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  symbol!: string;

  @PrimaryColumn({ type: 'date' })
  as_of!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  model!: string;

  @PrimaryColumn({ type: 'date' })
  target_date!: string;

  @PrimaryColumn({ type: 'smallint' })
  step!: number;

  @Column({ type: 'double precision' })
  forecast!: number;

  @Column({ type: 'double precision' })
  lower80!: number;

  @Column({ type: 'double precision' })
  upper80!: number;

  @Column({ type: 'double precision' })
  lower95!: number;

  @Column({ type: 'double precision' })
  upper95!: number;

  @Column({ type: 'double precision' })
  last_close!: number;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  created_at!: Date;

  @Column({ type: 'double precision', nullable: true })
  actual!: number | null;

  @Column({ type: 'boolean', nullable: true })
  inside80!: boolean | null;

  @Column({ type: 'boolean', nullable: true })
  inside95!: boolean | null;

  @Column({ type: 'double precision', nullable: true })
  abs_error!: number | null;

  @Column({ type: 'double precision', nullable: true })
  naive_abs_error!: number | null;

  @Column({ type: 'timestamptz', nullable: true })
  scored_at!: Date | null;
}
