import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { BalanceFigures, FilingBasis, FilingFormat, FilingPeriod, PeriodFigures } from './filing';

/** A financial-results filing from NSE's XBRL file `source_file` (see the create-filings migration). */
@Entity({ schema: 'market', name: 'filings' })
export class FilingEntity {
  @PrimaryColumn({ type: 'varchar', length: 200 })
  source_file!: string;

  @Column({ type: 'varchar', length: 32 })
  symbol!: string;

  @Column({ type: 'smallint' })
  fiscal_year!: number;

  @Column({ type: 'varchar', length: 2 })
  period!: FilingPeriod;

  @Column({ type: 'varchar', length: 12 })
  basis!: FilingBasis;

  @Column({ type: 'varchar', length: 12 })
  format!: FilingFormat;

  @Column({ type: 'timestamptz' })
  filed_at!: Date;

  @Column({ type: 'jsonb' })
  quarter!: PeriodFigures;

  @Column({ type: 'jsonb' })
  year_to_date!: PeriodFigures;

  @Column({ type: 'jsonb' })
  balance!: BalanceFigures;
}
