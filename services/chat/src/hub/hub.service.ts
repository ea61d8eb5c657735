import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type Caller,
  DomainError,
  HUB_AGENT_DEADLINE_MS,
  HUB_AGENTS,
  type HubAgentName,
  type HubAgentResult,
  type HubReport,
  type HubRun,
  MARKET,
} from '@nivesh/proto';
import { SERVICE_CONFIG } from '@nivesh/platform';
import type { Config } from '../config';
import { HUB_AGENT_SET } from './agents';
import { HubRepository, type Run } from './hub.repository';
import { HubRpc } from './hub.rpc';
import { type RpcCall, runAgent, runAgents } from './orchestrator';
import { composeReport } from './report/compose';
import { applyRail } from './report/rail';
import { ENGINE_NOTES } from './texts';

export const RUN_ENDED = 'This Intelligence Hub run has ended. Please start a new report.';

/** A report can be kept when every agent answered or has no data to answer with; a failed or late one is tried again next time. */
const keepable = (results: readonly HubAgentResult[]) => results.every((result) => result.status === 'ok' || result.status === 'unavailable');

/**
 * The Intelligence Hub beside Warren AI: for one stock, runs six agents side by side over RPC (each within its
 * deadline), composes their findings into one report with templates, passes every text through Warren AI's output rail
 * and keeps the report per stock and market data version.
 *
 * Two ways in. `report` does everything in one call (the JSON route). The event stream instead calls `start` (the kept
 * report, or a run id), then `agent` once per agent, sending each result as it comes, then `report` with the run id,
 * which reuses what the run's agents found (kept in Redis, so any instance can serve any call of the run).
 */
@Injectable()
export class HubService {
  private readonly logger = new Logger(HubService.name);
  private readonly engineNote: string;
  private readonly call: RpcCall;

  constructor(
    rpc: HubRpc,
    private readonly repository: HubRepository,
    @Inject(SERVICE_CONFIG) config: Config,
  ) {
    this.call = (def, payload, options) => rpc.call(def, payload, options);
    this.engineNote = config.LLM_BASE_URL ? ENGINE_NOTES.templatesWithModel : ENGINE_NOTES.templates;
  }

  /** The kept report of the stock's data version, or a new run with the agents to ask; not_found for an unknown stock. */
  async start(symbol: string): Promise<HubRun> {
    const run = await this.newRun(symbol);
    const kept = await this.repository.report(run.symbol, run.data_version).catch(() => null);
    if (kept) return { symbol: run.symbol, company: run.company, run_id: null, agents: [...HUB_AGENTS], report: { ...kept, cached: true } };
    const runId = randomUUID();
    await this.repository.openRun(runId, run);
    return { symbol: run.symbol, company: run.company, run_id: runId, agents: [...HUB_AGENTS], report: null };
  }

  /** One agent of a run; asked twice (a retry, another instance), it answers with the result kept first. */
  async agent(symbol: string, agent: HubAgentName, runId: string, caller: Caller): Promise<HubAgentResult> {
    const run = await this.openRun(runId, symbol);
    const kept = await this.repository.agentResult(runId, agent);
    if (kept) return kept;
    const result = await runAgent(HUB_AGENT_SET[agent], { symbol: run.symbol, company: run.company, caller }, this.call, {
      deadlineMs: HUB_AGENT_DEADLINE_MS,
      runStartedAt: run.started_at,
    });
    return this.repository.saveAgentResult(runId, result);
  }

  /**
   * The report on a stock. With a run id, the run's agents' results are reused and only those missing are run; without
   * one (or once the run has ended), the kept report of the data version is answered, else every agent runs now.
   */
  async report(symbol: string, caller: Caller, runId?: string): Promise<HubReport> {
    let run = runId ? await this.repository.run(runId) : null;
    if (run && run.symbol !== symbol) throw new DomainError('bad_request', RUN_ENDED);
    const found = run && runId ? await this.repository.agentResults(runId) : {};
    if (!run) {
      run = await this.newRun(symbol);
      const kept = await this.repository.report(run.symbol, run.data_version).catch(() => null);
      if (kept) return { ...kept, cached: true };
    }
    const missing = HUB_AGENTS.filter((name) => !found[name]).map((name) => HUB_AGENT_SET[name]);
    const fresh = await runAgents(missing, { symbol: run.symbol, company: run.company, caller }, this.call, { deadlineMs: HUB_AGENT_DEADLINE_MS, runStartedAt: run.started_at });
    const results = HUB_AGENTS.map((name) => found[name] ?? fresh.find((result) => result.agent === name)!);
    const report = applyRail(
      composeReport({
        symbol: run.symbol,
        company: run.company,
        as_of: run.as_of,
        data_version: run.data_version,
        results,
        total_ms: Date.now() - run.started_at,
        agent_deadline_ms: HUB_AGENT_DEADLINE_MS,
        engine_note: this.engineNote,
        generated_at: new Date(),
      }),
    );
    if (keepable(results)) await this.repository.saveReport(report).catch((error: unknown) => this.logger.warn(`report not kept: ${String(error)}`));
    return report;
  }

  private async openRun(runId: string, symbol: string): Promise<Run> {
    const run = await this.repository.run(runId);
    if (!run || run.symbol !== symbol) throw new DomainError('not_found', RUN_ENDED);
    return run;
  }

  /** The stock's name and latest bar, and the data version, read before any agent runs. */
  private async newRun(symbol: string): Promise<Run> {
    const started = Date.now();
    const [quote, version] = await Promise.all([
      this.call(MARKET.quote, { symbol }, { deadlineMs: 3_000 }).catch((error: unknown) => {
        if (error instanceof DomainError && error.code === 'not_found') throw new DomainError('not_found', `Nivesh has no prices for ${symbol}. Check the NSE symbol and try again.`);
        throw error;
      }),
      this.call(MARKET.version, {}, { deadlineMs: 3_000 }),
    ]);
    return { symbol: quote.symbol, company: quote.company, as_of: quote.as_of, data_version: version.version, started_at: started };
  }
}
