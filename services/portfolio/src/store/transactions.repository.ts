import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { PortfolioTransaction, TransactionInput } from '@nivesh/proto';
import type { Repository } from 'typeorm';
import { TransactionEntity } from './transaction.entity';

/** A transaction to store, with the broker trades it sums (none for one entered by hand). */
export type NewTransaction = TransactionInput & {
  source: PortfolioTransaction['source'];
  trades: { broker: string; exchange: string; trade_id: string }[];
};

type Row = Omit<TransactionEntity, 'created_at'> & { trade_ids: string[] | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const toTransaction = (row: Row): PortfolioTransaction => ({
  id: row.id,
  symbol: row.symbol,
  date: row.date,
  kind: row.kind,
  quantity: Number(row.quantity),
  price: Number(row.price),
  charges: Number(row.charges),
  note: row.note,
  source: row.source,
  trade_ids: row.trade_ids ?? [],
});

const SELECT = `
  SELECT t.id, t.user_id, t.symbol, to_char(t.date, 'YYYY-MM-DD') AS date, t.kind, t.quantity, t.price, t.charges, t.note, t.source,
         array_remove(array_agg(i.trade_id ORDER BY i.trade_id), NULL) AS trade_ids
  FROM "portfolio"."transactions" t
  LEFT JOIN "portfolio"."imported_trades" i ON i.transaction_id = t.id`;

/** The one reader and writer of the portfolio tables. */
@Injectable()
export class TransactionsRepository {
  constructor(@InjectRepository(TransactionEntity) private readonly repo: Repository<TransactionEntity>) {}

  /** A user's transactions, oldest first (the order the ledger replays them in). */
  async forUser(userId: string): Promise<PortfolioTransaction[]> {
    const rows: Row[] = await this.repo.query(`${SELECT} WHERE t.user_id = $1 GROUP BY t.id ORDER BY t.date, t.created_at, t.id`, [userId]);
    return rows.map(toTransaction);
  }

  /** Which of `trades` the user imported before, as `broker|exchange|trade_id`. */
  async importedTrades(userId: string, trades: readonly { broker: string; exchange: string; trade_id: string }[]): Promise<Set<string>> {
    if (!trades.length) return new Set();
    const rows: { key: string }[] = await this.repo.query(
      `SELECT i.broker || '|' || i.exchange || '|' || i.trade_id AS key
       FROM "portfolio"."imported_trades" i
       JOIN unnest($2::text[], $3::text[], $4::text[]) AS t(broker, exchange, trade_id)
         ON i.broker = t.broker AND i.exchange = t.exchange AND i.trade_id = t.trade_id
       WHERE i.user_id = $1`,
      [userId, trades.map((t) => t.broker), trades.map((t) => t.exchange), trades.map((t) => t.trade_id)],
    );
    return new Set(rows.map((row) => row.key));
  }

  /**
   * Stores transactions and their trade ids in one database transaction; a transaction whose trades were stored in the
   * meantime (an import running twice at once) is left out. The ids of the transactions stored.
   */
  async add(userId: string, transactions: readonly NewTransaction[]): Promise<string[]> {
    return this.repo.manager.transaction(async (manager) => {
      const stored: string[] = [];
      for (const tx of transactions) {
        const [row] = (await manager.query(
          `INSERT INTO "portfolio"."transactions" ("user_id", "symbol", "date", "kind", "quantity", "price", "charges", "note", "source")
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING "id"`,
          [userId, tx.symbol, tx.date, tx.kind, tx.quantity, tx.price, tx.charges, tx.note ?? null, tx.source],
        )) as { id: string }[];
        if (tx.trades.length) {
          const inserted: unknown[] = await manager.query(
            `INSERT INTO "portfolio"."imported_trades" ("user_id", "broker", "exchange", "trade_id", "transaction_id")
             SELECT $1, b, e, t, $5 FROM unnest($2::text[], $3::text[], $4::text[]) AS x(b, e, t)
             ON CONFLICT DO NOTHING RETURNING 1`,
            [userId, tx.trades.map((t) => t.broker), tx.trades.map((t) => t.exchange), tx.trades.map((t) => t.trade_id), row!.id],
          );
          if (inserted.length < tx.trades.length) {
            // Some of its trades were stored by a concurrent import: keep theirs, drop this one.
            await manager.query(`DELETE FROM "portfolio"."transactions" WHERE "id" = $1`, [row!.id]);
            continue;
          }
        }
        stored.push(row!.id);
      }
      return stored;
    });
  }

  /** Deletes one of the user's transactions; whether there was one. */
  async delete(userId: string, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    // For a DELETE the driver answers [rows, affected].
    const [, affected] = (await this.repo.query(`DELETE FROM "portfolio"."transactions" WHERE "id" = $1 AND "user_id" = $2`, [id, userId])) as [unknown[], number];
    return affected > 0;
  }
}
