import type { CorporateActionKind } from '@nivesh/proto';
import { Column, Entity, PrimaryColumn } from 'typeorm';
import { NUMBER } from '../common/columns';

/**
 * Where a stored action comes from: the curated dataset list, the importers' detector, the live provider, an operator,
 * NSE's corporate-action announcements.
 */
export type ActionSource = 'dataset' | 'detected' | 'provider' | 'operator' | 'nse';

/** A corporate action of a symbol: prices before `ex_date` ('YYYY-MM-DD') are multiplied by `factor`. */
@Entity({ schema: 'market', name: 'corporate_actions' })
export class CorporateActionEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  symbol!: string;

  @PrimaryColumn({ type: 'date' })
  ex_date!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: CorporateActionKind;

  /** New shares per old share for the share-count kinds, else null. */
  @Column({ type: 'numeric', nullable: true, transformer: NUMBER })
  ratio!: number | null;

  @Column({ type: 'numeric', transformer: NUMBER })
  factor!: number;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ type: 'text', nullable: true })
  source_url!: string | null;

  @Column({ type: 'varchar', length: 8 })
  source!: ActionSource;
}
