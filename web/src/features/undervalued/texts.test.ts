import { formatCrore, formatMeasure, indianDayOf } from './measures';
import {
  MEASURE_LABELS,
  MEASURE_MEANINGS,
  TTM_METHODS,
  UNDERVALUED_TEXTS,
  bankNotice,
  filingLine,
  grahamComparison,
  quintileName,
} from './texts';
import { FUNDAMENTAL_MEASURES } from '@nivesh/proto/values';

/** Every sentence the page writes itself (the server's caveats and reasons come on top). */
const ownTexts = (): string[] => [
  ...Object.values(UNDERVALUED_TEXTS),
  ...Object.values(MEASURE_LABELS).flatMap((label) => [label.column, label.filter]),
  ...Object.values(MEASURE_MEANINGS).flatMap((entry) => [entry.meaning, entry.limits]),
  ...Object.values(TTM_METHODS),
  bankNotice('HDFC Bank Ltd.'),
  grahamComparison('₹2,971.90', '1.8'),
];

describe('Undervalued Analytics texts', () => {
  it('say what the numbers are and never call a stock a buy', () => {
    for (const text of ownTexts()) {
      expect(text).not.toMatch(
        /\bbuy\b|\bbuying\b|recommend|undervalued stocks to|\bsell\b|target price|price target/i,
      );
    }
  });

  it('explain every measure, with its meaning and its limits', () => {
    for (const measure of FUNDAMENTAL_MEASURES) {
      expect(MEASURE_MEANINGS[measure].meaning.length).toBeGreaterThan(40);
      expect(MEASURE_MEANINGS[measure].limits.length).toBeGreaterThan(40);
    }
    expect(MEASURE_MEANINGS.pe.limits).toMatch(/Cyclical/);
    expect(MEASURE_MEANINGS.pe.limits).toMatch(/banks/);
    expect(MEASURE_MEANINGS.pb.limits).toMatch(/Asset-light/);
    expect(MEASURE_MEANINGS.debt_to_equity.limits).toMatch(/banks/);
    expect(MEASURE_MEANINGS.revenue_growth.limits).toMatch(/low base/);
    expect(MEASURE_MEANINGS.dividend_payout.limits).toMatch(/cash/);
  });

  it('name the filing and the quintiles', () => {
    expect(filingLine('Q3 FY2024', 'consolidated', '18 Jan 2024')).toBe(
      'Q3 FY2024 · consolidated · published 18 Jan 2024',
    );
    expect([1, 3, 5].map(quintileName)).toEqual(['Quintile 1 (cheapest)', 'Quintile 3', 'Quintile 5 (most expensive)']);
  });
});

describe('measures as the page writes them', () => {
  it('writes ratios as multiples, the rest in %, growth with its sign, and a dash for none', () => {
    expect(formatMeasure('pe', 25.42)).toBe('25.4');
    expect(formatMeasure('pb', 0.876)).toBe('0.88');
    expect(formatMeasure('debt_to_equity', 1234.5)).toBe('1,234.50');
    expect(formatMeasure('pe', 17.96)).toBe('18.0');
    expect(formatMeasure('earnings_yield', -0.37)).toBe('−0.4%');
    expect(formatMeasure('roe', -0.04)).toBe('0.0%');
    expect(formatMeasure('roe', 31.24)).toBe('31.2%');
    expect(formatMeasure('profit_growth', -12.34)).toBe('−12.3%');
    expect(formatMeasure('revenue_growth', 4.7)).toBe('+4.7%');
    expect(formatMeasure('pe', null)).toBe('—');
  });

  it('writes rupees in crores with Indian grouping', () => {
    expect(formatCrore(8_778_350_000_000)).toBe('8,77,835');
    expect(formatCrore(-12_345_000_000)).toBe('−1,235');
    expect(formatCrore(null)).toBe('—');
  });

  it('finds the Indian day of a publication instant', () => {
    expect(indianDayOf('2024-01-11T18:00:00.000Z')).toBe('2024-01-11');
    expect(indianDayOf('2024-01-11T18:30:00.000Z')).toBe('2024-01-12');
    expect(indianDayOf('not a date')).toBeNull();
  });
});
