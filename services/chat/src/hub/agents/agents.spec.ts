import { defineRpc, MARKET, type MeasureValue, PREDICTION } from '@nivesh/proto';
import { z } from 'zod';
import { INFY_RISK, INFY_SUMMARY, RELIANCE_SUMMARY } from '../../engine/testing/fixtures';
import { runAgent } from '../orchestrator';
import { CALLER, fixtureAnswers, RELIANCE_FORECAST, stubRpc } from '../testing/fixtures';
import { forecastAgent } from './forecast.agent';
import { NEWS_NOT_AVAILABLE, newsAgent, newsAgentFor, newsLean } from './news.agent';
import { riskAgent } from './risk.agent';
import { sentimentAgent } from './sentiment.agent';
import { technicalAgent, technicalLean } from './technical.agent';
import { standing, valuationAgent, valuationLean } from './valuation.agent';
import type { HubAgent } from './agent';

const ask = (agent: HubAgent, symbol = 'RELIANCE', answers = fixtureAnswers()) =>
  runAgent(agent, { symbol, company: 'Company Ltd.', caller: CALLER }, stubRpc(answers).call, { deadlineMs: 1_500, runStartedAt: Date.now() });

const texts = (result: Awaited<ReturnType<typeof ask>>) => result.findings.map((finding) => finding.text);

describe('technical agent', () => {
  it('cites the close, its averages, RSI and MACD with their dates, from the summary and the indicators', async () => {
    const result = await ask(technicalAgent);
    expect(result).toMatchObject({ status: 'ok', lean: 'positive', reading: 'Uptrend, strong momentum' });
    expect(texts(result)).toEqual([
      'RELIANCE closed at ₹2,971.70 on 28 Mar 2024, above its 50-day average (₹2,892.18) and above its 200-day average (₹2,581.15); the 50-day average moved +4.49% over the last 20 trading days.',
      'RSI(14) was 57.40 on 28 Mar 2024 (strong), the MACD histogram was 1.77 (the MACD line above its signal line) and the price moved +2.08% over the last month.',
      "The average daily range (ATR 14) was 1.78% of the price on 28 Mar 2024, higher than on 67% of the previous year’s days (normal).",
      'Over the past year the price turned near ₹2,566.49 (5 turns, the latest on 8 Jan 2024) below the last close.',
    ]);
    expect(result.findings[0]!.means).toBe(RELIANCE_SUMMARY.trend.meaning);
  });

  it('still answers from the summary when the indicators cannot be read, and says so in its inputs', async () => {
    const answers = { ...fixtureAnswers(), [MARKET.indicators.pattern]: () => Promise.reject(new Error('down')) };
    const result = await ask(technicalAgent, 'RELIANCE', answers);
    expect(result.status).toBe('ok');
    expect(texts(result)[1]).toBe('RSI(14) was 57.40 on 28 Mar 2024 (strong) and the price moved +2.08% over the last month.');
    expect(result.inputs.map((input) => input.ok)).toEqual([true, false]);
  });

  it('leans with the trend, and is mixed when momentum runs against it', () => {
    expect(technicalLean(RELIANCE_SUMMARY)).toBe('positive');
    expect(technicalLean(INFY_SUMMARY)).toBe('neutral');
    expect(technicalLean({ ...INFY_SUMMARY, trend: { ...INFY_SUMMARY.trend, label: 'downtrend' } })).toBe('negative');
    expect(technicalLean({ ...RELIANCE_SUMMARY, momentum: { ...RELIANCE_SUMMARY.momentum, label: 'oversold' } })).toBe('mixed');
  });
});

describe('risk agent', () => {
  it('cites volatility, value at risk, the deepest fall with its dates, beta and the latest flag', async () => {
    const result = await ask(riskAgent, 'INFY');
    expect(result).toMatchObject({ status: 'ok', lean: 'neutral', reading: 'Moderate risk figures' });
    expect(texts(result)).toEqual([
      'Annualised volatility was 25.29% over 29 Mar 2023 to 28 Mar 2024. On 95 of 100 days the one-day fall was smaller than 1.91% (₹1,910 on ₹1,00,000 held).',
      'The deepest fall from a high over 29 Mar 2023 to 28 Mar 2024 was −14.35%, from the high of 12 Apr 2023 to the low of 20 Apr 2023.',
      'Beta to NIFTY 50 was 1.25 over 29 Mar 2023 to 28 Mar 2024: when the index moved 1%, INFY tended to move about 1.25% the same way.',
      `3 unusual trading days over 29 Mar 2023 to 28 Mar 2024; the latest, on 21 Jul 2023, a gap: ${INFY_RISK.flags[0]!.description}`,
    ]);
  });
});

