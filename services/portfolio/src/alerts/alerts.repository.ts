import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type AlertRule, NOTIFICATIONS_KEPT, type Notification } from '@nivesh/proto';
import type { DataSource } from 'typeorm';
import type { Alert, AlertEvent, AlertState, AlertStateUpdate } from './rules';

/** An alert as stored: the engine's view of it, and what the alerts list shows besides. */
export type StoredAlert = Alert & { email: boolean; paused: boolean; created_at: string };

/** A notification whose e-mail is still to be queued. */
export type PendingMail = { id: string; user_id: string; symbol: string; date: string; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Rows written per statement: arrays of this many values stay well inside PostgreSQL's limits and a quick statement. */
const CHUNK = 10_000;

type AlertRow = {
  id: string;
  user_id: string;
  symbol: string;
  kind: AlertRule['kind'];
  params: AlertRule['params'];
  email: boolean;
  armed: boolean;
  last_evaluated_date: string | null;
  last_fired_date: string | null;
  paused: boolean;
  created_at: string;
};

const ALERT_COLUMNS = `id, user_id, symbol, kind, params, email, armed, paused,
  to_char(last_evaluated_date, 'YYYY-MM-DD') AS last_evaluated_date, to_char(last_fired_date, 'YYYY-MM-DD') AS last_fired_date,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

const toAlert = (row: AlertRow): StoredAlert =>
  ({
    id: row.id,
    user_id: row.user_id,
    symbol: row.symbol,
    kind: row.kind,
    params: row.params,
    email: row.email,
    paused: row.paused,
    created_at: row.created_at,
    state: { armed: row.armed, last_evaluated_date: row.last_evaluated_date, last_fired_date: row.last_fired_date },
  }) as StoredAlert;

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

/** The one reader and writer of `portfolio.alerts` and `portfolio.notifications`. */
@Injectable()
export class AlertsRepository {
  // Raw SQL on the service's connection.
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A user's alerts, oldest first. */
  async forUser(userId: string): Promise<StoredAlert[]> {
    const rows: AlertRow[] = await this.dataSource.query(`SELECT ${ALERT_COLUMNS} FROM "portfolio"."alerts" WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
    return rows.map(toAlert);
  }

  /** Stores an alert unless the user has `max` already (counted under a lock on the user's alerts); whether it did. */
  async create(userId: string, alert: { symbol: string; rule: AlertRule; email: boolean; state: AlertState }, max: number): Promise<boolean> {
    return this.dataSource.manager.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('nivesh:alerts:' || $1))`, [userId]);
      const [{ n }] = (await manager.query(`SELECT count(*)::int AS n FROM "portfolio"."alerts" WHERE user_id = $1`, [userId])) as { n: number }[];
      if (n >= max) return false;
      await manager.query(
        `INSERT INTO "portfolio"."alerts" ("user_id", "symbol", "kind", "params", "email", "armed", "last_evaluated_date", "last_fired_date")
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [userId, alert.symbol, alert.rule.kind, JSON.stringify(alert.rule.params), alert.email, alert.state.armed, alert.state.last_evaluated_date, alert.state.last_fired_date],
      );
      return true;
    });
  }

  /** Deletes one of the user's alerts; whether there was one. */
  async delete(userId: string, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const [, affected] = (await this.dataSource.query(`DELETE FROM "portfolio"."alerts" WHERE id = $1 AND user_id = $2`, [id, userId])) as [unknown[], number];
    return affected > 0;
  }

  /**
   * Runs `work` while holding the evaluation lock (a PostgreSQL session advisory lock): evaluations of several
   * instances, or a scheduled one meeting an import's, run one after the other, so the second finds nothing new and
   * no mail is queued twice.
   */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query(`SELECT pg_advisory_lock(hashtext('nivesh:alerts:evaluation'))`);
      try {
        return await work();
      } finally {
        await runner.query(`SELECT pg_advisory_unlock(hashtext('nivesh:alerts:evaluation'))`);
      }
    } finally {
      await runner.release();
    }
  }

  /** Every alert of every user: what an evaluation reads. */
  async all(): Promise<StoredAlert[]> {
    const rows: AlertRow[] = await this.dataSource.query(`SELECT ${ALERT_COLUMNS} FROM "portfolio"."alerts"`);
    return rows.map(toAlert);
  }

  /**
   * Pauses alerts (`paused` true) or resumes them with a fresh state each (an RSI alert of an account whose premium
   * ended, and came back: it must not fire on the days it was paused through).
   */
  async setPaused(pause: readonly string[], resume: readonly { id: string; state: AlertState }[]): Promise<void> {
    for (const ids of chunks(pause)) await this.dataSource.query(`UPDATE "portfolio"."alerts" SET paused = true WHERE id = ANY($1::uuid[])`, [ids]);
    for (const part of chunks(resume)) {
      await this.dataSource.query(
        `UPDATE "portfolio"."alerts" a SET paused = false, armed = s.armed, last_evaluated_date = s.evaluated, last_fired_date = NULL
         FROM unnest($1::uuid[], $2::boolean[], $3::date[]) AS s(id, armed, evaluated) WHERE a.id = s.id`,
        [part.map((entry) => entry.id), part.map((entry) => entry.state.armed), part.map((entry) => entry.state.last_evaluated_date)],
      );
    }
  }

  /**
   * Writes one evaluation in one database transaction: the alerts' new states and a notification per event. A
   * notification is stored once per alert and market day (a retried evaluation adds nothing), and none for an alert
   * deleted meanwhile. Each affected user keeps their latest NOTIFICATIONS_KEPT notifications.
   */
  async applyEvaluation(states: readonly AlertStateUpdate[], events: readonly AlertEvent[]): Promise<number> {
    return this.dataSource.manager.transaction(async (manager) => {
      for (const part of chunks(states)) {
        await manager.query(
          `UPDATE "portfolio"."alerts" a SET armed = s.armed, last_evaluated_date = s.evaluated, last_fired_date = s.fired
           FROM unnest($1::uuid[], $2::boolean[], $3::date[], $4::date[]) AS s(id, armed, evaluated, fired) WHERE a.id = s.id`,
          [part.map((u) => u.alert_id), part.map((u) => u.state.armed), part.map((u) => u.state.last_evaluated_date), part.map((u) => u.state.last_fired_date)],
        );
      }
      let stored = 0;
      for (const part of chunks(events)) {
        const inserted: unknown[] = await manager.query(
          `INSERT INTO "portfolio"."notifications" ("user_id", "alert_id", "symbol", "kind", "date", "message", "email")
           SELECT a.user_id, a.id, a.symbol, a.kind, e.date, e.message, a.email
           FROM unnest($1::uuid[], $2::date[], $3::text[]) AS e(alert_id, date, message)
           JOIN "portfolio"."alerts" a ON a.id = e.alert_id
           ON CONFLICT ("alert_id", "date") DO NOTHING RETURNING 1`,
          [part.map((e) => e.alert_id), part.map((e) => e.date), part.map((e) => e.message)],
        );
        stored += inserted.length;
      }
      const users = [...new Set(events.map((event) => event.user_id))];
      for (const part of chunks(users)) {
        await manager.query(
          `DELETE FROM "portfolio"."notifications" n USING (
             SELECT id, row_number() OVER (PARTITION BY user_id ORDER BY created_at DESC, date DESC, id DESC) AS rank
             FROM "portfolio"."notifications" WHERE user_id = ANY($1::text[])
           ) ranked WHERE n.id = ranked.id AND ranked.rank > $2`,
          [part, NOTIFICATIONS_KEPT],
        );
      }
      return stored;
    });
  }

  /** Notifications whose e-mail is still to be queued, oldest first. */
  async pendingMails(limit: number): Promise<PendingMail[]> {
    return this.dataSource.query(
      `SELECT id, user_id, symbol, to_char(date, 'YYYY-MM-DD') AS date, message FROM "portfolio"."notifications"
       WHERE email AND emailed_at IS NULL ORDER BY created_at, user_id, date, id LIMIT $1`,
      [limit],
    );
  }

  async markEmailed(ids: readonly string[]): Promise<void> {
    for (const part of chunks(ids)) await this.dataSource.query(`UPDATE "portfolio"."notifications" SET emailed_at = now() WHERE id = ANY($1::uuid[])`, [part]);
  }

  /** A user's notifications, newest first (market day, then when stored). */
  async notifications(userId: string): Promise<Notification[]> {
    const rows: (Omit<Notification, 'read'> & { read: boolean })[] = await this.dataSource.query(
      `SELECT id, symbol, kind, to_char(date, 'YYYY-MM-DD') AS date, message, read_at IS NOT NULL AS read,
              to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at
       FROM "portfolio"."notifications" WHERE user_id = $1 ORDER BY created_at DESC, date DESC, id DESC LIMIT $2`,
      [userId, NOTIFICATIONS_KEPT],
    );
    return rows;
  }

  async unread(userId: string): Promise<number> {
    const [{ n }] = (await this.dataSource.query(`SELECT count(*)::int AS n FROM "portfolio"."notifications" WHERE user_id = $1 AND read_at IS NULL`, [userId])) as { n: number }[];
    return n;
  }

  /** Marks the user's notifications `ids` read, or all of them when `ids` is undefined. Ids of others are ignored. */
  async markRead(userId: string, ids?: readonly string[]): Promise<void> {
    if (ids === undefined) {
      await this.dataSource.query(`UPDATE "portfolio"."notifications" SET read_at = now() WHERE user_id = $1 AND read_at IS NULL`, [userId]);
      return;
    }
    const valid = ids.filter((id) => UUID.test(id));
    if (!valid.length) return;
    await this.dataSource.query(`UPDATE "portfolio"."notifications" SET read_at = now() WHERE user_id = $1 AND read_at IS NULL AND id = ANY($2::uuid[])`, [userId, valid]);
  }
}
