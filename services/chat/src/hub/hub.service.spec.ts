import { DomainError, HUB_AGENTS, type HubAgentName, type HubAgentResult, type HubReport, MARKET } from '@nivesh/proto';
import type { Config } from '../config';
import type { HubRepository, Run } from './hub.repository';
import type { HubRpc } from './hub.rpc';
import { HubService, RUN_ENDED } from './hub.service';
import { CALLER, fixtureAnswers, stubRpc } from './testing/fixtures';
import { ENGINE_NOTES } from './texts';

/** The repository's behaviour in memory: what Redis keeps for reports and runs. */
class MemoryRepository {
  readonly reports = new Map<string, HubReport>();
  readonly runs = new Map<string, { run: Run; agents: Partial<Record<HubAgentName, HubAgentResult>> }>();
  async report(symbol: string, version: string) {
    return this.reports.get(`${symbol}:${version}`) ?? null;
  }
  async saveReport(report: HubReport) {
    this.reports.set(`${report.symbol}:${report.data_version}`, report);
  }
  async openRun(runId: string, run: Run) {
    this.runs.set(runId, { run, agents: {} });
  }
  async run(runId: string) {
    return this.runs.get(runId)?.run ?? null;
  }
  async agentResult(runId: string, agent: HubAgentName) {
    return this.runs.get(runId)?.agents[agent] ?? null;
  }
  async agentResults(runId: string) {
    return { ...this.runs.get(runId)?.agents };
  }
  async saveAgentResult(runId: string, result: HubAgentResult) {
    const agents = this.runs.get(runId)!.agents;
    agents[result.agent] ??= result;
    return agents[result.agent]!;
  }
}

const setUp = (answers = fixtureAnswers(), config: Partial<Config> = {}) => {
  const rpc = stubRpc(answers);
  const repository = new MemoryRepository();
  const service = new HubService({ call: rpc.call } as unknown as HubRpc, repository as unknown as HubRepository, config as Config);
  return { rpc, repository, service };
};

const agentCalls = (rpc: ReturnType<typeof stubRpc>) => rpc.calls.filter((call) => call.pattern !== MARKET.quote.pattern && call.pattern !== MARKET.version.pattern).length;

describe('HubService', () => {
  it('starts a run for a known stock, and refuses an unknown one with a sentence', async () => {
    const { service, repository } = setUp();
    const run = await service.start('RELIANCE');
    expect(run).toMatchObject({ symbol: 'RELIANCE', company: 'Reliance Industries Ltd.', agents: [...HUB_AGENTS], report: null, run_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(repository.runs.get(run.run_id!)?.run).toMatchObject({ symbol: 'RELIANCE', as_of: '2024-03-28', data_version: '7' });
    await expect(service.start('NOSUCHCO')).rejects.toEqual(new DomainError('not_found', 'Nivesh has no prices for NOSUCHCO. Check the NSE symbol and try again.'));
  });

  it('reports from the results the run’s agents found, asking no agent twice', async () => {
    const { service, rpc } = setUp();
    const { run_id } = await service.start('RELIANCE');
    const results = await Promise.all(HUB_AGENTS.map((agent) => service.agent('RELIANCE', agent, run_id!, CALLER)));
    const reads = agentCalls(rpc);
    expect(await service.agent('RELIANCE', 'technical', run_id!, CALLER)).toBe(results[0]);
    const report = await service.report('RELIANCE', CALLER, run_id!);
    expect(agentCalls(rpc)).toBe(reads);
    expect(report.agents).toEqual(results);
    expect(report).toMatchObject({ symbol: 'RELIANCE', as_of: '2024-03-28', data_version: '7', cached: false, engine: 'templates', engine_note: ENGINE_NOTES.templates });
  });

  it('keeps a report per stock and data version, and answers it again without running an agent', async () => {
    const { service, rpc } = setUp();
    const first = await service.report('RELIANCE', CALLER);
    const reads = agentCalls(rpc);
    const again = await service.report('RELIANCE', CALLER);
    expect(again).toEqual({ ...first, cached: true });
    expect(agentCalls(rpc)).toBe(reads);
    const started = await service.start('RELIANCE');
    expect(started).toMatchObject({ run_id: null, report: { ...first, cached: true } });
  });

  it('does not keep a report with a failed or late agent, so the next one tries again', async () => {
    const answers = {
      ...fixtureAnswers(),
      [MARKET.risk.pattern]: () => {
        throw new DomainError('service_unavailable', 'The market service is unavailable. Please try again shortly.');
      },
    };
    const { service, repository } = setUp(answers);
    const report = await service.report('RELIANCE', CALLER);
    expect(report.agents.find((result) => result.agent === 'risk')?.status).toBe('failed');
    expect(repository.reports.size).toBe(0);
  });

  it('refuses an agent of a run that has ended or is of another stock', async () => {
    const { service } = setUp();
    const { run_id } = await service.start('RELIANCE');
    await expect(service.agent('INFY', 'risk', run_id!, CALLER)).rejects.toEqual(new DomainError('not_found', RUN_ENDED));
    await expect(service.agent('RELIANCE', 'risk', '00000000-0000-4000-8000-000000000000', CALLER)).rejects.toEqual(new DomainError('not_found', RUN_ENDED));
  });

  it('says when a language model is configured that reports are still written by templates', async () => {
    const { service } = setUp(fixtureAnswers(), { LLM_BASE_URL: 'http://127.0.0.1:9/v1' });
    expect((await service.report('RELIANCE', CALLER)).engine_note).toBe(ENGINE_NOTES.templatesWithModel);
  });
});
