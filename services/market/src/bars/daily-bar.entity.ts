import type { MarketBar } from '@nivesh/proto';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { NUMBER } from '../common/columns';

/** One trading day of a symbol as published (not adjusted for corporate actions); the date is 'YYYY-MM-DD'. */
@Entity({ schema: 'market', name: 'daily_bars' })
export class DailyBarEntity implements MarketBar {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  symbol!: string;

  @PrimaryColumn({ type: 'date' })
  date!: string;

  @Column({ type: 'numeric', transformer: NUMBER })
  open!: number;

  @Column({ type: 'numeric', transformer: NUMBER })
  high!: number;

  @Column({ type: 'numeric', transformer: NUMBER })
  low!: number;

  @Column({ type: 'numeric', transformer: NUMBER })
  close!: number;

  /** Shares traded; none for the index. */
  @Column({ type: 'bigint', nullable: true, transformer: NUMBER })
  volume!: number | null;
}
