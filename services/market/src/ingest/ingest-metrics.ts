import { Injectable, type OnModuleInit } from '@nestjs/common';
import { NSE_CALENDAR, processMetrics } from '@nivesh/platform';
import { Counter, Gauge } from 'prom-client';
import { DailyBarsRepository } from '../bars/daily-bars.repository';

/** The latest trading day with stored bars, as this process last read it (null before any). */
let latest: string | null = null;

const latestDay = new Gauge({
  name: 'market_latest_trading_day_timestamp_seconds',
  help: 'The latest trading day with stored bars, as the Unix time of its midnight UTC.',
  registers: [processMetrics],
  collect() {
    if (latest) this.set(Date.parse(`${latest}T00:00:00Z`) / 1000);
  },
});

new Gauge({
  name: 'market_data_lag_sessions',
  help: 'Trading sessions between the latest stored day and the last completed NSE session (0 when current).',
  registers: [processMetrics],
  // Computed at each scrape, so the lag grows while nothing arrives.
  collect() {
    if (latest) this.set(Math.max(0, NSE_CALENDAR.countBetween(latest, NSE_CALENDAR.lastCompletedSession(new Date()))));
  },
});

const failures = new Counter({
  name: 'market_ingest_failures_total',
  help: 'Days the daily pipeline could not store: refused (a file failed a check) or failed (NSE or the provider unreachable).',
  labelNames: ['status'] as const,
  registers: [processMetrics],
});

/**
 * The daily pipeline's Prometheus series: the latest stored trading day, how many sessions it is behind the last
 * completed one, and failed or refused days. The Grafana dashboard plots them and `infra/prometheus/alerts.yml` fires
 * when the data is more than one session stale.
 */
@Injectable()
export class IngestMetrics implements OnModuleInit {
  constructor(private readonly bars: DailyBarsRepository) {}

  async onModuleInit(): Promise<void> {
    await this.refresh().catch(() => undefined);
  }

  /** Reads the latest stored day again (after a run, and at start). */
  async refresh(): Promise<void> {
    latest = await this.bars.latestDate();
    if (latest) latestDay.set(Date.parse(`${latest}T00:00:00Z`) / 1000);
  }

  failed(status: 'failed' | 'refused'): void {
    failures.labels(status).inc();
  }
}
