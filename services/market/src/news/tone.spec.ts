import path from 'node:path';
import { AI_MEASURED, NEWS_TONES } from '@nivesh/proto';
import { resultsEvents } from './events';
import { readLabelled, resultsToneReport, toneReport } from './tone-eval';
import { FALLING_PROFIT_FILINGS } from './testing/results-filings';
import { RESULTS_TONE_RULE, type ResultsFigures, resultsTone, toneOf } from './tone';

describe('toneOf', () => {
  it('sums the lexicon’s scores of the words and labels the sum', () => {
    expect(toneOf('HDFC Bank posts record profit as loan growth stays robust')).toEqual({
      label: 'positive',
      score: 8,
      words: ['record (+2)', 'profit (+2)', 'growth (+2)', 'robust (+2)'],
    });
    expect(toneOf('Markets crash as inflation fears spark sell-off')).toMatchObject({ label: 'negative', words: ['crash (-2)', 'inflation (-1)', 'fears (-1)', 'spark (+1)', 'sell-off (-1)'] });
    expect(toneOf('Board meeting on Tuesday to consider results')).toEqual({ label: 'neutral', score: 0, words: [] });
  });

  it('turns a word round within three words of a negator', () => {
    expect(toneOf('Company does not expect growth this year')).toMatchObject({ label: 'negative', words: ['not growth (-2)'] });
    expect(toneOf('Results fail to impress investors')).toMatchObject({ label: 'negative' });
  });

  it('reads a plural the lexicon lacks as its singular, but not a past tense as another word', () => {
    expect(toneOf('Exports jumps').words).toEqual(['jumps (+1)']);
    // 'fined' is not 'fine' (+2): the lexicon does not list it, so it does not count.
    expect(toneOf('Bank fined').words).toEqual([]);
  });

  it('does not count company and index names as tone', () => {
    expect(toneOf('Hero MotoCorp and Titan announce board meetings').words).toEqual([]);
    expect(toneOf('Nifty ends the week').label).toBe('neutral');
  });
});

describe('resultsTone', () => {
  const CRORE = 1e7;
  /** Net profit and revenue in crore, this period and the same period a year earlier. */
  const figures = (profit: number | null, profitBefore: number | null, revenue: number | null = null, revenueBefore: number | null = null): ResultsFigures => ({
    net_profit: profit === null ? null : profit * CRORE,
    net_profit_before: profitBefore === null ? null : profitBefore * CRORE,
    revenue: revenue === null ? null : revenue * CRORE,
    revenue_before: revenueBefore === null ? null : revenueBefore * CRORE,
    top_line: 'revenue',
  });

  it('is Negative when net profit fell more than 2 %, however revenue moved', () => {
    // Grasim's Q3 FY2025 (consolidated): profit ₹899 cr against ₹1,514 cr, revenue ₹34,793 cr against ₹31,965 cr.
    expect(resultsTone(figures(898.97, 1514.44, 34792.85, 31965.48))).toEqual({ label: 'negative', score: -1, words: ['net profit down 40.6%', 'revenue up 8.8%'] });
    expect(resultsTone(figures(97.9, 100, 130, 100)).label).toBe('negative');
  });

  it('is Positive when net profit rose more than 2 % and revenue fell no more than 2 %, or is not filed for both years', () => {
    expect(resultsTone(figures(120, 100, 110, 100))).toEqual({ label: 'positive', score: 1, words: ['net profit up 20%', 'revenue up 10%'] });
    expect(resultsTone(figures(120, 100, 98, 100)).label).toBe('positive');
    expect(resultsTone(figures(120, 100, null, 100))).toEqual({ label: 'positive', score: 1, words: ['net profit up 20%'] });
  });

  it('is Neutral for a change within 2 % either way, as shown to one decimal', () => {
    expect(resultsTone(figures(99.4, 100, 125, 100))).toEqual({ label: 'neutral', score: 0, words: ['net profit down 0.6%', 'revenue up 25%'] });
    expect(resultsTone(figures(102.04, 100)).words).toEqual(['net profit up 2%']);
    expect(resultsTone(figures(102.04, 100)).label).toBe('neutral');
    expect(resultsTone(figures(102.06, 100)).label).toBe('positive');
    expect(resultsTone(figures(97.96, 100)).label).toBe('neutral');
  });

  it('is Neutral when profit rose while revenue fell more than 2 %', () => {
    expect(resultsTone(figures(130, 100, 90, 100))).toEqual({ label: 'neutral', score: 0, words: ['net profit up 30%', 'revenue down 10%'] });
  });

  it('is Neutral without a net profit of both years', () => {
    expect(resultsTone(figures(120, null, 110, null))).toEqual({ label: 'neutral', score: 0, words: ['no net profit of the same period a year earlier'] });
    expect(resultsTone(figures(null, 100, 110, 100)).label).toBe('neutral');
  });

  it('reads a loss by where the bottom line went: a smaller loss or a return to profit is a rise, a larger loss or a fall into loss a fall', () => {
    // UPL's Q3 FY2025: a profit of ₹828 cr against a loss of ₹1,217 cr.
    expect(resultsTone(figures(828, -1217, 10907, 9887))).toEqual({ label: 'positive', score: 1, words: ['net profit ₹828 cr against a net loss of ₹1,217 cr', 'revenue up 10.3%'] });
    expect(resultsTone(figures(-20, 100))).toEqual({ label: 'negative', score: -1, words: ['net loss ₹20 cr against a net profit of ₹100 cr'] });
    expect(resultsTone(figures(-50, -100))).toEqual({ label: 'positive', score: 1, words: ['net loss down 50%'] });
    expect(resultsTone(figures(-150, -100))).toEqual({ label: 'negative', score: -1, words: ['net loss up 50%'] });
    expect(resultsTone(figures(-101, -100)).label).toBe('neutral');
    expect(resultsTone(figures(0, 100)).label).toBe('negative');
  });

  it('is stated in one sentence, with its band', () => {
    expect(RESULTS_TONE_RULE).toMatch(/^Tone of results items, by their figures rather than their wording: Positive when net profit rose more than 2% .+\.$/);
    expect(RESULTS_TONE_RULE.match(/\. /g)).toBeNull();
  });
});

