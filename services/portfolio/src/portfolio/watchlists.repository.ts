import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

export type StoredWatchlist = { id: string; name: string; symbols: string[] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The one reader and writer of `portfolio.watchlists` and their stocks. */
@Injectable()
export class WatchlistsRepository {
  // Raw SQL on the service's connection.
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A user's watchlists, oldest first, each with its stocks in the order they were added. */
  async forUser(userId: string): Promise<StoredWatchlist[]> {
    const rows: { id: string; name: string; symbols: string[] | null }[] = await this.dataSource.query(
      `SELECT w.id, w.name, array_remove(array_agg(i.symbol ORDER BY i.added_at, i.symbol), NULL) AS symbols
       FROM "portfolio"."watchlists" w LEFT JOIN "portfolio"."watchlist_items" i ON i.watchlist_id = w.id
       WHERE w.user_id = $1 GROUP BY w.id ORDER BY min(w.created_at), w.id`,
      [userId],
    );
    return rows.map((row) => ({ id: row.id, name: row.name, symbols: row.symbols ?? [] }));
  }

  /** Creates a watchlist unless the user has `max` already (checked under a lock on the user's lists); whether it did. */
  async create(userId: string, name: string, max: number): Promise<boolean> {
    return this.dataSource.manager.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('nivesh:watchlists:' || $1))`, [userId]);
      const [{ n }] = (await manager.query(`SELECT count(*)::int AS n FROM "portfolio"."watchlists" WHERE user_id = $1`, [userId])) as { n: number }[];
      if (n >= max) return false;
      await manager.query(`INSERT INTO "portfolio"."watchlists" ("user_id", "name") VALUES ($1, $2)`, [userId, name]);
      return true;
    });
  }

  /** Whether the user owns watchlist `id`. */
  async owns(userId: string, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const rows: unknown[] = await this.dataSource.query(`SELECT 1 FROM "portfolio"."watchlists" WHERE id = $1 AND user_id = $2`, [id, userId]);
    return rows.length > 0;
  }

  async delete(userId: string, id: string): Promise<void> {
    if (UUID.test(id)) await this.dataSource.query(`DELETE FROM "portfolio"."watchlists" WHERE id = $1 AND user_id = $2`, [id, userId]);
  }

  /** Adds a stock to a watchlist holding fewer than `max` (a stock already on it stays once); whether it fits. */
  async add(id: string, symbol: string, max: number): Promise<boolean> {
    return this.dataSource.manager.transaction(async (manager) => {
      await manager.query(`SELECT 1 FROM "portfolio"."watchlists" WHERE id = $1 FOR UPDATE`, [id]);
      const [{ n }] = (await manager.query(`SELECT count(*)::int AS n FROM "portfolio"."watchlist_items" WHERE watchlist_id = $1 AND symbol <> $2`, [id, symbol])) as { n: number }[];
      if (n >= max) return false;
      await manager.query(`INSERT INTO "portfolio"."watchlist_items" ("watchlist_id", "symbol") VALUES ($1, $2) ON CONFLICT DO NOTHING`, [id, symbol]);
      return true;
    });
  }

  async remove(id: string, symbol: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM "portfolio"."watchlist_items" WHERE watchlist_id = $1 AND symbol = $2`, [id, symbol]);
  }
}
