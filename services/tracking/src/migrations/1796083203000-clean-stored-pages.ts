import { appPageOf, OTHER_PAGE, referrerHostOf } from '@nivesh/proto';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The ranking key of sessions without a referrer (TRACKING_TEXTS.directReferrer when this was written). */
const DIRECT = '(direct)';
// Control characters a PostgreSQL text can hold (NUL it cannot): C0 but NUL, DEL and C1.
const CONTROLS = "'[\\x01-\\x1f\\x7f-\\x9f]'";

type Mapping = { from: string[]; to: (string | null)[] };

/** The values of `values` that `clean` changes, as two arrays for unnest. */
const changed = (values: readonly string[], clean: (value: string) => string | null): Mapping => {
  const mapping: Mapping = { from: [], to: [] };
  for (const value of values) {
    const cleaned = clean(value);
    if (cleaned === value) continue;
    mapping.from.push(value);
    mapping.to.push(cleaned);
  }
  return mapping;
};

const pageOrNull = (value: string): string | null => (value.trim() === '' ? null : appPageOf(value));

/**
 * Cleans what was stored before the gateway validated pages and referrers (issue 29, item 6): every page becomes its app
 * page or 'other' (proto's appPageOf, the rule new events follow), a referrer its host or none (referrerHostOf), and
 * control characters leave the analytics actions' names. Rankings whose keys merge are summed. The rules are proto's own
 * so stored and new rows agree; cleaning twice changes nothing. Data only: `down` cannot bring the junk back.
 */
export class CleanStoredPages1796083203000 implements MigrationInterface {
  name = 'CleanStoredPages1796083203000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const distinct = async (table: string, column: string): Promise<string[]> =>
      (await queryRunner.query(`SELECT DISTINCT "${column}" AS value FROM tracking."${table}" WHERE "${column}" IS NOT NULL`)).map((row: { value: string }) => row.value);
    const update = async (table: string, column: string, clean: (value: string) => string | null) => {
      const { from, to } = changed(await distinct(table, column), clean);
      if (from.length === 0) return;
      await queryRunner.query(
        `UPDATE tracking."${table}" t SET "${column}" = m.cleaned FROM unnest($1::text[], $2::text[]) AS m(stored, cleaned) WHERE t."${column}" = m.stored`,
        [from, to],
      );
    };

    await update('visitor_events', 'path', appPageOf);
    await update('visitor_events', 'referrer_host', referrerHostOf);
    await update('analytics_sessions', 'entry_page', appPageOf);
    await update('analytics_sessions', 'last_page', appPageOf);
    await update('analytics_page_visits', 'page_name', appPageOf);
    await update('analytics_page_visits', 'referrer_page', pageOrNull);
    await update('analytics_actions', 'page_name', pageOrNull);

    for (const [column, empty] of [['action_type', `'${OTHER_PAGE}'`], ['action_category', 'NULL'], ['action_target', 'NULL']] as const) {
      await queryRunner.query(
        `UPDATE tracking.analytics_actions SET "${column}" = COALESCE(NULLIF(btrim(regexp_replace("${column}", ${CONTROLS}, '', 'g')), ''), ${empty})
         WHERE "${column}" ~ ${CONTROLS}`,
      );
    }

    await this.cleanRankings(queryRunner, ['page', 'entry_page', 'exit_page'], appPageOf);
    await this.cleanRankings(queryRunner, ['referrer'], (key) => (key === DIRECT ? key : (referrerHostOf(key) ?? DIRECT)));
  }

  async down(): Promise<void> {
    // The junk is gone for good; there is nothing to restore.
  }

  /** Renames the keys of `dimensions` that `clean` changes, adding each count to the key it merges into. */
  private async cleanRankings(queryRunner: QueryRunner, dimensions: readonly string[], clean: (key: string) => string): Promise<void> {
    const keys: string[] = (await queryRunner.query('SELECT DISTINCT key FROM tracking.daily_rankings WHERE dimension = ANY($1::text[])', [dimensions])).map(
      (row: { key: string }) => row.key,
    );
    const { from, to } = changed(keys, clean);
    if (from.length === 0) return;
    // Cleaned keys are clean already, so a row that receives counts is never one that moves.
    await queryRunner.query(
      `INSERT INTO tracking.daily_rankings (day, dimension, key, count)
       SELECT r.day, r.dimension, m.cleaned, sum(r.count)
       FROM tracking.daily_rankings r JOIN unnest($2::text[], $3::text[]) AS m(stored, cleaned) ON r.key = m.stored
       WHERE r.dimension = ANY($1::text[])
       GROUP BY r.day, r.dimension, m.cleaned
       ON CONFLICT (day, dimension, key) DO UPDATE SET count = tracking.daily_rankings.count + EXCLUDED.count`,
      [dimensions, from, to],
    );
    await queryRunner.query('DELETE FROM tracking.daily_rankings r USING unnest($2::text[]) AS m(stored) WHERE r.dimension = ANY($1::text[]) AND r.key = m.stored', [
      dimensions,
      from,
    ]);
  }
}
