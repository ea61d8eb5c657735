import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { PortfolioTransaction, TransactionInput } from '@nivesh/proto';
import type { EntityManager, Repository } from 'typeorm';
import { TransactionEntity } from './transaction.entity';

/** A transaction to store, with the broker trades it sums (none for one entered by hand). */
export type NewTransaction = TransactionInput & {
  source: PortfolioTransaction['source'];
  trades: { broker: string; exchange: string; trade_id: string }[];
};

type Row = Omit<TransactionEntity, 'created_at'> & { trade_ids: string[] | null };

/** Rows written per statement. */
const CHUNK = 5_000;

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

/** Raises the user's transactions revision inside the writing transaction. */
const bumpRevision = (manager: EntityManager, userId: string) =>
  manager.query(
    `INSERT INTO "portfolio"."revisions" ("user_id", "revision") VALUES ($1, 1)
     ON CONFLICT ("user_id") DO UPDATE SET "revision" = "portfolio"."revisions"."revision" + 1`,
    [userId],
  );

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
   * Stores transactions and their trade ids in one database transaction, a few statements whatever the number (a
   * 10,000-trade book took 10,000 round trips one by one); a transaction whose trades were stored in the meantime (an
   * import running twice at once) is left out. The ids of the transactions stored, in the order given.
   */
  async add(userId: string, transactions: readonly NewTransaction[]): Promise<string[]> {
    if (!transactions.length) return [];
    const ids = transactions.map(() => randomUUID());
    return this.repo.manager.transaction(async (manager) => {
      for (let from = 0; from < transactions.length; from += CHUNK) {
        const part = transactions.slice(from, from + CHUNK);
        await manager.query(
          `INSERT INTO "portfolio"."transactions" ("id", "user_id", "symbol", "date", "kind", "quantity", "price", "charges", "note", "source")
           SELECT id, $1, symbol, date, kind, quantity, price, charges, note, source
           FROM unnest($2::uuid[], $3::text[], $4::date[], $5::text[], $6::numeric[], $7::numeric[], $8::numeric[], $9::text[], $10::text[])
             AS x(id, symbol, date, kind, quantity, price, charges, note, source)`,
          [
            userId,
            ids.slice(from, from + CHUNK),
            part.map((tx) => tx.symbol),
            part.map((tx) => tx.date),
            part.map((tx) => tx.kind),
            part.map((tx) => tx.quantity),
            part.map((tx) => tx.price),
            part.map((tx) => tx.charges),
            part.map((tx) => tx.note ?? null),
            part.map((tx) => tx.source),
          ],
        );
      }
      const trades = transactions.flatMap((tx, index) => tx.trades.map((trade) => ({ ...trade, transaction_id: ids[index]! })));
      const stored = new Map<string, number>();
      for (let from = 0; from < trades.length; from += CHUNK) {
        const part = trades.slice(from, from + CHUNK);
        const rows: { transaction_id: string }[] = await manager.query(
          `INSERT INTO "portfolio"."imported_trades" ("user_id", "broker", "exchange", "trade_id", "transaction_id")
           SELECT $1, b, e, t, x FROM unnest($2::text[], $3::text[], $4::text[], $5::uuid[]) AS u(b, e, t, x)
           ON CONFLICT DO NOTHING RETURNING "transaction_id"`,
          [userId, part.map((t) => t.broker), part.map((t) => t.exchange), part.map((t) => t.trade_id), part.map((t) => t.transaction_id)],
        );
        for (const row of rows) stored.set(row.transaction_id, (stored.get(row.transaction_id) ?? 0) + 1);
      }
      // Transactions some of whose trades a concurrent import stored: keep theirs, drop these (their trade rows go with them).
      const lost = new Set(ids.filter((id, index) => transactions[index]!.trades.length > 0 && (stored.get(id) ?? 0) < transactions[index]!.trades.length));
      if (lost.size) await manager.query(`DELETE FROM "portfolio"."transactions" WHERE "id" = ANY($1::uuid[])`, [[...lost]]);
      if (lost.size < ids.length) await bumpRevision(manager, userId);
      return ids.filter((id) => !lost.has(id));
    });
  }

  /** Deletes one of the user's transactions; whether there was one. */
  async delete(userId: string, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    return this.repo.manager.transaction(async (manager) => {
      // For a DELETE the driver answers [rows, affected].
      const [, affected] = (await manager.query(`DELETE FROM "portfolio"."transactions" WHERE "id" = $1 AND "user_id" = $2`, [id, userId])) as [unknown[], number];
      if (affected > 0) await bumpRevision(manager, userId);
      return affected > 0;
    });
  }

  /** The user's transactions revision (0 before their first write): it changes with every write, in its transaction. */
  async revision(userId: string): Promise<string> {
    const rows: { revision: string }[] = await this.repo.query(`SELECT revision FROM "portfolio"."revisions" WHERE user_id = $1`, [userId]);
    return rows[0]?.revision ?? '0';
  }
}
