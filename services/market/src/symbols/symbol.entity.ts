import type { MarketSymbolInfo } from '@nivesh/proto';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A symbol of the curated universe (the stocks of the shared dataset and the NIFTY 50 index); dates are 'YYYY-MM-DD'. */
@Entity({ schema: 'market', name: 'symbols' })
export class SymbolEntity implements MarketSymbolInfo {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  symbol!: string;

  /** The dataset file it was imported from. */
  @Column({ type: 'varchar', length: 64 })
  file!: string;

  @Column({ type: 'text' })
  company!: string;

  @Column({ type: 'text' })
  industry!: string;

  @Column({ type: 'varchar', length: 12, nullable: true })
  isin!: string | null;

  @Column({ type: 'date' })
  first_date!: string;

  @Column({ type: 'date' })
  last_date!: string;
}
