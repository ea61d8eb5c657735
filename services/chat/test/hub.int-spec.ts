import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  forecastCutoff,
  HUB_AGENT_DEADLINE_MS,
  HUB_AGENTS,
  type HubAgentResult,
  type HubReport,
  MARKET,
  type MarketRisk,
  type MarketSentiment,
  type MarketTechnicalSummary,
  PREDICTION,
  type PredictResponse,
  sessionKey,
  type StockValuation,
} from '@nivesh/proto';
import { parseConfig, RpcClient, startService } from '@nivesh/platform';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { createGatewayApp } from '../../../gateway/src/app';
import { makeWebDist, mintToken, testConfig } from '../../../gateway/test/test-app';
import { ConfigSchema as MarketConfigSchema } from '../../market/src/config';
import { FundamentalsImporter } from '../../market/src/import/fundamentals-importer';
import { type MarketHarness, startMarket } from '../../market/test/support';
import { AppModule as PredictionModule } from '../../prediction/src/app.module';
import { ConfigSchema as PredictionConfigSchema } from '../../prediction/src/config';
import { AppModule } from '../src/app.module';
import { ConfigSchema } from '../src/config';
import { HubRpc } from '../src/hub/hub.rpc';
import { inspectAnswer } from '../src/guard/output-rail';
import { reportTexts } from '../src/hub/report/rail';

const dayMonthYear = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nivesh';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const XBRL = MarketConfigSchema.shape.FUNDAMENTALS_DATA_DIR.parse(process.env.FUNDAMENTALS_DATA_DIR);

type App = Awaited<ReturnType<typeof startService>>['app'];

const agentOf = (report: HubReport, agent: HubAgentResult['agent']) => report.agents.find((result) => result.agent === agent)!;
const figureOf = (result: HubAgentResult, label: string) => result.findings.flatMap((finding) => finding.figures).find((figure) => figure.label === label);

/** The events of an event-stream body, in order. */
const eventsOf = (body: string) =>
  body
    .split('\n\n')
    .filter((block) => block.startsWith('event: '))
    .map((block) => {
      const [eventLine, dataLine] = block.split('\n');
      return { event: eventLine!.slice('event: '.length), data: JSON.parse(dataLine!.slice('data: '.length)) as unknown };
    });

