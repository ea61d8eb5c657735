import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Evaluation, Forecast } from '../models';

/** A symbol's stored back-test and forecast at one horizon; `series_key` names the prices they were computed on. */
@Entity({ schema: 'prediction', name: 'evaluations' })
export class EvaluationEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  symbol!: string;

  @PrimaryColumn({ type: 'smallint' })
  horizon!: number;

  @Column({ type: 'varchar', length: 80 })
  series_key!: string;

  @Column({ type: 'text' })
  company!: string;

  @Column({ type: 'date' })
  as_of!: string;

  @Column({ type: 'jsonb' })
  evaluation!: Evaluation;

  /** The forecast of the longest horizon from the last bar; a shorter one is its first days. */
  @Column({ type: 'jsonb' })
  forecast!: Forecast;

  @Column({ type: 'timestamptz' })
  computed_at!: Date;
}
