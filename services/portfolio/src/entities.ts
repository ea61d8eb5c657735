import { TransactionEntity } from './portfolio/transaction.entity';

/** Every TypeORM entity of the portfolio schema (watchlists, alerts and notifications are read and written in raw SQL). */
export const ENTITIES = [TransactionEntity];
