import { Column, Entity } from 'typeorm';

/** An ISIN a symbol had before NSE gave it a new one; rows under it still match the symbol. */
@Entity({ schema: 'market', name: 'former_isins' })
export class FormerIsinEntity {
  @Column({ type: 'varchar', length: 12, primary: true })
  isin!: string;

  @Column({ type: 'varchar', length: 32 })
  symbol!: string;

  @Column({ type: 'varchar', length: 12 })
  replaced_by!: string;

  @Column({ type: 'date' })
  replaced_on!: string;
}