describe('the labelled headlines', () => {
  const rows = readLabelled(path.join(__dirname, 'data/tone.jsonl'));

  it('hold at least 150 headlines, at least 50 of each tone, none twice', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    for (const tone of NEWS_TONES) expect(rows.filter((row) => row.tone === tone).length).toBeGreaterThanOrEqual(50);
    expect(new Set(rows.map((row) => row.headline)).size).toBe(rows.length);
  });

  it('agree with the lexicon as often as the pages say (proto AI_MEASURED.tone; update it when the lexicon changes)', () => {
    const report = toneReport(rows);
    expect({ labelled: report.total, agreed: report.correct }).toEqual(AI_MEASURED.tone);
  });

  it('are scored per class: recall over each label, precision over each call', () => {
    const report = toneReport(
      [
        { headline: 'a', tone: 'positive' },
        { headline: 'b', tone: 'positive' },
        { headline: 'c', tone: 'negative' },
        { headline: 'd', tone: 'neutral' },
      ],
      (text) => (text === 'a' || text === 'd' ? 'positive' : text === 'b' ? 'neutral' : 'negative'),
    );
    expect(report).toMatchObject({ total: 4, correct: 2 });
    expect(report.classes).toEqual([
      { tone: 'positive', labelled: 2, found: 1, called: 2, recall: 0.5, precision: 0.5 },
      { tone: 'neutral', labelled: 1, found: 0, called: 1, recall: 0, precision: 0 },
      { tone: 'negative', labelled: 1, found: 1, called: 1, recall: 1, precision: 1 },
    ]);
  });
});

describe('the results eval', () => {
  it('counts a results item’s tone against the sign of its net profit change: Neutral agrees only where there is nothing to compare', () => {
    const events = Object.entries(FALLING_PROFIT_FILINGS).flatMap(([symbol, { name, filings }]) => resultsEvents(symbol, name, filings));
    const byFigures = resultsToneReport(events, (event) => event.tone!.label);
    expect(byFigures).toMatchObject({ total: 10, agree: 9, contradicted: 0, neutralOnMove: { small: 1, mixed: 0, other: 0 } });
    expect(byFigures.confusion).toEqual({
      rose: { positive: 0, neutral: 0, negative: 0 },
      fell: { positive: 0, neutral: 1, negative: 4 },
      none: { positive: 0, neutral: 5, negative: 0 },
    });
    // Read by their headlines' words, as before, the five falls were all Positive.
    expect(resultsToneReport(events, (event) => toneOf(event.headline).label).confusion.fell).toEqual({ positive: 5, neutral: 0, negative: 0 });
  });
});
