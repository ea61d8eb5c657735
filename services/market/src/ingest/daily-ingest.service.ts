import { INDEX_SYMBOL } from '@nivesh/proto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@nivesh/platform';
import { DataSource } from 'typeorm';
import type { Config } from '../config';
import { NOT_CLASSIFIED } from '../common/market-constants';
import { type Admission, BhavcopyImporter } from '../import/bhavcopy-importer';
import { ProviderImporter } from '../import/provider-importer';
import { applyDueAnnouncements, storeAnnouncements } from '../import/apply-announcements';
import { ARCHIVE_PATHS, indexCloseName, udiffBhavcopyName, WEB_PATHS } from '../nse/archive-paths';
import { AnnouncementRowsSchema } from '../nse/corporate-actions/announcements';
import { parseIndexMembers } from '../nse/index-members';
import { checkDayFiles, type IngestCheck, ROW_BAND } from '../nse/checks';
import { type Fetched, NseClient } from '../nse/nse-client';
import { DailyBarsRepository } from '../bars/daily-bars.repository';
import { MarketCache } from '../cache/market-cache';
import { MarketTransactions } from '../transactions/market-transactions.repository';
import { SymbolsRepository } from '../symbols/symbols.repository';
import { type BackfillPlan, indiaTime, planBackfill } from './backfill-plan';
import type { IngestStatus, IngestTrigger } from './ingest-run.entity';
import { IngestRunsRepository, type NewIngestRun } from './ingest-runs.repository';
import { IngestMetrics } from './ingest-metrics';

/** What one day of a run came to. */
export type DayOutcome = { day: string; source: 'nse' | 'provider'; status: IngestStatus; new_bars: number; reason: string | null };

/** What the run made of NSE's corporate-actions feed (null when there was no day to fetch, so it was not asked). */
export type AnnouncementsOutcome = { rows: number; added: number; actions: number } | { error: string } | null;

/** New stocks whose history the provider was asked for in this run. */
export type HistoryOutcome = { asked: number; done: number; failed: number; new_bars: number };

export type DailyRunResult = {
  target: string;
  plan: BackfillPlan;
  announcements: AnnouncementsOutcome;
  days: DayOutcome[];
  history: HistoryOutcome;
  requests: number;
  ms: number;
};

/** A new stock's history is asked of the provider at most this many times before it is left to an operator. */
const HISTORY_ATTEMPTS = 5;

/** How far back a new stock's history is asked for (the dataset's first year). */
const HISTORY_FROM = '2000-01-01';

/** The corporate-actions feed is asked for announcements with ex-dates from this many days back to this many ahead. */
const ANNOUNCEMENTS_WINDOW = { backDays: 30, aheadDays: 90 } as const;

type FoundFile = Extract<Fetched, { found: true }>;

/** NSE answered 404 for a file of the day: not published yet (or, long after the day, never). */
class NotPublished extends Error {}

/**
 * The daily pipeline: each run plans the trading days still missing (the trading calendar decides what a session is),
 * fetches each day's UDiFF bhavcopy and index file from NSE's archive, checks them, and imports them through the
 * bhavcopy importer in one transaction that also records the run. A day NSE has not published stops the run as
 * `waiting`, unless the deadline has passed: then the provider's bars stand in for it (marked 'provider') until NSE's file
 * arrives and replaces them. A refused or unreachable file is recorded with its reason and the run stops, so days are
 * always stored in order. Every outcome is a row of `market.ingest_runs`.
 */
