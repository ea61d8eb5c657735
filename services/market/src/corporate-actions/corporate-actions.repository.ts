import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { type ActionKind, type CorporateAction, SHARE_KINDS } from '../data/corporate-actions';
import { type ActionSource, CorporateActionEntity } from './corporate-action.entity';
import { selectRows } from '../common/select-rows';

/** A corporate action to store; `factor` multiplies every earlier price (1/ratio for a share-count change). */
export type NewAction = {
  symbol: string;
  ex_date: string;
  kind: ActionKind;
  ratio: number | null;
  factor: number;
  note?: string | null;
  source_url?: string | null;
};

/** An action's columns in `CorporateAction`'s order. */
const ACTION = ['ex_date', 'kind', 'ratio', 'factor', 'note'] as const;

/** Actions on or before the symbol's last stored bar. */
const UP_TO_LAST_BAR = `a.ex_date <= (SELECT s.last_date FROM "market"."symbols" s WHERE s.symbol = a.symbol)`;

const columns = (actions: readonly NewAction[]) => [
  actions.map((a) => a.symbol),
  actions.map((a) => a.ex_date),
  actions.map((a) => a.kind),
  actions.map((a) => (a.ratio === null ? null : String(a.ratio))),
  actions.map((a) => String(a.factor)),
  actions.map((a) => a.note ?? null),
  actions.map((a) => a.source_url ?? null),
];

/** The one reader and writer of `market.corporate_actions`. */
@Injectable()
export class CorporateActionsRepository {
  constructor(@InjectRepository(CorporateActionEntity) private readonly repo: Repository<CorporateActionEntity>) {}

  /**
   * The symbol's actions up to its last bar, by ex-date: prices are in the terms of their own last day, so an action
   * known ahead of the bars (one the fundamentals need) waits for them. `ahead` includes those too.
   */
  async forSymbol(symbol: string, { ahead = false }: { ahead?: boolean } = {}): Promise<CorporateAction[]> {
    const query = this.repo.createQueryBuilder('a').where('a.symbol = :symbol', { symbol });
    return selectRows((ahead ? query : query.andWhere(UP_TO_LAST_BAR)).orderBy('a.ex_date', 'ASC'), ACTION);
  }

  /** Every symbol's actions (up to its last bar unless `ahead`), by ex-date. */
  async bySymbol({ ahead = false }: { ahead?: boolean } = {}): Promise<Map<string, CorporateAction[]>> {
    const found = new Map<string, CorporateAction[]>();
    const all = this.repo.createQueryBuilder('a');
    const query = (ahead ? all : all.where(UP_TO_LAST_BAR)).orderBy('a.symbol', 'ASC').addOrderBy('a.ex_date', 'ASC');
    for (const { symbol, ...action } of await selectRows(query, ['symbol', ...ACTION])) {
      const list = found.get(symbol) ?? [];
      list.push(action);
      found.set(symbol, list);
    }
    return found;
  }

  /** The days of `symbols` that hold an action, as `SYMBOL|YYYY-MM-DD`. */
  async days(symbols: readonly string[]): Promise<Set<string>> {
    if (!symbols.length) return new Set();
    const rows = await this.repo.find({ select: { symbol: true, ex_date: true }, where: { symbol: In([...symbols]) } });
    return new Set(rows.map((row) => `${row.symbol}|${row.ex_date}`));
  }

  /** Whether `symbol` holds an action on `date`. */
  exists(symbol: string, date: string): Promise<boolean> {
    return this.repo.existsBy({ symbol, ex_date: date });
  }

  /** Inserts actions on days that hold none yet; the number added. */
  async insertMany(actions: readonly NewAction[], source: ActionSource): Promise<number> {
    if (!actions.length) return 0;
    const rows: Array<{ n: number }> = await this.repo.query(
      `WITH added AS (
         INSERT INTO "market"."corporate_actions" ("symbol", "ex_date", "kind", "ratio", "factor", "note", "source_url", "source")
         SELECT s, d, k, r, f, n, u, $8 FROM unnest($1::text[], $2::date[], $3::text[], $4::numeric[], $5::numeric[], $6::text[], $7::text[]) AS t(s, d, k, r, f, n, u)
         ON CONFLICT ("symbol", "ex_date") DO NOTHING
         RETURNING 1)
       SELECT count(*)::int AS n FROM added`,
      [...columns(actions), source],
    );
    return rows[0]!.n;
  }

