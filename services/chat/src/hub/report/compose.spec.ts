import { HUB_AGENTS, type HubAgentResult, HubReportSchema, MARKET, type MarketTechnicalSummary } from '@nivesh/proto';
import { RELIANCE_SUMMARY } from '../../engine/testing/fixtures';
import { inspectAnswer } from '../../guard/output-rail';
import { HUB_AGENT_SET } from '../agents';
import { runAgents } from '../orchestrator';
import { CALLER, fixtureAnswers, RELIANCE_VALUATION, stubRpc } from '../testing/fixtures';
import { COMPLIANCE_NOTES, WITHHELD_TEXT } from '../texts';
import { compareAgents, composeReport } from './compose';
import { applyRail, reportTexts } from './rail';

const AGENTS = HUB_AGENTS.map((name) => HUB_AGENT_SET[name]);

const reportFrom = (results: HubAgentResult[]) =>
  applyRail(
    composeReport({
      symbol: 'RELIANCE',
      company: 'Reliance Industries Ltd.',
      as_of: '2024-03-28',
      data_version: '7',
      results,
      total_ms: 240,
      agent_deadline_ms: 1_500,
      engine_note: 'Written by templates.',
      generated_at: new Date('2024-03-29T10:00:00Z'),
    }),
  );

const run = (answers = fixtureAnswers()) => runAgents(AGENTS, { symbol: 'RELIANCE', company: 'Reliance Industries Ltd.', caller: CALLER }, stubRpc(answers).call, { deadlineMs: 1_500, runStartedAt: Date.now() });

const byAgent = (results: HubAgentResult[], agent: HubAgentResult['agent']) => results.find((result) => result.agent === agent)!;

describe('composeReport', () => {
  it('says where agents point the same way and where they differ, e.g. an uptrend against a valuation above its history', async () => {
    const report = reportFrom(await run());
    expect(HubReportSchema.parse(report)).toEqual(report);
    const pairs = (list: typeof report.agreements) => list.map((item) => item.agents.join('+'));
    // RELIANCE: uptrend (technical +), greed (sentiment +), low risk (risk +), P/E above its history and peers (valuation −).
    expect(pairs(report.agreements)).toEqual(['technical+sentiment', 'technical+risk', 'sentiment+risk']);
    expect(pairs(report.disagreements)).toEqual(['technical+valuation', 'sentiment+valuation', 'risk+valuation']);
    const trendAgainstValue = report.disagreements[0]!.text;
    expect(trendAgainstValue).toContain('Technical (“Uptrend, strong momentum”) and Valuation (“P/E 28.9, above its 5-year median and above its peers’ median”) point different ways.');
    expect(trendAgainstValue).toContain('The price has been rising while the stock became dearer than its own history or its peers.');
  });

  it('leaves neutral and mixed readings out of the comparisons: they take no side', async () => {
    const results = await run();
    const neutral = results.map((result) => (result.agent === 'valuation' ? { ...result, lean: 'neutral' as const } : result.agent === 'risk' ? { ...result, lean: 'mixed' as const } : result));
    const { agreements, disagreements } = compareAgents(neutral);
    expect(agreements.map((item) => item.agents.join('+'))).toEqual(['technical+sentiment']);
    expect(disagreements).toEqual([]);
  });

  it('opens with the stock, its date, every reading, and the agents that are missing and why', async () => {
    const answers = { ...fixtureAnswers(), [MARKET.valuation.pattern]: () => new Promise(() => undefined) };
    const results = await runAgents(AGENTS, { symbol: 'RELIANCE', company: 'Reliance Industries Ltd.', caller: CALLER }, stubRpc(answers).call, { deadlineMs: 100, runStartedAt: Date.now() });
    const report = reportFrom(results);
    expect(report.summary).toBe(
      'Reliance Industries Ltd. (RELIANCE), data as of 28 Mar 2024. 4 of 6 agents answered. Their readings: Technical: Uptrend, strong momentum; ' +
        'Sentiment: Greed (71.5 of 100); Risk: Low risk figures; Forecast: No model beat “no change”. Valuation ran out of time. News had no data. ' +
        '3 pairs of readings point the same way and none differ.',
    );
    expect(byAgent(report.agents, 'valuation')).toMatchObject({ status: 'timed_out', findings: [] });
    expect(report.caveats).toContain('Agents that failed, ran late or had no data are listed with the reason; their part is missing from the report, not guessed.');
    expect(report.agents.map((result) => result.agent)).toEqual([...HUB_AGENTS]);
  });

  it('ends with the caveats: past data up to its date, agreement is not evidence, not advice', async () => {
    const report = reportFrom(await run());
    expect(report.caveats[0]).toBe('Every figure describes past data, up to 28 Mar 2024 at the latest; none of it says what the price does next.');
    expect(report.caveats.at(-1)).toMatch(/not investment advice\. Nivesh is not a SEBI-registered investment adviser or research analyst\.$/);
    expect(report).toMatchObject({ engine: 'templates', cached: false, data_version: '7', timing: { total_ms: 240, agent_deadline_ms: 1_500 } });
  });
});

