import { groundingFacts } from './facts';
import { emptyGrounding, infyGrounding, relianceGrounding, sentimentGrounding } from './testing/fixtures';

describe('groundingFacts', () => {
  it('gives a technical chat’s facts one a line, each with its date, in the answers’ formats', () => {
    const lines = groundingFacts(relianceGrounding()).split('\n');
    expect(lines[0]).toMatch(/^Chat: technical analysis of RELIANCE \(Reliance Industries Ltd\.\)/);
    for (const line of lines.slice(1)) expect(line).toMatch(/\b\d{1,2} [A-Z][a-z]{2} \d{4}\b/);
    expect(lines).toContain('RELIANCE RSI(14) as of 28 Mar 2024: 57.40.');
    expect(lines).toContain('RELIANCE closed at ₹2,971.70 as of 28 Mar 2024, change −₹14.00 (−0.47%) from the previous close.');
    expect(lines).toContain('RELIANCE beta to NIFTY 50 over 29 Mar 2023 to 28 Mar 2024: 1.18 (as of 28 Mar 2024).');
    const trendVision = lines.find((line) => line.startsWith('TrendVision back-test for RELIANCE as of 28 Mar 2024: model Exponential smoothing (AutoETS)'));
    expect(trendVision).toContain("relative MAE 1.02 at 1 day, 1.04 at 5 days, 1.07 at 10 days (its errors over the naive forecast's: below 1 beats it)");
    expect(trendVision).toContain("MASE 0.95 at 1 day, 2.18 at 5 days, 3.21 at 10 days (its errors over a typical day's move)");
    expect(lines.join('\n')).not.toContain('Not available');
  });

  it('names the flags with their dates, and what could not be fetched', () => {
    const text = groundingFacts(infyGrounding());
    expect(text).toContain('INFY flag on 21 Jul 2023 (gap): Opened 8.9% below the previous close; closed 8.1% below it.');
    expect(text).toContain('Not available right now (the data could not be fetched): past returns, TrendVision accuracy.');
  });

  it('gives a sentiment chat’s index, parts and history', () => {
    const lines = groundingFacts(sentimentGrounding()).split('\n');
    expect(lines).toContain('Market sentiment index as of 7 Mar 2024: 71.5 out of 100 (Greed); 0 is extreme fear, 100 extreme greed.');
    expect(lines.some((line) => line.startsWith('Market breadth as of 7 Mar 2024: score 63.8 (63.83% above 50-day average).'))).toBe(true);
    expect(lines).toContain('Market sentiment index a month earlier, as of 7 Feb 2024: 61.8.');
    for (const line of lines.slice(1)) expect(line).toMatch(/\b\d{1,2} [A-Z][a-z]{2} \d{4}\b/);
  });

  it('says plainly when nothing could be fetched', () => {
    expect(groundingFacts(emptyGrounding('sentiment')).split('\n')[1]).toBe('Not available right now (the data could not be fetched): market sentiment index.');
    expect(groundingFacts(emptyGrounding('technical'))).toContain(
      'Not available right now (the data could not be fetched): latest quote, technical indicators, technical summary, risk figures, past returns, TrendVision accuracy.',
    );
  });
});