@Injectable()
export class DailyIngestService implements OnApplicationShutdown {
  private readonly logger = new Logger(DailyIngestService.name);
  private client?: NseClient;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly dataSource: DataSource,
    private readonly importer: BhavcopyImporter,
    private readonly provider: ProviderImporter,
    private readonly symbols: SymbolsRepository,
    private readonly bars: DailyBarsRepository,
    private readonly runs: IngestRunsRepository,
    private readonly metrics: IngestMetrics,
    private readonly transactions: MarketTransactions,
    private readonly cache: MarketCache,
  ) {}

  private nse(): NseClient {
    this.client ??= new NseClient({
      archiveUrl: this.config.NSE_ARCHIVE_URL,
      webUrl: this.config.NSE_WEB_URL,
      requestsPerSecond: this.config.NSE_REQUESTS_PER_SECOND,
      timeoutMs: this.config.NSE_TIMEOUT_MS,
      retries: this.config.NSE_RETRIES,
      retryMinMs: this.config.NSE_RETRY_MIN_MS,
    });
    return this.client;
  }

  /** One run at `now`: every missing day in order, as far as NSE (or the deadline) allows. */
  async run({ now = new Date(), trigger = 'schedule' }: { now?: Date; trigger?: IngestTrigger } = {}): Promise<DailyRunResult> {
    const started = performance.now();
    const requestsBefore = this.nse().requests;
    const plan = planBackfill({ now, doneThrough: await this.doneThrough(), archiveFrom: this.config.NSE_ARCHIVE_FROM, maxDays: this.config.MARKET_BACKFILL_DAYS_PER_RUN });
    const days: DayOutcome[] = [];
    // Corporate actions first: a split announced for tonight's day is stored before its bars arrive, so they arrive explained.
    const announcements = plan.nse.length ? await this.announcements(plan.target) : null;
    const admit = plan.nse.length ? await this.admission() : () => null;
    if (plan.provider.length) days.push(...(await this.fromProvider(plan.provider, trigger, 'older than NSE’s archive')));
    for (const day of plan.nse) {
      const outcome = await this.day(day, trigger, admit);
      days.push(outcome);
      if (outcome.status !== 'imported' && outcome.status !== 'unchanged') {
        const pastDeadline = now >= indiaTime(day, this.config.NSE_PUBLISH_DEADLINE);
        if (!pastDeadline || outcome.status === 'failed') break;
        // NSE has nothing usable for the day after the deadline: the provider stands in, and later days go on.
        const [fallback] = await this.fromProvider([day], trigger, outcome.reason ?? 'NSE has not published it');
        days.push(fallback!);
        if (fallback!.status === 'failed') break;
      }
    }
    const history = await this.histories(now);
    await this.metrics.refresh();
    const result = { target: plan.target, plan, announcements, days, history, requests: this.nse().requests - requestsBefore, ms: Math.round(performance.now() - started) };
    if (days.length) this.logger.log(`daily data: ${days.map((d) => `${d.day} ${d.source} ${d.status}`).join(', ')} in ${result.ms} ms`);
    return result;
  }

  /**
   * The latest day whose bars are final: the latest stored from NSE, or from the provider where NSE's archive does not
   * reach (a provider day inside the archive's range is tried at NSE again by every run until NSE's file replaces it).
   */
  async doneThrough(): Promise<string | null> {
    const rows: Array<{ day: string | null }> = await this.dataSource.query(
      `SELECT to_char(max("date"), 'YYYY-MM-DD') AS day FROM "market"."daily_bars" WHERE "source" = 'nse' OR "date" < $1`,
      [this.config.NSE_ARCHIVE_FROM],
    );
    return rows[0]?.day ?? null;
  }

  /** Fetches, checks and imports one day from NSE; records the run whatever happens. */
  private async day(day: string, trigger: IngestTrigger, admit: Admission): Promise<DayOutcome> {
    const startedAt = new Date();
    const started = performance.now();
    const base = { trading_day: day, source: 'nse' as const, trigger, started_at: startedAt };
    const finish = async (status: IngestStatus, fields: Partial<NewIngestRun>): Promise<DayOutcome> => {
      const run = { ...base, status, rows: 0, new_bars: 0, checks: [], error: null, ...fields, duration_ms: Math.round(performance.now() - started) };
      await this.runs.record(run);
      if (status === 'failed' || status === 'refused') this.metrics.failed(status);
      return { day, source: 'nse', status, new_bars: run.new_bars, reason: run.error };
    };

    let bhavcopy: FoundFile;
    let index: FoundFile;
    try {
      bhavcopy = await this.fetch(ARCHIVE_PATHS.udiffBhavcopy(day));
      index = await this.fetch(ARCHIVE_PATHS.indexClose(day));
    } catch (error) {
      if (error instanceof NotPublished) return finish('waiting', { error: error.message });
      return finish('failed', { error: (error as Error).message });
    }

    const checked = checkDayFiles({
      day,
      bhavcopy: { name: udiffBhavcopyName(day), bytes: bhavcopy.body },
      index: { name: indexCloseName(day), bytes: index.body },
      recentRowCounts: await this.runs.recentRowCounts(day, ROW_BAND.days),
      previousNiftyClose: await this.previousClose(INDEX_SYMBOL, day),
    });
    if (!checked.ok) return finish('refused', { checks: checked.checks, error: checked.reason });

    try {
      const result = await this.importer.importParsed(checked.files, {
        admit,
        within: async (tables, written) => {
          // Announced actions due by this day: share-count changes already stored, price-only ones priced from its open.
          const applied = await applyDueAnnouncements(tables, day);
          written.new_actions += applied.actions;
          const checks: IngestCheck[] = [...checked.checks];
          if (applied.applied || applied.refused) {
            checks.push({ name: 'corporate_actions', ok: applied.refused === 0, detail: `${plural(applied.applied, 'announced action')} applied${applied.refused ? `, ${applied.refused} left for an operator (no factor between 0 and 1)` : ''}` });
          }
          await IngestRunsRepository.on(tables.manager).record({
            ...base,
            status: written.new_bars > 0 ? 'imported' : 'unchanged',
            rows: checked.eqRows,
            new_bars: written.new_bars,
            checks,
            error: null,
            duration_ms: Math.round(performance.now() - started),
          });
        },
      });
      return { day, source: 'nse', status: result.new_bars > 0 ? 'imported' : 'unchanged', new_bars: result.new_bars, reason: null };
    } catch (error) {
      return finish('failed', { checks: checked.checks, rows: checked.eqRows, error: `the import failed: ${(error as Error).message}` });
    }
  }

  /**
   * Which new stocks of the day's files join the universe (MARKET_UNIVERSE): none, the NIFTY 500's members (NSE's list,
   * read once per run; if it cannot be read, none join tonight and the next run tries again), or every EQ stock.
   */
  private async admission(): Promise<Admission> {
    switch (this.config.MARKET_UNIVERSE) {
      case 'dataset':
        return () => null;
      case 'all':
        return (row) => ({ company: row.company ?? row.symbol, industry: NOT_CLASSIFIED });
      case 'nifty500': {
        try {
          const list = await this.nse().archive(ARCHIVE_PATHS.nifty500List());
          if (!list.found) throw new Error(`NSE answered ${list.status} for the NIFTY 500 list`);
          const members = parseIndexMembers('ind_nifty500list.csv', list.body);
          return (row) => {
            const member = members.get(row.symbol);
            return member ? { company: member.company, industry: member.industry } : null;
          };
        } catch (error) {
          this.logger.warn(`NIFTY 500 list: ${(error as Error).message}; no stock joins the universe in this run`);
          return () => null;
        }
      }
    }
  }

  /**
   * Fetches the history of stocks that joined the universe, oldest listing first, MARKET_HISTORY_PER_RUN per run: the
   * provider's rate limit is shared with everything else, so a large universe fills in over several runs. Until then a
   * stock's pages say how much history it has.
   */
  private async histories(now: Date): Promise<HistoryOutcome> {
    const outcome: HistoryOutcome = { asked: 0, done: 0, failed: 0, new_bars: 0 };
    if (this.config.MARKET_HISTORY_PER_RUN === 0) return outcome;
    const pending: Array<{ symbol: string }> = await this.dataSource.query(
      `SELECT "symbol" FROM "market"."history_backfills" WHERE "status" = 'pending' ORDER BY "listed_on", "symbol" LIMIT $1`,
      [this.config.MARKET_HISTORY_PER_RUN],
    );
    for (const { symbol } of pending) {
      outcome.asked += 1;
      try {
        const result = await this.provider.importSymbols([symbol], HISTORY_FROM, now);
        outcome.done += 1;
        outcome.new_bars += result.new_bars;
        await this.dataSource.query(
          `UPDATE "market"."history_backfills" SET "status" = 'done', "attempts" = "attempts" + 1, "new_bars" = $2, "error" = NULL, "updated_at" = now() WHERE "symbol" = $1`,
          [symbol, result.new_bars],
        );
      } catch (error) {
        outcome.failed += 1;
        await this.dataSource.query(
          `UPDATE "market"."history_backfills" SET "attempts" = "attempts" + 1, "error" = left($2, 2000), "updated_at" = now(),
             "status" = CASE WHEN "attempts" + 1 >= $3 THEN 'failed' ELSE 'pending' END WHERE "symbol" = $1`,
          [symbol, (error as Error).message, HISTORY_ATTEMPTS],
        );
      }
    }
    return outcome;
  }

  /**
   * Stores NSE's corporate-action announcements with ex-dates around `target` (share-count changes become actions at
   * once, ahead of their ex-dates). A failure here does not stop the day's prices: the detector and the operator's
   * review still catch what the feed misses, and the next run asks again.
   */
  private async announcements(target: string): Promise<AnnouncementsOutcome> {
    const from = shiftDays(target, -ANNOUNCEMENTS_WINDOW.backDays);
    const to = shiftDays(target, ANNOUNCEMENTS_WINDOW.aheadDays);
    const path = WEB_PATHS.corporateActions(from, to);
    try {
      const parsed = AnnouncementRowsSchema.safeParse(await this.nse().api(path));
      if (!parsed.success) return { error: `NSE's corporate-actions answer was not the expected list (${parsed.error.issues[0]?.message ?? 'unknown shape'})` };
      const stored = await this.transactions.run((tables) => storeAnnouncements(tables, parsed.data, new URL(path.replace(/^\//, ''), `${this.config.NSE_WEB_URL.replace(/\/$/, '')}/`).toString(), new Date()), { lockImports: true });
      if (stored.actions > 0) await this.cache.bumpVersion();
      return { rows: stored.rows, added: stored.added, actions: stored.actions };
    } catch (error) {
      this.logger.warn(`corporate-actions feed: ${(error as Error).message}`);
      return { error: (error as Error).message };
    }
  }

  /** A found file, or NotPublished for NSE's 404; NseUnavailableError (after retries) passes through. */
  private async fetch(path: string): Promise<FoundFile> {
    const answer = await this.nse().archive(path);
    if (!answer.found) throw new NotPublished(`NSE has not published ${path.split('/').pop()} (it answered ${answer.status})`);
    return answer;
  }

  /** Provider bars for `days` (ascending) for every stored symbol, each day recorded as a run of source 'provider'. */
  private async fromProvider(days: readonly string[], trigger: IngestTrigger, why: string): Promise<DayOutcome[]> {
    const startedAt = new Date();
    const started = performance.now();
    const first = days[0]!;
    const last = days[days.length - 1]!;
    const { symbols } = await this.symbols.universe();
    let status: IngestStatus = 'imported';
    let error: string | null = null;
    let newBars = 0;
    try {
      // "now" just after the last day's session in India: the provider then answers every finished session up to it.
      const result = await this.provider.importSymbols([...symbols], first, indiaTime(nextCalendarDay(last), '00:00'));
      newBars = result.new_bars;
      if (newBars === 0) status = 'unchanged';
    } catch (caught) {
      status = 'failed';
      error = `the provider could not stand in (${why}): ${(caught as Error).message}`;
      this.metrics.failed('failed');
    }
    const duration = Math.round(performance.now() - started);
    for (const day of days) {
      await this.runs.record({ trading_day: day, source: 'provider', status, trigger, rows: 0, new_bars: day === last ? newBars : 0, checks: [], error: error ?? `stood in for NSE: ${why}`, started_at: startedAt, duration_ms: duration });
    }
    return days.map((day) => ({ day, source: 'provider', status, new_bars: day === last ? newBars : 0, reason: error }));
  }

  private async previousClose(symbol: string, day: string): Promise<number | null> {
    const [previous] = await this.bars.before(symbol, day, 1);
    return previous?.close ?? null;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client?.close();
  }
}

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;
const shiftDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const nextCalendarDay = (day: string): string => shiftDays(day, 1);
