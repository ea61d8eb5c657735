import { DomainError, HUB_AGENTS, HubAgentResultSchema, MARKET } from '@nivesh/proto';
import { AgentUnavailableError, HUB_AGENT_SET, type HubAgent } from './agents';
import { runAgent, runAgents } from './orchestrator';
import { CALLER, fixtureAnswers, later, stubRpc } from './testing/fixtures';

const REQUEST = { symbol: 'RELIANCE', company: 'Reliance Industries Ltd.', caller: CALLER };
const ALL = HUB_AGENTS.map((name) => HUB_AGENT_SET[name]);

/** An agent that reads the quote, then does what `then` says. */
const agentThat = (then: () => Promise<void>): HubAgent => ({
  name: 'valuation',
  title: 'Valuation',
  question: 'What does it cost?',
  async run({ symbol }, reader) {
    await reader.read(MARKET.quote, { symbol }, { label: 'Quote', source: `/api/market/quote?symbol=${symbol}`, asOf: (quote) => quote.as_of });
    await then();
    return { lean: 'neutral', reading: 'Fine', headline: 'Fine.', findings: [] };
  },
});

describe('runAgent', () => {
  it('answers with the findings, the inputs it read (with their dates and times) and its timing', async () => {
    const rpc = stubRpc();
    const startedAt = Date.now() - 40;
    const result = await runAgent(HUB_AGENT_SET.technical, REQUEST, rpc.call, { deadlineMs: 1_500, runStartedAt: startedAt });
    expect(HubAgentResultSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({ agent: 'technical', name: 'Technical', status: 'ok', detail: null, lean: 'positive' });
    expect(result.findings.length).toBeGreaterThan(2);
    expect(result.inputs).toEqual([
      { label: 'Technical summary', source: '/api/market/summary?symbol=RELIANCE', as_of: '2024-03-28', ok: true, ms: expect.any(Number) },
      { label: 'Indicators, 1 year', source: '/api/market/indicators?symbol=RELIANCE&range=1y', as_of: '2024-03-28', ok: true, ms: expect.any(Number) },
    ]);
    expect(result.timing.started_ms).toBeGreaterThanOrEqual(40);
    expect(result.timing.deadline_ms).toBe(1_500);
  });

  it('gives each read the time left before the deadline as its RPC deadline', async () => {
    const rpc = stubRpc();
    await runAgent(HUB_AGENT_SET.risk, REQUEST, rpc.call, { deadlineMs: 1_500, runStartedAt: Date.now() });
    expect(rpc.calls).toHaveLength(1);
    expect(rpc.calls[0]!.deadlineMs).toBeGreaterThan(1_400);
    expect(rpc.calls[0]!.deadlineMs).toBeLessThanOrEqual(1_500);
  });

  it('reports an agent that misses its deadline as timed out at the deadline, with the reads it had finished', async () => {
    const slow = agentThat(() => later(5_000, undefined));
    const started = Date.now();
    const result = await runAgent(slow, REQUEST, stubRpc().call, { deadlineMs: 120, runStartedAt: started });
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(115);
    expect(took).toBeLessThan(1_000);
    expect(result).toMatchObject({ status: 'timed_out', lean: null, headline: null, findings: [] });
    expect(result.detail).toBe('The valuation agent did not finish within 0.1 seconds, so this report leaves its part out.');
    expect(result.inputs).toEqual([{ label: 'Quote', source: '/api/market/quote?symbol=RELIANCE', as_of: '2024-03-28', ok: true, ms: expect.any(Number) }]);
  });

  it('marks a read still out at the deadline as not answered', async () => {
    const answers = { ...fixtureAnswers(), [MARKET.risk.pattern]: () => later(5_000, null) };
    const result = await runAgent(HUB_AGENT_SET.risk, REQUEST, stubRpc(answers).call, { deadlineMs: 80, runStartedAt: Date.now() });
    expect(result.status).toBe('timed_out');
    expect(result.inputs).toEqual([{ label: 'Risk figures, 1 year', source: '/api/market/risk?symbol=RELIANCE&range=1y', as_of: null, ok: false, ms: null }]);
  });

  it('reports a failed read as failed, with the service’s own sentence, rather than hiding the agent', async () => {
    const answers = {
      ...fixtureAnswers(),
      [MARKET.risk.pattern]: () => {
        throw new DomainError('service_unavailable', 'The market service is unavailable. Please try again shortly.');
      },
    };
    const result = await runAgent(HUB_AGENT_SET.risk, REQUEST, stubRpc(answers).call, { deadlineMs: 1_500, runStartedAt: Date.now() });
    expect(result).toMatchObject({ status: 'failed', findings: [] });
    expect(result.detail).toBe('The risk agent could not read its data. The market service is unavailable. Please try again shortly.');
    expect(result.inputs[0]).toMatchObject({ ok: false, ms: expect.any(Number) });
  });

  it('never passes on the text of an unexpected error', async () => {
    const broken = agentThat(async () => {
      throw new TypeError("Cannot read properties of undefined (reading 'pe')");
    });
    const result = await runAgent(broken, REQUEST, stubRpc().call, { deadlineMs: 1_500, runStartedAt: Date.now() });
    expect(result).toMatchObject({ status: 'failed', detail: 'The valuation agent could not read its data.' });
  });

  it('reports data that does not exist here as unavailable: no filings, or a feature not built', async () => {
    const missing = await runAgent(HUB_AGENT_SET.valuation, { ...REQUEST, symbol: 'INFY' }, stubRpc().call, { deadlineMs: 1_500, runStartedAt: Date.now() });
    expect(missing).toMatchObject({ status: 'unavailable', detail: 'Nivesh has no prices for INFY.' });
    const unbuilt = await runAgent(agentThat(() => Promise.reject(new AgentUnavailableError('Not here yet.'))), REQUEST, stubRpc().call, { deadlineMs: 1_500, runStartedAt: Date.now() });
    expect(unbuilt).toMatchObject({ status: 'unavailable', detail: 'Not here yet.' });
  });
});

describe('runAgents', () => {
  it('runs the agents side by side: six agents whose reads take 100 ms each finish in far less than six times that', async () => {
    const slowAnswers = Object.fromEntries(Object.entries(fixtureAnswers()).map(([pattern, answer]) => [pattern, async (payload: Record<string, unknown>) => later(100, await answer(payload))]));
    const started = Date.now();
    const results = await runAgents(ALL, REQUEST, stubRpc(slowAnswers).call, { deadlineMs: 1_500, runStartedAt: started });
    expect(Date.now() - started).toBeLessThan(450);
    expect(results.map((result) => result.agent)).toEqual([...HUB_AGENTS]);
    expect(results.map((result) => result.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'unavailable']);
  });

  it('keeps every agent in the answer when one is late: the late one is reported, the others answer in time', async () => {
    const answers = { ...fixtureAnswers(), [MARKET.valuation.pattern]: () => new Promise(() => undefined) };
    const started = Date.now();
    const results = await runAgents(ALL, REQUEST, stubRpc(answers).call, { deadlineMs: 200, runStartedAt: started });
    expect(Date.now() - started).toBeLessThan(600);
    const byAgent = Object.fromEntries(results.map((result) => [result.agent, result.status]));
    expect(byAgent).toEqual({ technical: 'ok', sentiment: 'ok', risk: 'ok', valuation: 'timed_out', forecast: 'ok', news: 'unavailable' });
  });
});
