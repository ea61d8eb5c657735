import { Column, Entity, PrimaryColumn, type ValueTransformer } from 'typeorm';

/** numeric columns: pg sends them as text, answers carry numbers. */
const NUMBER: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** One transaction of a user (see the create-transactions migration). */
@Entity({ schema: 'portfolio', name: 'transactions' })
export class TransactionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 128 })
  user_id!: string;

  @Column({ type: 'varchar', length: 32 })
  symbol!: string;

  @Column({ type: 'date' })
  date!: string;

  @Column({ type: 'varchar', length: 8 })
  kind!: 'buy' | 'sell' | 'dividend';

  @Column({ type: 'numeric', transformer: NUMBER })
  quantity!: number;

  @Column({ type: 'numeric', transformer: NUMBER })
  price!: number;

  @Column({ type: 'numeric', transformer: NUMBER })
  charges!: number;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ type: 'varchar', length: 8 })
  source!: 'manual' | 'zerodha' | 'upstox';

  @Column({ type: 'timestamptz' })
  created_at!: Date;
}
