import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { SHARE_KINDS } from '../data/corporate-actions';
import type { AnnouncedKind, Announcement, AnnouncementTerms } from '../nse/corporate-actions/announcements';
import { ActionAnnouncementEntity, type AnnouncementStatus } from './action-announcement.entity';

/** An announcement to act on, with the symbol of `market.symbols` it belongs to (by symbol, else by ISIN). */
export type ResolvedAnnouncement = {
  id: string;
  /** The stored symbol it applies to. */
  target: string;
  ex_date: string;
  kind: AnnouncedKind;
  ratio: number | null;
  terms: AnnouncementTerms;
  source_url: string | null;
  status: AnnouncementStatus;
};

const SHARE_KINDS_SQL = `(${[...SHARE_KINDS].map((kind) => `'${kind}'`).join(', ')})`;

/** Announcements of `kinds` with the stored symbol each resolves to (null when none does yet). */
const resolved = (kinds: string) => `
  SELECT a."id", t."symbol" AS "target", to_char(a."ex_date", 'YYYY-MM-DD') AS "ex_date", a."kind", a."ratio"::float8 AS "ratio",
         a."terms", a."source_url", a."status"
  FROM "market"."action_announcements" a
  LEFT JOIN LATERAL (
    SELECT s."symbol" FROM "market"."symbols" s WHERE s."symbol" = a."symbol" OR (a."isin" IS NOT NULL AND s."isin" = a."isin")
    ORDER BY s."symbol" = a."symbol" DESC LIMIT 1) t ON true
  WHERE a."kind" IN ${kinds}`;

/** The one reader and writer of `market.action_announcements`. */
@Injectable()
export class ActionAnnouncementsRepository {
  constructor(@InjectRepository(ActionAnnouncementEntity) private readonly repo: Repository<ActionAnnouncementEntity>) {}

  /**
   * Stores announcements not seen before (by symbol, ex-date and subject): 'pending' when they have a kind, else
   * 'ignored' with the reason. Ones seen before are left as they are. The number added.
   */
  async insertMany(announcements: readonly Announcement[], sourceUrl: string | null, now: Date): Promise<number> {
    if (!announcements.length) return 0;
    const rows: Array<{ n: number }> = await this.repo.query(
      `WITH added AS (
         INSERT INTO "market"."action_announcements"
           ("symbol", "isin", "ex_date", "record_date", "subject", "kind", "ratio", "terms", "source_url", "announced_at", "status", "note")
         SELECT s, i, d, r, subj, k, ra, te, $10, $11, CASE WHEN k IS NULL THEN 'ignored' ELSE 'pending' END, n
         FROM unnest($1::text[], $2::text[], $3::date[], $4::date[], $5::text[], $6::text[], $7::numeric[], $8::jsonb[], $9::text[])
           AS t(s, i, d, r, subj, k, ra, te, n)
         ON CONFLICT ("symbol", "ex_date", "subject") DO NOTHING
         RETURNING 1)
       SELECT count(*)::int AS n FROM added`,
      [
        announcements.map((a) => a.symbol),
        announcements.map((a) => a.isin),
        announcements.map((a) => a.ex_date),
        announcements.map((a) => a.record_date),
        announcements.map((a) => a.subject),
        announcements.map((a) => a.kind),
        announcements.map((a) => (a.ratio === null ? null : String(a.ratio))),
        announcements.map((a) => JSON.stringify(a.terms)),
        announcements.map((a) => (a.kind === null ? a.note : pendingNote(a.kind))),
        sourceUrl,
        now,
      ],
    );
    return rows[0]!.n;
  }

  /**
   * The share-count announcements (pending or applied) of every symbol and ex-date that holds a pending one whose
   * symbol is stored: what the day's one action is computed from.
   */
  async shareDaysToStore(): Promise<ResolvedAnnouncement[]> {
    return this.repo.query(
      `WITH r AS (${resolved(SHARE_KINDS_SQL)} AND a."status" IN ('pending', 'applied'))
       SELECT * FROM r
       WHERE r."target" IS NOT NULL
         AND EXISTS (SELECT 1 FROM r p WHERE p."status" = 'pending' AND p."target" = r."target" AND p."ex_date" = r."ex_date")
       ORDER BY r."target", r."ex_date", r."id"`,
    );
  }

  /** Pending announcements that move only the price, of stored symbols, with their ex-date on or before `day`. */
  async duePriceChanges(day: string): Promise<ResolvedAnnouncement[]> {
    return this.repo.query(
      `SELECT * FROM (${resolved(`('demerger', 'rights', 'special_dividend')`)} AND a."status" = 'pending' AND a."ex_date" <= $1) r
       WHERE r."target" IS NOT NULL ORDER BY r."target", r."ex_date", r."id"`,
      [day],
    );
  }

  /** Records the outcome of announcements: applied (first application time kept), or refused, with a sentence why. */
  async mark(ids: readonly string[], status: Extract<AnnouncementStatus, 'applied' | 'refused'>, note: string, now: Date): Promise<void> {
    if (!ids.length) return;
    await this.repo.query(
      `UPDATE "market"."action_announcements"
       SET "status" = $2::varchar, "note" = $3::text, "applied_at" = CASE WHEN $2::varchar = 'applied' THEN COALESCE("applied_at", $4::timestamptz) END
       WHERE "id" = ANY($1::bigint[])`,
      [ids, status, note, now],
    );
  }
}

/** Why an announcement with a kind is not applied yet, until it is. */
const pendingNote = (kind: AnnouncedKind): string =>
  SHARE_KINDS.has(kind)
    ? 'Waiting for its symbol to be among the stocks Nivesh follows.'
    : 'Waiting for the ex-date’s prices, which set its factor.';