describe('the compliance check of a report', () => {
  it('passes every text of a report made by the templates, with nothing withheld', async () => {
    const report = reportFrom(await run());
    expect(report.compliance).toEqual({ checked: expect.any(Number), withheld: 0, note: COMPLIANCE_NOTES.passed });
    expect(report.compliance.checked).toBeGreaterThan(40);
    for (const text of reportTexts(report)) expect([text, inspectAnswer(text)]).toEqual([text, null]);
  });

  it('withholds a quoted text that carries a target or a call (a press headline), counts it, and the rest passes', async () => {
    const results = await run();
    const news: HubAgentResult = {
      ...byAgent(results, 'news'),
      status: 'ok',
      detail: null,
      lean: 'positive',
      reading: '2 items',
      headline: 'Two news items about RELIANCE.',
      findings: [
        { title: 'Press', text: '25 Mar 2024: Brokerage says buy RELIANCE, target ₹3,400 by March 2025', means: 'm.', does_not_mean: 'n.', figures: [], as_of: '2024-03-25' },
        { title: 'Press', text: '26 Mar 2024: Reliance to raise stake in its retail arm', means: 'm.', does_not_mean: 'n.', figures: [], as_of: '2024-03-26' },
      ],
    };
    const report = reportFrom(results.map((result) => (result.agent === 'news' ? news : result)));
    const findings = byAgent(report.agents, 'news').findings.map((finding) => finding.text);
    expect(findings).toEqual([WITHHELD_TEXT, '26 Mar 2024: Reliance to raise stake in its retail arm']);
    expect(report.compliance).toMatchObject({ withheld: 1, note: COMPLIANCE_NOTES.withheld(1) });
    expect(inspectAnswer(reportTexts(report).join('\n'))).toBeNull();
  });

  /** Technical summaries of every trend and momentum label, with and without averages and levels. */
  const summaries = (): MarketTechnicalSummary[] =>
    (['uptrend', 'downtrend', 'sideways'] as const).flatMap((trend) =>
      (['overbought', 'strong', 'neutral', 'weak', 'oversold'] as const).flatMap((momentum) =>
        (['low', 'normal', 'high'] as const).map((volatility, index) => ({
          ...RELIANCE_SUMMARY,
          trend: { ...RELIANCE_SUMMARY.trend, label: trend, figures: index === 2 ? { close: 100, sma50: null, sma200: null, sma50_slope_pct: null } : { close: 100_000, sma50: 99_500.5, sma200: 120_000, sma50_slope_pct: -12.5 } },
          momentum: { ...RELIANCE_SUMMARY.momentum, label: momentum, figures: { rsi14: index === 1 ? null : 99.9, macd_histogram: -250, return_1m_pct: index === 0 ? 45 : -38.2 } },
          volatility: { ...RELIANCE_SUMMARY.volatility, label: volatility },
          support: index === 1 ? [] : RELIANCE_SUMMARY.support,
          resistance: index === 1 ? [] : [{ price: 1_25_000, touches: 9, last_date: '2024-03-01' }],
        })),
      ),
    );

  it('passes every report across extreme readings, missing figures and every lean, without withholding anything', async () => {
    const base = fixtureAnswers();
    const valuations = [
      RELIANCE_VALUATION,
      { ...RELIANCE_VALUATION, latest: { ...RELIANCE_VALUATION.latest, bank: true } },
      {
        ...RELIANCE_VALUATION,
        latest: {
          ...RELIANCE_VALUATION.latest,
          filing: null,
          measures: { ...RELIANCE_VALUATION.latest.measures, pe: { value: null, median_5y: null, sector_median: null, missing_reason: 'The company made a loss over the last twelve months, so P/E has no meaning.' } },
        },
      },
      { ...RELIANCE_VALUATION, latest: { ...RELIANCE_VALUATION.latest, measures: { ...RELIANCE_VALUATION.latest.measures, pe: { value: 9.2, median_5y: 24, sector_median: 6, missing_reason: null } } } },
    ];
    let reports = 0;
    for (const [index, summary] of summaries().entries()) {
      const valuation = valuations[index % valuations.length]!;
      const answers = {
        ...base,
        [MARKET.summary.pattern]: () => summary,
        [MARKET.valuation.pattern]: () => valuation,
      };
      const report = reportFrom(await run(answers));
      expect(report.compliance.withheld).toBe(0);
      for (const text of reportTexts(report)) expect([text, inspectAnswer(text)]).toEqual([text, null]);
      reports += 1;
    }
    expect(reports).toBe(45);
  });
});
