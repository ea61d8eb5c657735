import type { CorporateActionKind } from '@nivesh/proto';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { NUMBER } from '../common/columns';

export type AnomalyStatus = 'unreviewed' | 'classified' | 'dismissed';

/** An overnight move the importers could not explain, flagged for an operator to classify or dismiss. */
@Entity({ schema: 'market', name: 'price_anomalies' })
export class PriceAnomalyEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  symbol!: string;

  @PrimaryColumn({ type: 'date' })
  date!: string;

  @Column({ type: 'numeric', transformer: NUMBER })
  previous_close!: number;

  @Column({ type: 'numeric', transformer: NUMBER })
  open!: number;

  @Column({ type: 'numeric', transformer: NUMBER })
  close!: number;

  /** NIFTY 50's change that day, when known. */
  @Column({ type: 'numeric', nullable: true, transformer: NUMBER })
  index_change!: number | null;

  @Column({ type: 'varchar', length: 12, default: 'unreviewed' })
  status!: AnomalyStatus;

  /** What an operator classified it as; null unless classified. */
  @Column({ type: 'varchar', length: 16, nullable: true })
  kind!: CorporateActionKind | null;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  flagged_at!: Date;

  @Column({ type: 'timestamptz', nullable: true })
  reviewed_at!: Date | null;
}
