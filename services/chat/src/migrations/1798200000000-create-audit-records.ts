import { createAuditRecordsTable } from '@nivesh/platform';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The `registered` compliance profile's audit records (proto's AuditTrail): created under both profiles, so switching
 * profiles needs no migration; written only under `registered`, deleted after COMPLIANCE_AUDIT_RETENTION_DAYS.
 */
export class CreateAuditRecords1798200000000 implements MigrationInterface {
  name = 'CreateAuditRecords1798200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await createAuditRecordsTable(queryRunner, 'chat');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE "chat"."audit_records"');
  }
}
