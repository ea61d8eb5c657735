import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { isPremiumAlertKind, QUEUES } from '@nivesh/proto';
import { QueueProducer, SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { MarketDataClient } from '../portfolio/market-data.client';
import { type DailyClose, evaluateAlerts, HISTORY_BARS, loadTradingSignals, newAlertState } from './rules';
import { AlertsRepository, type PendingMail, type StoredAlert } from './alerts.repository';
import { PremiumClient } from './premium.client';

/** Symbols whose closes are fetched at once. */
const FETCH_CONCURRENCY = 4;
/** Notifications read per round when queueing e-mails. */
const MAIL_PAGE = 5_000;
/** Alerts one e-mail lists at most (AlertEmailJobSchema's maximum). */
const ALERTS_PER_MAIL = 200;

export type EvaluationReport = {
  alerts: number;
  symbols: number;
  /** Alerts that had a new trading day, and the notifications stored (a re-run stores none). */
  evaluated: number;
  fired: number;
  stored: number;
  paused: number;
  resumed: number;
  mails: number;
  ms: number;
};

/** The closes an evaluation needs: HISTORY_BARS up to the earliest day its alerts have seen, then every bar after. */
export const windowFor = (closes: readonly DailyClose[], alerts: readonly StoredAlert[]): DailyClose[] => {
  const seen = alerts.map((alert) => alert.state.last_evaluated_date);
  if (seen.includes(null)) return [...closes];
  const earliest = (seen as string[]).reduce((min, date) => (date < min ? date : min));
  let end = closes.length;
  while (end > 0 && closes[end - 1]!.date > earliest) end -= 1;
  return closes.slice(Math.max(0, end - HISTORY_BARS));
};

/**
 * Evaluates every alert on the stored closes (adjusted for corporate actions, from the market service), writes
 * their states and notifications in one database transaction, then queues the e-mails. Run by the `portfolio-alerts`
 * job after every market import (and on a schedule as a safety net); an evaluation with no new trading day changes
 * nothing, so running it again is harmless. RSI alerts run only for accounts premium now: the others are paused, and
 * start afresh from the latest close when premium returns.
 */
@Injectable()
export class AlertsEvaluator implements OnApplicationShutdown {
  private readonly logger = new Logger(AlertsEvaluator.name);
  private mail?: QueueProducer<typeof QUEUES.otpEmail>;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly alerts: AlertsRepository,
    private readonly market: MarketDataClient,
    private readonly premium: PremiumClient,
  ) {}

  evaluate(): Promise<EvaluationReport> {
    return this.alerts.exclusive(() => this.run());
  }

  private async run(): Promise<EvaluationReport> {
    const started = performance.now();
    const all = await this.alerts.all();
    const { pause, resume } = await this.premiumChanges(all);
    const paused = new Set(pause);
    const resumed = new Set(resume.map((alert) => alert.id));
    const live = all.filter((alert) => !paused.has(alert.id) && !resumed.has(alert.id) && !alert.paused);

    const bySymbol = new Map<string, StoredAlert[]>();
    for (const alert of [...live, ...resume]) {
      const list = bySymbol.get(alert.symbol);
      if (list) list.push(alert);
      else bySymbol.set(alert.symbol, [alert]);
    }
    const marketDays = new Map<string, DailyClose[]>();
    const symbols = [...bySymbol.keys()];
    for (let i = 0; i < symbols.length; i += FETCH_CONCURRENCY) {
      await Promise.all(
        symbols.slice(i, i + FETCH_CONCURRENCY).map(async (symbol) => {
          try {
            marketDays.set(symbol, windowFor(await this.market.adjustedCloses(symbol, 'max'), bySymbol.get(symbol)!));
          } catch (error) {
            // A symbol the market no longer answers for: its alerts wait for the next evaluation.
            this.logger.warn(`alerts on ${symbol} not evaluated: ${error instanceof Error ? error.message : String(error)}`);
          }
        }),
      );
    }

    await this.alerts.setPaused(
      pause,
      resume.map((alert) => ({ id: alert.id, state: newAlertState(alert.kind, marketDays.get(alert.symbol)?.at(-1)?.date ?? null) })),
    );
    const { events, states } = evaluateAlerts(live, marketDays, await loadTradingSignals());
    const stored = await this.alerts.applyEvaluation(states, events);
    const mails = await this.queueMails();
    const report = {
      alerts: all.length,
      symbols: marketDays.size,
      evaluated: states.length,
      fired: events.length,
      stored,
      paused: pause.length,
      resumed: resume.length,
      mails,
      ms: Math.round(performance.now() - started),
    };
    if (report.evaluated || report.paused || report.resumed) this.logger.log(`alerts evaluated: ${JSON.stringify(report)}`);
    return report;
  }

  /** RSI alerts to pause (the account is not premium now) and to resume (premium again); none when premium is silent. */
  private async premiumChanges(all: readonly StoredAlert[]): Promise<{ pause: string[]; resume: StoredAlert[] }> {
    const indicator = all.filter((alert) => isPremiumAlertKind(alert.kind));
    if (!indicator.length) return { pause: [], resume: [] };
    const premium = await this.premium.premiumOf([...new Set(indicator.map((alert) => alert.user_id))]);
    if (!premium) return { pause: [], resume: [] };
    return {
      pause: indicator.filter((alert) => !alert.paused && !premium.has(alert.user_id)).map((alert) => alert.id),
      resume: indicator.filter((alert) => alert.paused && premium.has(alert.user_id)),
    };
  }

  /**
   * Queues one e-mail per user for the notifications not yet mailed (auth's mail worker sends them to the account's
   * address), then marks them mailed. A crash in between queues them again on the next evaluation under the same job
   * id, which BullMQ does not add twice while the first is still queued.
   */
  private async queueMails(): Promise<number> {
    this.mail ??= new QueueProducer(QUEUES.otpEmail, { redisUrl: this.config.REDIS_URL, prefix: this.config.REDIS_PREFIX });
    let queued = 0;
    for (;;) {
      const pending = await this.alerts.pendingMails(MAIL_PAGE);
      if (!pending.length) return queued;
      const byUser = new Map<string, PendingMail[]>();
      for (const entry of pending) {
        const list = byUser.get(entry.user_id);
        if (list) list.push(entry);
        else byUser.set(entry.user_id, [entry]);
      }
      for (const [userId, entries] of byUser) {
        for (let i = 0; i < entries.length; i += ALERTS_PER_MAIL) {
          const part = entries.slice(i, i + ALERTS_PER_MAIL);
          await this.mail.add(
            'send-alerts',
            { user_id: userId, alerts: part.map(({ symbol, date, message }) => ({ symbol, date, message })) },
            { jobId: `alert-mail-${part[0]!.id}` },
          );
          queued += 1;
        }
      }
      await this.alerts.markEmailed(pending.map((entry) => entry.id));
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.mail?.close();
  }
}
