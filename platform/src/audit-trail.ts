import { createHash } from 'node:crypto';
import type { Provider } from '@nestjs/common';
import { DataSource, type QueryRunner } from 'typeorm';
import { type QueueDefinition } from '@nivesh/proto';
import type { JobSchedule } from './queue-processor';
import { SERVICE_CONFIG } from './service-platform.module';

/**
 * The `registered` compliance profile's audit records (README "Compliance profiles"): every forecast shown and every
 * Warren AI answer, with when it was shown, the market data version it was made on and the model that made it. Each
 * service that shows such an output keeps its own records, in `<its schema>.audit_records`, and deletes them once they
 * are older than COMPLIANCE_AUDIT_RETENTION_DAYS.
 */
export type AuditKind = 'forecast' | 'chat_answer';

export type AuditEntry = {
  kind: AuditKind;
  /** The stock or index it is about (a forecast's ticker, a technical chat's), or null. */
  subject: string | null;
  /** The signed-in caller's account id, stored only as auditUserHash of it; null or absent when anonymous. */
  user_id?: string | null;
  /** The market data version the output was made on; null when the market keeps none. */
  data_version: string | null;
  /** The model (or engine) that made it, as people name it. */
  model: string;
  /** What was shown, as it was sent. */
  shown: unknown;
  at?: Date;
};

/**
 * A one-way hash of an account id: records of one account can be found (given the id) and told apart, but a record
 * does not name anyone. Account ids are random UUIDs, so the hash cannot be reversed by guessing.
 */
export const auditUserHash = (userId: string): string => createHash('sha256').update(`nivesh-audit:${userId}`).digest('hex');

/** The table, as a service's migration creates it in its own schema. */
export const createAuditRecordsTable = async (queryRunner: QueryRunner, schema: string): Promise<void> => {
  await queryRunner.query(`
    CREATE TABLE "${schema}"."audit_records" (
      "id" bigserial PRIMARY KEY,
      "shown_at" timestamptz NOT NULL,
      "kind" varchar(16) NOT NULL,
      "subject" varchar(32),
      "user_hash" char(64),
      "data_version" varchar(64),
      "model" varchar(128) NOT NULL,
      "shown" jsonb NOT NULL
    )`);
  await queryRunner.query(`CREATE INDEX "audit_records_shown_at" ON "${schema}"."audit_records" ("shown_at")`);
};

const DAY_MS = 86_400_000;

/** Writes and expires one service's audit records. */
export class AuditTrail {
  constructor(
    private readonly dataSource: DataSource,
    private readonly schema: string,
    private readonly retentionDays: number,
  ) {}

  /** Stores one record; resolves once it is committed. */
  async record(entry: AuditEntry): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "${this.schema}"."audit_records" (shown_at, kind, subject, user_hash, data_version, model, shown) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [entry.at ?? new Date(), entry.kind, entry.subject, entry.user_id ? auditUserHash(entry.user_id) : null, entry.data_version, entry.model, JSON.stringify(entry.shown)],
    );
  }

  /** Deletes the records shown more than the retention period before `now`; returns how many. */
  async purge(now = new Date()): Promise<number> {
    const [, deleted] = (await this.dataSource.query(`DELETE FROM "${this.schema}"."audit_records" WHERE shown_at < $1`, [
      new Date(now.getTime() - this.retentionDays * DAY_MS),
    ])) as [unknown, number];
    return deleted;
  }
}

type PurgeQueue = QueueDefinition & { jobs: { purge: unknown } };

/** Queues `purge` every hour: one schedule however many instances run. */
export const hourlyPurgeSchedule = <Q extends PurgeQueue>(queue: Q): JobSchedule<Q> => ({ id: `${queue.name}-hourly`, repeat: { every: 3_600_000 }, name: 'purge', data: {} }) as JobSchedule<Q>;

/** The Nest provider of a service's AuditTrail, in its schema, kept for the configured period. */
export const auditTrailProvider = (schema: string): Provider => ({
  provide: AuditTrail,
  inject: [DataSource, SERVICE_CONFIG],
  useFactory: (dataSource: DataSource, config: { COMPLIANCE_AUDIT_RETENTION_DAYS: number }) => new AuditTrail(dataSource, schema, config.COMPLIANCE_AUDIT_RETENTION_DAYS),
});