  /**
   * Writes actions NSE announced (source 'nse'), each day's outcome by `SYMBOL|YYYY-MM-DD`: 'written' (added, or replacing
   * the detector's or the provider's guess, or an earlier announced action of the same sort, e.g. a bonus that a split
   * announced later joins), else the source and kind of the action the day keeps. Curated and operators' actions win,
   * and an announced share-count change and an announced price change never replace each other.
   */
  async upsertAnnounced(actions: readonly NewAction[]): Promise<Map<string, 'written' | { source: ActionSource; kind: ActionKind }>> {
    if (!actions.length) return new Map();
    const shares = `(${[...SHARE_KINDS].map((kind) => `'${kind}'`).join(', ')})`;
    const rows: Array<{ key: string; written: boolean; source: ActionSource | null; kind: ActionKind | null }> = await this.repo.query(
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::date[], $3::text[], $4::numeric[], $5::numeric[], $6::text[], $7::text[]) AS t(s, d, k, r, f, n, u)),
       written AS (
         INSERT INTO "market"."corporate_actions" AS c ("symbol", "ex_date", "kind", "ratio", "factor", "note", "source_url", "source")
         SELECT s, d, k, r, f, n, u, 'nse' FROM input
         ON CONFLICT ("symbol", "ex_date") DO UPDATE SET
           "kind" = EXCLUDED."kind", "ratio" = EXCLUDED."ratio", "factor" = EXCLUDED."factor", "note" = EXCLUDED."note",
           "source_url" = EXCLUDED."source_url", "source" = 'nse'
         WHERE (c."source" IN ('detected', 'provider') OR (c."source" = 'nse' AND (c."kind" IN ${shares}) = (EXCLUDED."kind" IN ${shares})))
           AND (c."kind", c."ratio", c."factor", c."note", c."source_url", c."source")
             IS DISTINCT FROM (EXCLUDED."kind", EXCLUDED."ratio", EXCLUDED."factor", EXCLUDED."note", EXCLUDED."source_url", 'nse')
         RETURNING c."symbol", c."ex_date")
       SELECT i.s || '|' || to_char(i.d, 'YYYY-MM-DD') AS key, w."symbol" IS NOT NULL AS written, c."source", c."kind"
       FROM input i
       LEFT JOIN written w ON w."symbol" = i.s AND w."ex_date" = i.d
       LEFT JOIN "market"."corporate_actions" c ON c."symbol" = i.s AND c."ex_date" = i.d`,
      columns(actions),
    );
    // The statement sees the table as it was before its insert: a day it wrote shows the action it replaced, or none.
    return new Map(rows.map((row) => [row.key, row.written || !row.source || !row.kind ? 'written' : { source: row.source, kind: row.kind }]));
  }

  /**
   * Writes the curated actions (source 'dataset'): new days are added, and a day stored earlier from the dataset, by
   * the detector or from NSE's announcements is replaced when the curated entry differs (a corrected kind, a demerger
   * the detector took for a bonus). Operators' and the provider's actions are left as they are. Re-writing the same list changes nothing.
   */
  async upsertCurated(actions: readonly NewAction[]): Promise<{ added: number; updated: number }> {
    if (!actions.length) return { added: 0, updated: 0 };
    const rows: Array<{ added: number; updated: number }> = await this.repo.query(
      `WITH written AS (
         INSERT INTO "market"."corporate_actions" AS c ("symbol", "ex_date", "kind", "ratio", "factor", "note", "source_url", "source")
         SELECT s, d, k, r, f, n, u, 'dataset' FROM unnest($1::text[], $2::date[], $3::text[], $4::numeric[], $5::numeric[], $6::text[], $7::text[]) AS t(s, d, k, r, f, n, u)
         ON CONFLICT ("symbol", "ex_date") DO UPDATE SET
           "kind" = EXCLUDED."kind", "ratio" = EXCLUDED."ratio", "factor" = EXCLUDED."factor", "note" = EXCLUDED."note",
           "source_url" = EXCLUDED."source_url", "source" = 'dataset'
         WHERE c."source" IN ('dataset', 'detected', 'nse')
           AND (c."kind", c."ratio", c."factor", c."note", c."source_url", c."source")
             IS DISTINCT FROM (EXCLUDED."kind", EXCLUDED."ratio", EXCLUDED."factor", EXCLUDED."note", EXCLUDED."source_url", 'dataset')
         RETURNING (xmax = 0) AS inserted)
       SELECT count(*) FILTER (WHERE inserted)::int AS added, count(*) FILTER (WHERE NOT inserted)::int AS updated FROM written`,
      columns(actions),
    );
    return rows[0]!;
  }
}
