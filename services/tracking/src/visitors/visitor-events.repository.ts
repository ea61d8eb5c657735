import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, QueryFailedError } from 'typeorm';
import { type Day, utcDay } from '../days';
import type { VisitorEventRow } from './event-reduction';

/** A row PostgreSQL refuses for what it holds (not for an outage): storing it again cannot succeed. */
export class RejectedEvent extends Error {
  constructor(
    readonly eventId: string,
    reason: string,
  ) {
    super(`visitor event ${eventId} refused: ${reason}`);
    this.name = 'RejectedEvent';
  }
}

// Data exceptions (22) and integrity violations (23) are about the rows; anything else (connection, timeout) is not.
const isDataError = (error: unknown): error is QueryFailedError =>
  error instanceof QueryFailedError && /^2[23]/.test(String((error.driverError as { code?: unknown }).code ?? ''));

const COLUMNS = [
  ['event_id', 'uuid'],
  ['kind', 'text'],
  ['session_id', 'text'],
  ['visitor_id', 'text'],
  ['received_at', 'timestamptz'],
  ['day', 'date'],
  ['path', 'text'],
  ['referrer_host', 'text'],
  ['browser', 'text'],
  ['os', 'text'],
  ['device', 'text'],
  ['screen', 'text'],
  ['page_load_ms', 'int'],
  ['session_duration_ms', 'bigint'],
  ['total_duration_ms', 'bigint'],
  ['pages_visited', 'int'],
  ['total_page_views', 'int'],
] as const satisfies readonly (readonly [keyof VisitorEventRow, string])[];

/**
 * One statement whatever the batch size: each column travels as one array parameter and `unnest` turns the arrays back
 * into rows, so the statement text (and its plan) never changes and no batch nears PostgreSQL's parameter limit.
 * A row whose event id is stored already is skipped: a replayed job stores nothing twice.
 */
const INSERT_EVENTS = `
  WITH inserted AS (
    INSERT INTO tracking.visitor_events (${COLUMNS.map(([name]) => name).join(', ')})
    SELECT * FROM unnest(${COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')})
    ON CONFLICT (event_id) DO NOTHING
    RETURNING 1
  )
  SELECT count(*)::int AS inserted FROM inserted`;

/** How many of this process's writes there were; the integration test reads them to see batching at work. */
export type WriteStats = { statements: number; inserted: number; duplicates: number };

/** The one writer of `tracking.visitor_events`, and the reader of its live tail. */
@Injectable()
export class VisitorEventsRepository {
  private readonly logger = new Logger(VisitorEventsRepository.name);
  readonly stats: WriteStats = { statements: 0, inserted: 0, duplicates: 0 };
  /** Days this process has already marked as having events (today's, in practice). */
  private readonly markedDays = new Set<Day>();

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Stores a batch in one INSERT. When PostgreSQL refuses the batch for what a row holds, each row is tried alone so
   * only the bad ones fail; an outage fails the whole batch (its jobs run again). Answers each row's error or null.
   */
  async insertBatch(rows: readonly VisitorEventRow[], now = new Date()): Promise<(Error | null)[]> {
    try {
      await this.insert(rows);
    } catch (error) {
      if (!isDataError(error)) throw error;
      if (rows.length === 1) return [new RejectedEvent(rows[0]!.event_id, error.message)];
      this.logger.warn(`a batch of ${rows.length} visitor events was refused (${error.message}); storing them one by one`);
      const errors = await Promise.all(rows.map((row) => this.insertOne(row)));
      await this.markDays(rows.filter((_, index) => errors[index] === null), now);
      return errors;
    }
    await this.markDays(rows, now);
    return rows.map(() => null);
  }

  /**
   * Visitors now (FIGURE_DEFINITIONS.visitorsNow): the distinct visitor hashes of sessions with an event in
   * [since, until] whose latest event there is not their end. `since` is never before the day's midnight, so each hash
   * counted is one of that day's visitors.
   */
  async liveVisitors(since: Date, until: Date): Promise<number> {
    const [row] = await this.dataSource.query<{ live: number }[]>(
      `SELECT count(DISTINCT visitor_id)::int AS live FROM (
         SELECT DISTINCT ON (session_id) visitor_id, kind FROM tracking.visitor_events
         WHERE received_at >= $1 AND received_at <= $2 ORDER BY session_id, received_at DESC, event_id DESC
       ) latest WHERE kind <> 'session_end'`,
      [since.toISOString(), until.toISOString()],
    );
    return row?.live ?? 0;
  }

  private async insertOne(row: VisitorEventRow): Promise<Error | null> {
    try {
      await this.insert([row]);
      return null;
    } catch (error) {
      if (isDataError(error)) return new RejectedEvent(row.event_id, error.message);
      return error instanceof Error ? error : new Error(String(error));
    }
  }

  private async insert(rows: readonly VisitorEventRow[]): Promise<void> {
    const parameters = COLUMNS.map(([name]) => rows.map((row) => row[name]));
    this.stats.statements += 1;
    const [result] = await this.dataSource.query<{ inserted: number }[]>(INSERT_EVENTS, parameters);
    const inserted = result?.inserted ?? 0;
    this.stats.inserted += inserted;
    this.stats.duplicates += rows.length - inserted;
  }

  /**
   * Makes sure each day with new events has its rollup row (stale until the day is rolled up), and marks a past day
   * whose rollup exists stale again, so the next rollup counts the late event. This runs after the events are
   * committed, and the rollup holds the day's row locked while it counts: an event is either in the count or marks
   * the day for another.
   */
  private async markDays(rows: readonly VisitorEventRow[], now: Date): Promise<void> {
    const today = utcDay(now);
    const days = [...new Set(rows.map((row) => row.day))];
    const current = days.filter((day) => day >= today && !this.markedDays.has(day));
    const past = days.filter((day) => day < today);
    if (current.length) {
      await this.dataSource.query('INSERT INTO tracking.daily_rollups (day) SELECT unnest($1::date[]) ON CONFLICT (day) DO NOTHING', [current]);
      if (this.markedDays.size > 7) this.markedDays.clear();
      for (const day of current) this.markedDays.add(day);
    }
    if (past.length) {
      await this.dataSource.query(
        'INSERT INTO tracking.daily_rollups (day) SELECT unnest($1::date[]) ON CONFLICT (day) DO UPDATE SET stale = true WHERE NOT tracking.daily_rollups.stale',
        [past],
      );
    }
  }
}
