import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MARKET, type MarketFreshness, type MarketIngestRuns } from '@nivesh/proto';
import { SERVICE_CONFIG } from '@nivesh/platform';
import { DataSource } from 'typeorm';
import type { Config } from '../config';
import { freshness } from './freshness';
import { IngestRunsRepository } from './ingest-runs.repository';
import { MarketClock } from './market-clock';

/** GET /api/market/freshness (computed at each request: it moves with the clock), and the admin page's last runs. */
@Controller()
export class IngestHandler {
  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: Config,
    private readonly dataSource: DataSource,
    private readonly runs: IngestRunsRepository,
    private readonly clock: MarketClock,
  ) {}

  @MessagePattern(MARKET.freshness.pattern)
  async freshness(): Promise<MarketFreshness> {
    // The latest day and whether any of its bars is the provider's stand-in (one index probe on the date).
    const rows: Array<{ day: string; provider: boolean }> = await this.dataSource.query(
      `SELECT to_char("date", 'YYYY-MM-DD') AS day, bool_or("source" = 'provider') AS provider FROM "market"."daily_bars"
        WHERE "date" = (SELECT max("date") FROM "market"."daily_bars") GROUP BY "date"`,
    );
    const latest = rows[0];
    return freshness({
      now: this.clock.now(),
      asOf: latest?.day ?? null,
      asOfSource: latest ? (latest.provider ? 'provider' : 'nse') : null,
      live: this.config.MARKET_DAILY,
      deadline: this.config.NSE_PUBLISH_DEADLINE,
    });
  }

  @MessagePattern(MARKET.ingestRuns.pattern)
  async ingestRuns(@Payload() payload: { limit?: number }): Promise<MarketIngestRuns> {
    const runs = await this.runs.latest(payload.limit ?? 30);
    return { runs: runs.map(({ id: _id, started_at, ...run }) => ({ ...run, started_at: started_at.toISOString() })) };
  }
}