describe('sentiment agent', () => {
  it('cites the mood index with its own date (the index can end before the stocks), breadth and the stock’s industry', async () => {
    const result = await ask(sentimentAgent, 'INFY');
    expect(result).toMatchObject({ status: 'ok', lean: 'positive', reading: 'Greed (71.5 of 100)' });
    expect(texts(result)[0]).toMatch(/^Nivesh’s market mood index was 71\.5 out of 100 \(Greed\) on 7 Mar 2024, against 61\.8 on 7 Feb 2024\./);
    expect(texts(result).slice(1)).toEqual([
      'On 28 Mar 2024, 31 of the 48 stocks Nivesh follows rose and 16 fell.',
      'The 5 information technology stocks Nivesh follows moved +0.85% on 28 Mar 2024 and −8.10% over a month (equal-weighted).',
    ]);
  });
});

describe('valuation agent', () => {
  it('compares P/E with its own 5-year median and its peers’, from the latest filing', async () => {
    const result = await ask(valuationAgent);
    expect(result).toMatchObject({ status: 'ok', lean: 'negative', reading: 'P/E 28.9, above its 5-year median and above its peers’ median' });
    expect(texts(result)).toEqual([
      'RELIANCE’s P/E was 28.9 on 28 Mar 2024 (the close of ₹2,971.70 over twelve months’ earnings of ₹102.90 a share), above its own 5-year median of 24.1 and above its peers’ median of 14.2.',
      'Over the last twelve months: return on equity 8.8%, net margin 7.7%, revenue +2.6% on the year before, profit +4.4% and debt-to-equity 0.44, from the Q3 FY2024 results filed on 19 Jan 2024 (consolidated).',
    ]);
    expect(result.inputs).toEqual([{ label: 'Fundamentals from NSE filings', source: '/api/fundamentals/stock?symbol=RELIANCE', as_of: '2024-03-28', ok: true, ms: expect.any(Number) }]);
  });

  const pe = (value: number | null, median_5y: number | null, sector_median: number | null): MeasureValue => ({ value, median_5y, sector_median, missing_reason: null });

  it('leans negative when dearer than its history and peers, positive when cheaper, mixed when they disagree', () => {
    expect(valuationLean(pe(30, 24, 20))).toBe('negative');
    expect(valuationLean(pe(15, 24, 20))).toBe('positive');
    expect(valuationLean(pe(30, 24, 40))).toBe('mixed');
    expect(valuationLean(pe(25, 24, 26))).toBe('neutral');
    expect(valuationLean(pe(30, null, 27))).toBe('neutral');
    expect(valuationLean(pe(null, 24, 20))).toBe('neutral');
    expect(standing(pe(30, 24, 27))).toBe('above its 5-year median and close to its peers’ median');
    expect(standing(pe(30, null, null))).toBe('without a 5-year or a peers’ median to compare with');
  });
});