describe('the Intelligence Hub through the gateway (market, prediction, chat and the gateway on real PostgreSQL and Redis)', () => {
  let market: MarketHarness;
  let prediction: App;
  let chat: App;
  let gateway: NestFastifyApplication;
  let http: FastifyInstance;
  let redis: Redis;
  let rpc: RpcClient;
  let token = '';
  let address = 0;

  const get = async <T>(url: string) => {
    address += 1;
    const response = await http.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` }, remoteAddress: `198.51.100.${address}` });
    return { status: response.statusCode, body: response.body, json: () => response.json<T>() };
  };

  beforeAll(async () => {
    const prefix = `hub-${randomBytes(4).toString('hex')}`;
    market = await startMarket({ REDIS_PREFIX: prefix });
    await market.app.get(FundamentalsImporter).importPaths(['RELIANCE', 'INFY'].map((symbol) => path.join(XBRL, symbol)));
    const predictionConfig = parseConfig(PredictionConfigSchema, { DATABASE_URL, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'error', PREDICTION_BACKTEST: 'false' });
    ({ app: prediction } = await startService({ service: 'prediction', module: PredictionModule.register(predictionConfig), config: predictionConfig, handleSignals: false }));
    const chatConfig = parseConfig(ConfigSchema, { DATABASE_URL, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'error', CHAT_RETENTION_JOB: 'false' });
    ({ app: chat } = await startService({ service: 'chat', module: AppModule.register(chatConfig), config: chatConfig, handleSignals: false }));
    gateway = await createGatewayApp(testConfig({ REDIS_PREFIX: prefix, REDIS_URL, DATABASE_URL, WEB_DIST_DIR: makeWebDist() }));
    http = gateway.getHttpAdapter().getInstance() as unknown as FastifyInstance;

    redis = new Redis(REDIS_URL);
    const now = Date.now();
    const session = { user_id: 'u-hub', username: 'asha', is_admin: false, is_premium: false, created_at: new Date(now).toISOString(), expires_at: new Date(now + 3_600_000).toISOString() };
    await redis.set(sessionKey(prefix, 'sid-hub'), JSON.stringify(session), 'EX', 3_600);
    token = await mintToken({ sub: 'u-hub', sid: 'sid-hub' });

    // TrendVision back-tests a stock on its first forecast (seconds); after that a forecast is one stored row, as after
    // the back-test job in production.
    rpc = new RpcClient({ redisUrl: REDIS_URL, prefix });
    for (const ticker of ['RELIANCE', 'INFY']) await rpc.call(PREDICTION.predict, { ticker });
  });

  afterAll(async () => {
    await gateway?.close();
    await chat?.close();
    await prediction?.close();
    await market?.close();
    redis?.disconnect();
    await rpc?.close();
  });

  it('is for logged-in users', async () => {
    const response = await http.inject({ method: 'GET', url: '/api/hub/report?symbol=RELIANCE', remoteAddress: '198.51.100.250' });
    expect(response.statusCode).toBe(401);
  });

  it('reports on RELIANCE with the same numbers and dates as the market and prediction APIs', async () => {
    // The public answers first: computing them cold (the first after an import) can take longer than an agent's
    // 1.5 s on a busy machine; this test is about the numbers, the timeout test below about the deadline.
    const summary = (await get<MarketTechnicalSummary>('/api/market/summary?symbol=RELIANCE')).json();
    const risk = (await get<MarketRisk>('/api/market/risk?symbol=RELIANCE&range=1y')).json();
    const sentiment = (await get<MarketSentiment>('/api/market/sentiment?range=1y')).json();
    const valuation = (await get<StockValuation>('/api/fundamentals/stock?symbol=RELIANCE')).json();
    const forecast: PredictResponse = await rpc.call(PREDICTION.predict, { ticker: 'RELIANCE' });
    expect((await get('/api/news?symbol=RELIANCE')).status).toBe(200);
    const response = await get<HubReport>('/api/hub/report?symbol=RELIANCE');
    expect(response.status).toBe(200);
    const report = response.json();

    expect(report).toMatchObject({ symbol: 'RELIANCE', company: summary.company, as_of: summary.as_of, cached: false, engine: 'templates' });
    expect(report.agents.map((result) => [result.agent, result.status])).toEqual([
      ['technical', 'ok'],
      ['sentiment', 'ok'],
      ['risk', 'ok'],
      ['valuation', 'ok'],
      ['forecast', 'ok'],
      ['news', 'ok'],
    ]);

    const technical = agentOf(report, 'technical');
    expect(figureOf(technical, 'Close')).toEqual({ label: 'Close', value: summary.close, unit: 'inr', date: summary.as_of });
    expect(figureOf(technical, '50-day average')?.value).toBe(summary.trend.figures.sma50);
    expect(technical.reading?.toLowerCase()).toContain(`${summary.momentum.label} momentum`);

    const riskAgent = agentOf(report, 'risk');
    expect(figureOf(riskAgent, 'Annualised volatility')).toEqual({ label: 'Annualised volatility', value: risk.metrics.volatility_annual_pct, unit: 'pct', date: risk.as_of });
    expect(figureOf(riskAgent, 'Maximum drawdown')?.value).toBe(risk.metrics.max_drawdown_pct);
    expect(riskAgent.findings[1]!.text).toContain(`${risk.metrics.max_drawdown_pct.toFixed(2).replace('-', '−')}%`);

    const mood = agentOf(report, 'sentiment');
    expect(figureOf(mood, 'Mood index')).toEqual({ label: 'Mood index', value: sentiment.score, unit: 'score', date: sentiment.as_of });

    const value = agentOf(report, 'valuation');
    expect(figureOf(value, 'P/E')).toEqual({ label: 'P/E', value: valuation.latest.measures.pe.value, unit: 'number', date: valuation.latest.close_date });
    expect(figureOf(value, 'P/E, 5-year median')?.value).toBe(valuation.latest.measures.pe.median_5y);

    const trendVision = agentOf(report, 'forecast');
    expect(figureOf(trendVision, 'Relative MAE at 10 days')?.value).toBe(forecast.accuracy.relative_mae.h10);
    expect(figureOf(trendVision, 'MASE at 10 days')?.value).toBe(forecast.accuracy.mase.h10);
    // The education profile (the default): the forecast was made from prices 30 days old, and the report says what
    // became of it with the prediction answer's own counts.
    expect(trendVision.findings[1]!.text).toContain(`80% band for ${forecast.horizon_days} trading days after it`);
    expect(forecast.illustration).toBeDefined();
    expect(trendVision.findings[2]!.text).toContain(`this one was made on ${dayMonthYear(forecast.as_of)}`);
    expect(figureOf(trendVision, 'Closes inside the 80% band')?.value).toBe(forecast.illustration!.outcome.hits80);

    // Each input names the public address of the same data, with the date that data answered with.
    expect(technical.inputs[0]).toEqual({ label: 'Technical summary', source: '/api/market/summary?symbol=RELIANCE', as_of: summary.as_of, ok: true, ms: expect.any(Number) });
    expect(value.inputs[0]).toMatchObject({ source: '/api/fundamentals/stock?symbol=RELIANCE', as_of: valuation.latest.close_date, ok: true });

    expect(report.compliance.withheld).toBe(0);
    for (const text of reportTexts(report)) expect([text, inspectAnswer(text)]).toEqual([text, null]);
  });

  it('streams INFY’s report as events, each agent as it finishes, and answers the kept report at once the second time', async () => {
    const first = await get('/api/hub/stream?symbol=INFY');
    expect(first.status).toBe(200);
    const events = eventsOf(first.body);
    expect(events.map((event) => event.event)).toEqual([...Array(HUB_AGENTS.length).fill('agent'), 'report']);
    const report = events.at(-1)!.data as HubReport;
    expect(new Set(events.slice(0, -1).map((event) => (event.data as HubAgentResult).agent))).toEqual(new Set(HUB_AGENTS));
    expect(report.agents).toEqual(HUB_AGENTS.map((agent) => events.find((event) => (event.data as HubAgentResult).agent === agent)!.data));
    expect(report.cached).toBe(false);

    const again = eventsOf((await get('/api/hub/stream?symbol=INFY')).body);
    expect((again.at(-1)!.data as HubReport).cached).toBe(true);
    expect((again.at(-1)!.data as HubReport).generated_at).toBe(report.generated_at);
  });

  it('reports the valuation agent as timed out when the market does not answer it in time, keeps the others, and keeps no such report (on ITC, which no other test forecasts)', async () => {
    const seam = chat.get(HubRpc);
    const real = seam.call.bind(seam);
    // The market never answers the valuation call (a stuck query): the seam holds it, every other call is real.
    const spy = jest.spyOn(seam, 'call').mockImplementation((def, payload, options) => (def.pattern === MARKET.valuation.pattern ? new Promise(() => undefined) : real(def, payload, options)));
    const started = Date.now();
    const report = (await get<HubReport>('/api/hub/report?symbol=ITC')).json();
    const took = Date.now() - started;
    spy.mockRestore();

    const valuation = agentOf(report, 'valuation');
    expect(valuation).toMatchObject({ status: 'timed_out', findings: [], lean: null });
    expect(valuation.detail).toMatch(/^The valuation agent did not finish within 5(\.0)? seconds, so this report leaves its part out\.$/);
    expect(valuation.inputs).toEqual([{ label: 'Fundamentals from NSE filings', source: '/api/fundamentals/stock?symbol=ITC', as_of: null, ok: false, ms: null }]);
    expect(valuation.timing.duration_ms).toBeGreaterThanOrEqual(HUB_AGENT_DEADLINE_MS - 10);
    expect(took).toBeLessThan(HUB_AGENT_DEADLINE_MS + 3_000);
    for (const agent of ['technical', 'sentiment', 'risk'] as const) expect(agentOf(report, agent).status).toBe('ok');
    // ITC was not back-tested before, so TrendVision may still be at it: the forecast agent may be late too.
    expect(report.summary).toMatch(/ Valuation( and Forecast)? ran out of time\./);
    expect(report.disagreements.concat(report.agreements).some((pair) => pair.agents.includes('valuation'))).toBe(false);

    // Not kept: the next report asks again (valuation answers, or says it has no data when no filings are loaded).
    const next = (await get<HubReport>('/api/hub/report?symbol=ITC')).json();
    expect(next.cached).toBe(false);
    expect(['ok', 'unavailable']).toContain(agentOf(next, 'valuation').status);
  });

  it("Warren AI never cites a forecast made on prices newer than D − 30 days under the education profile, while its descriptive figures stay at D", async () => {
    // INFY's latest bar is D = 28 Mar 2024: TrendVision's back-test, the one Warren AI quotes, reads nothing after 27 Feb.
    const post = async <T>(url: string, payload: Record<string, unknown>) => {
      address += 1;
      const response = await http.inject({ method: 'POST', url, payload, remoteAddress: `198.51.100.${address}` });
      expect(response.statusCode).toBe(200);
      return response.json<T>();
    };
    const started = await post<{ context_id: string; session_id: string }>('/chat/technical/start', { ticker: 'INFY' });
    const ask = (user_query: string) => post<{ response: string; blocked: boolean }>('/chat/technical/query', { context_id: started.context_id, session_id: started.session_id, user_query });
    const datesIn = (text: string) =>
      [...text.matchAll(/\b(\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4})\b/g)].map((match) => new Date(`${match[1]} UTC`).toISOString().slice(0, 10));
    const cutoff = forecastCutoff('education', '2024-03-28');
    for (const question of ['How accurate is TrendVision for INFY?', 'How well did the forecast models do for INFY in testing?', 'What is the MASE of TrendVision’s forecasts for INFY?']) {
      const { response, blocked } = await ask(question);
      expect([question, blocked]).toEqual([question, false]);
      expect(response).toContain('TrendVision’s back-test for INFY');
      const dates = datesIn(response);
      expect(dates.length).toBeGreaterThan(0);
      for (const date of dates) expect([question, date <= cutoff]).toEqual([question, true]);
    }
    const descriptive = await ask('What is the RSI of INFY?');
    expect(descriptive.response).toContain(dayMonthYear('2024-03-28'));
  });

  it('answers an unknown stock with 404 and a sentence', async () => {
    const response = await get<{ detail: string }>('/api/hub/stream?symbol=NOSUCHCO');
    expect(response.status).toBe(404);
    expect(response.json().detail).toBe('Nivesh has no prices for NOSUCHCO. Check the NSE symbol and try again.');
  });
});
