import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One origin of a symbol's back-test at one horizon: the fitted models' log point forecasts and the fingerprint of the
 * closes they depend on; reused by the next back-test while the fingerprint matches.
 */
@Entity({ schema: 'prediction', name: 'backtest_origins' })
export class BacktestOriginEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  symbol!: string;

  @PrimaryColumn({ type: 'smallint' })
  horizon!: number;

  /** The date of the origin's bar. */
  @PrimaryColumn({ type: 'date' })
  origin!: string;

  @Column({ type: 'varchar', length: 32 })
  fingerprint!: string;

  /** Float64 little-endian: each of FITTED_MODELS in turn, h = 1..horizon. */
  @Column({ type: 'bytea' })
  points!: Buffer;

  /** The fitted models that failed at this origin and hold naive's forecast. */
  @Column({ type: 'text', array: true })
  fell_back!: string[];
}