describe('forecast agent', () => {
  it('reports TrendVision’s back-test and the width of its band as percentages, never a price level ahead', async () => {
    const result = await ask(forecastAgent);
    expect(result).toMatchObject({ status: 'ok', lean: 'neutral', reading: 'No model beat “no change”' });
    expect(texts(result)[0]).toBe(
      'In TrendVision’s back-test on RELIANCE (30 Mar 2022 to 13 Mar 2024, 92 starting days), no model beat the naive forecast (“no change”), so the naive forecast is served: relative MAE 1.00 at 1 day, 1.00 at 5 days and 1.00 at 10 days; MASE 1.01 at 1 day, 2.24 at 5 days and 3.16 at 10 days (its errors against a typical day’s move, which grow with the days ahead even for “no change”).',
    );
    expect(result.findings[0]!.figures.map((figure) => [figure.label, figure.value])).toEqual([
      ['Relative MAE at 1 day', 1],
      ['Relative MAE at 5 days', 1],
      ['Relative MAE at 10 days', 1],
      ['MASE at 1 day', 1.01],
      ['MASE at 5 days', 2.24],
      ['MASE at 10 days', 3.16],
    ]);
    expect(texts(result)[1]).toBe(
      'From the close of ₹2,971.70 on 28 Mar 2024, TrendVision’s 80% band for 10 trading days ahead spans −5.2% to +5.5%. In the back-test such bands held the actual close in 80.4% of 920 checks.',
    );
    const rupees = [...result.findings.map((finding) => finding.text).join(' ').matchAll(/₹[\d,.]+/g)].map((match) => match[0]);
    expect(rupees).toEqual(['₹2,971.70']);
    expect(RELIANCE_FORECAST.upper80.every((value) => !result.findings.some((finding) => finding.text.includes(String(value))))).toBe(true);
  });
  it('under the education profile says the forecast was made 30 or more days back and how its bands fared since', async () => {
    const illustrated = {
      ...RELIANCE_FORECAST,
      as_of: '2024-02-27',
      illustration: {
        lag_days: 30,
        latest: '2024-03-28',
        cutoff: '2024-02-27',
        outcome: {
          through: '2024-03-28',
          actual: [2990, 2985, 2960, 3000, 2950, 2900, 2940, 2955, 2970, 2999],
          inside80: [true, true, true, true, true, false, true, true, true, true],
          inside95: Array.from({ length: 10 }, () => true),
          days: 10,
          hits80: 9,
          hits95: 10,
        },
      },
    };
    const answers = { ...fixtureAnswers(), [PREDICTION.predict.pattern]: () => illustrated };
    const result = await ask(forecastAgent, 'RELIANCE', answers);
    expect(result.status).toBe('ok');
    expect(result.headline).toBe('TrendVision found no model better than “no change” on RELIANCE’s past prices; its 80% band for 10 trading days after 27 Feb 2024 spans about ±5.3%.');
    expect(texts(result)[1]).toContain('From the close of ₹2,971.70 on 27 Feb 2024, TrendVision’s 80% band for 10 trading days after it spans');
    expect(texts(result)[2]).toBe(
      'Under SEBI’s rules for education platforms, TrendVision’s forecast uses prices at least 30 days old: this one was made on 27 Feb 2024. Of the 10 trading days since that have a close, 9 closed inside its 80% band and 10 inside its 95% band.',
    );
    expect(result.findings[2]!.figures.map((figure) => [figure.label, figure.value])).toEqual([
      ['Days since the forecast with a close', 10],
      ['Closes inside the 80% band', 9],
      ['Closes inside the 95% band', 10],
    ]);
  });
});

describe('news agent', () => {
  const NEWS = defineRpc('market', 'news', z.object({ symbol: z.string() }), z.unknown());
  const items = [
    { kind: 'results', title: 'Infosys Q3 FY2024 results: revenue ₹38,821 cr, 1.3% year on year', date: '2024-01-11', tone: 'positive' },
    { kind: 'market', title: 'INFY falls to a 3-month low on unusual volume', published_at: '2024-03-15T10:00:00Z', tone: { label: 'negative', score: -2 } },
    { kind: 'press', headline: 'Infosys wins a large deal in Europe', date: '2024-03-20', tone: 3 },
    { kind: 'press', title: '', date: '2024-03-21' },
  ];

  it('cites the newest items with their dates, and their tone', async () => {
    const agent = newsAgentFor(() => NEWS);
    const result = await ask(agent, 'INFY', { ...fixtureAnswers(), [NEWS.pattern]: () => ({ items }) });
    // Two positive against one negative is no clear majority.
    expect(result).toMatchObject({ status: 'ok', lean: 'neutral', reading: '3 items, 2 positive and 1 negative in tone' });
    expect(texts(result)).toEqual([
      '20 Mar 2024: Infosys wins a large deal in Europe',
      '15 Mar 2024: INFY falls to a 3-month low on unusual volume',
      '11 Jan 2024: Infosys Q3 FY2024 results: revenue ₹38,821 cr, 1.3% year on year',
    ]);
    expect(result.headline).toBe('3 news items and events about INFY, the latest on 20 Mar 2024: 2 positive and 1 negative in tone.');
  });

  it('is unavailable, in words, while the market has no news call, or answers what it cannot read', async () => {
    const missing = await ask(newsAgentFor(() => undefined));
    expect(missing).toMatchObject({ status: 'unavailable', detail: NEWS_NOT_AVAILABLE });
    const garbled = await ask(newsAgentFor(() => NEWS), 'INFY', { ...fixtureAnswers(), [NEWS.pattern]: () => ({ rows: [] }) });
    expect(garbled).toMatchObject({ status: 'unavailable', detail: 'The news answer could not be read, so this report has no news part.' });
    expect((await ask(newsAgent)).status).toBe('unavailable');
  });

  it('leans with a clear majority of tones only', () => {
    expect(newsLean([1, 1, 1, -1])).toBe('positive');
    expect(newsLean([-1, -1, -1, 0])).toBe('negative');
    expect(newsLean([1, 1, -1, -1])).toBe('mixed');
    expect(newsLean([0, 0])).toBe('neutral');
    expect(newsLean([])).toBe('neutral');
  });
});
