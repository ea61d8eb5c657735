import { createSchemaMigration } from '@nivesh/platform';
import { CreateConversations1764720000000 } from './1764720000000-create-conversations';
import { CreateAuditRecords1798200000000 } from './1798200000000-create-audit-records';
import { CreateUnansweredQuestions1798800000000 } from './1798800000000-create-unanswered-questions';

/** The service's PostgreSQL schema. */
export const SCHEMA = 'chat';

/** Migrations in the order they apply; listed explicitly so builds and bundles find them. */
export const MIGRATIONS = [createSchemaMigration(SCHEMA, 1763776800000), CreateConversations1764720000000, CreateAuditRecords1798200000000, CreateUnansweredQuestions1798800000000];
