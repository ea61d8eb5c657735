import type { EntityManager } from 'typeorm';
import type { BarRow } from '../data/csv';

export type SymbolBar = BarRow & { symbol: string };
export type NewAction = { symbol: string; ex_date: string; ratio: number };
export type ActionSource = 'dataset' | 'detected' | 'provider';

/** Splits are large face-value changes; small ratios are bonus issues (a heuristic: the data holds only prices). */
export const actionKind = (ratio: number): 'split' | 'bonus' => (ratio >= 5 ? 'split' : 'bonus');

const CHUNK = 5_000;

/**
 * Serialises the bhavcopy and provider imports of every process (market instances, job workers, the CLI)
 * for the rest of the transaction, so two imports never interleave their reads and writes.
 */
export const lockImports = async (manager: EntityManager): Promise<void> => {
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('nivesh:market-import'))`);
};

/** The curated universe: every symbol of `market.symbols`, and the symbol holding each ISIN (to follow renames). */
export const loadUniverse = async (manager: EntityManager): Promise<{ symbols: Set<string>; byIsin: Map<string, string> }> => {
  const rows: Array<{ symbol: string; isin: string | null }> = await manager.query(`SELECT "symbol", "isin" FROM "market"."symbols"`);
  return {
    symbols: new Set(rows.map((row) => row.symbol)),
    byIsin: new Map(rows.filter((row) => row.isin).map((row) => [row.isin!, row.symbol])),
  };
};

/** Inserts bars that are not stored yet (stored ones win); the number added. */
export const insertBars = async (manager: EntityManager, bars: readonly SymbolBar[]): Promise<number> => {
  let added = 0;
  for (let start = 0; start < bars.length; start += CHUNK) {
    const chunk = bars.slice(start, start + CHUNK);
    const rows: Array<{ n: number }> = await manager.query(
      `WITH added AS (
         INSERT INTO "market"."daily_bars" ("symbol", "date", "open", "high", "low", "close", "volume")
         SELECT * FROM unnest($1::text[], $2::date[], $3::numeric[], $4::numeric[], $5::numeric[], $6::numeric[], $7::bigint[])
         ON CONFLICT ("symbol", "date") DO NOTHING
         RETURNING 1)
       SELECT count(*)::int AS n FROM added`,
      [
        chunk.map((b) => b.symbol),
        chunk.map((b) => b.date),
        chunk.map((b) => String(b.open)),
        chunk.map((b) => String(b.high)),
        chunk.map((b) => String(b.low)),
        chunk.map((b) => String(b.close)),
        chunk.map((b) => (b.volume === null ? null : String(b.volume))),
      ],
    );
    added += rows[0]!.n;
  }
  return added;
};

/** Inserts splits/bonus issues on days that hold none yet; the number added. */
export const insertActions = async (manager: EntityManager, actions: readonly NewAction[], source: ActionSource): Promise<number> => {
  if (!actions.length) return 0;
  const rows: Array<{ n: number }> = await manager.query(
    `WITH added AS (
       INSERT INTO "market"."corporate_actions" ("symbol", "ex_date", "kind", "ratio", "source")
       SELECT s, d, k, r, $5 FROM unnest($1::text[], $2::date[], $3::text[], $4::numeric[]) AS t(s, d, k, r)
       ON CONFLICT ("symbol", "ex_date") DO NOTHING
       RETURNING 1)
     SELECT count(*)::int AS n FROM added`,
    [actions.map((a) => a.symbol), actions.map((a) => a.ex_date), actions.map((a) => actionKind(a.ratio)), actions.map((a) => String(a.ratio)), source],
  );
  return rows[0]!.n;
};

/** Widens each symbol's first/last date to cover the given bars. */
export const extendSymbolDates = async (manager: EntityManager, bars: readonly SymbolBar[]): Promise<void> => {
  const range = new Map<string, { min: string; max: string }>();
  for (const bar of bars) {
    const seen = range.get(bar.symbol);
    if (!seen) range.set(bar.symbol, { min: bar.date, max: bar.date });
    else {
      if (bar.date < seen.min) seen.min = bar.date;
      if (bar.date > seen.max) seen.max = bar.date;
    }
  }
  if (!range.size) return;
  await manager.query(
    `UPDATE "market"."symbols" AS s
     SET "first_date" = LEAST(s."first_date", t.min_d), "last_date" = GREATEST(s."last_date", t.max_d)
     FROM unnest($1::text[], $2::date[], $3::date[]) AS t(sym, min_d, max_d)
     WHERE s."symbol" = t.sym AND (s."first_date" > t.min_d OR s."last_date" < t.max_d)`,
    [[...range.keys()], [...range.values()].map((r) => r.min), [...range.values()].map((r) => r.max)],
  );
};

/** Whole days from `a` to `b` (ISO dates). */
export const daysBetween = (a: string, b: string): number => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/** The ISO date `days` after `date`. */
export const addDays = (date: string, days: number): string => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
