import { Inject, Injectable } from '@nestjs/common';
import { type HubAgentName, type HubAgentResult, HubAgentResultSchema, type HubReport, HubReportSchema } from '@nivesh/proto';
import { REDIS, SERVICE_CONFIG } from '@nivesh/platform';
import type Redis from 'ioredis';
import { z } from 'zod';
import type { Config } from '../config';

/** A report is kept for its stock and market data version, and an hour at most: press news arrives between imports. */
export const REPORT_TTL_SECONDS = 3_600;
/** A run lives long enough for its agents and its report to be asked for, across instances. */
export const RUN_TTL_SECONDS = 120;

/** What a run's agents and its report need to know of it, whichever instance serves them. */
export const RunSchema = z.object({ symbol: z.string(), company: z.string(), as_of: z.string(), data_version: z.string(), started_at: z.number() });
export type Run = z.infer<typeof RunSchema>;

const parseOr = <T>(schema: z.ZodType<T>, text: string | null | undefined): T | null => {
  if (!text) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    // A value written by an older build that no longer parses is treated as missing.
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/**
 * The Hub's state in Redis: reports by stock and data version, and each run's facts and agent results (a hash per
 * run, so the instance that answers the report call finds what other instances' agents found).
 */
@Injectable()
export class HubRepository {
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(SERVICE_CONFIG) config: Config,
  ) {
    this.prefix = `${config.REDIS_PREFIX}:hub`;
  }

  private reportKey(symbol: string, version: string) {
    return `${this.prefix}:report:${symbol}:${version}`;
  }

  private runKey(runId: string) {
    return `${this.prefix}:run:${runId}`;
  }

  async report(symbol: string, version: string): Promise<HubReport | null> {
    return parseOr(HubReportSchema, await this.redis.get(this.reportKey(symbol, version)));
  }

  async saveReport(report: HubReport): Promise<void> {
    await this.redis.set(this.reportKey(report.symbol, report.data_version), JSON.stringify(report), 'EX', REPORT_TTL_SECONDS);
  }

  async openRun(runId: string, run: Run): Promise<void> {
    await this.redis.multi().hset(this.runKey(runId), 'run', JSON.stringify(run)).expire(this.runKey(runId), RUN_TTL_SECONDS).exec();
  }

  async run(runId: string): Promise<Run | null> {
    return parseOr(RunSchema, await this.redis.hget(this.runKey(runId), 'run'));
  }

  async agentResult(runId: string, agent: HubAgentName): Promise<HubAgentResult | null> {
    return parseOr(HubAgentResultSchema, await this.redis.hget(this.runKey(runId), `agent:${agent}`));
  }

  async agentResults(runId: string): Promise<Partial<Record<HubAgentName, HubAgentResult>>> {
    const fields = await this.redis.hgetall(this.runKey(runId));
    const results: Partial<Record<HubAgentName, HubAgentResult>> = {};
    for (const [field, text] of Object.entries(fields)) {
      if (!field.startsWith('agent:')) continue;
      const result = parseOr(HubAgentResultSchema, text);
      if (result) results[result.agent] = result;
    }
    return results;
  }

  /** Keeps the first result of an agent in a run: when two instances ran it, both answer with the one kept. */
  async saveAgentResult(runId: string, result: HubAgentResult): Promise<HubAgentResult> {
    const key = this.runKey(runId);
    const field = `agent:${result.agent}`;
    const [[, created], [, stored]] = (await this.redis.multi().hsetnx(key, field, JSON.stringify(result)).hget(key, field).exec()) as [[null, number], [null, string | null]];
    return created === 1 ? result : (parseOr(HubAgentResultSchema, stored) ?? result);
  }
}
