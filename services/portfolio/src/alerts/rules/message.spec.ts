import type { SymbolFigures } from './figures';
import { describeAlert, firedMessage, formatDate, formatRupees } from './message';

const figures = (closes: number[], extra: Partial<SymbolFigures> = {}): SymbolFigures => ({
  dates: closes.map((_, i) => `2024-03-${String(27 + i).padStart(2, '0')}`),
  closes,
  rsi: closes.map(() => null),
  previousHigh: closes.map(() => null),
  previousLow: closes.map(() => null),
  ...extra,
});

describe('alert sentences', () => {
  it('writes rupees with Indian digit grouping and paise only where there are some', () => {
    expect(formatRupees(2971.7)).toBe('₹2,971.70');
    expect(formatRupees(2950)).toBe('₹2,950');
    expect(formatRupees(12345678.9)).toBe('₹1,23,45,678.90');
    expect(formatRupees(0.05)).toBe('₹0.05');
    expect(formatDate('2024-03-28')).toBe('28 Mar 2024');
    expect(formatDate('2023-09-05')).toBe('5 Sep 2023');
  });

  it('says where a price alert closed against its level', () => {
    const day = figures([2940, 2971.7]);
    expect(firedMessage({ kind: 'price_above', params: { level: 2950 } }, 'RELIANCE', day, 1)).toBe(
      'RELIANCE closed at ₹2,971.70 on 28 Mar 2024, above your alert level of ₹2,950',
    );
    expect(firedMessage({ kind: 'price_below', params: { level: 2945.5 } }, 'RELIANCE', day, 0)).toBe(
      'RELIANCE closed at ₹2,940 on 27 Mar 2024, below your alert level of ₹2,945.50',
    );
    expect(firedMessage({ kind: 'price_below', params: { level: 2940 } }, 'RELIANCE', day, 0)).toBe(
      'RELIANCE closed at ₹2,940 on 27 Mar 2024, at your alert level of ₹2,940',
    );
  });

  it("names a day's move against the previous close and what the alert asked for", () => {
    const day = figures([1250, 1187.5]);
    expect(firedMessage({ kind: 'move_pct', params: { threshold_pct: 4.5, direction: 'down' } }, 'TCS', day, 1)).toBe(
      'TCS closed at ₹1,187.50 on 28 Mar 2024, down 5.00% from the previous close of ₹1,250 ' +
        '(your alert: a fall of 4.5% or more)',
    );
    const up = figures([1000, 1052]);
    expect(firedMessage({ kind: 'move_pct', params: { threshold_pct: 5, direction: 'either' } }, 'TCS', up, 1)).toBe(
      'TCS closed at ₹1,052 on 28 Mar 2024, up 5.20% from the previous close of ₹1,000 ' +
        '(your alert: a move of 5% or more either way)',
    );
  });

  it('gives the RSI reading of an RSI crossing and the previous extreme of a 52-week alert', () => {
    const day = figures([1500, 1620.35], {
      rsi: [68.2, 71.2345],
      previousHigh: [null, 1610],
      previousLow: [null, 1100.25],
    });
    expect(firedMessage({ kind: 'rsi_cross', params: { level: 70, direction: 'above' } }, 'INFY', day, 1)).toBe(
      "INFY's 14-day RSI rose to 71.23 on 28 Mar 2024, crossing above your alert level of 70 (close ₹1,620.35)",
    );
    expect(firedMessage({ kind: 'high_52w', params: {} }, 'INFY', day, 1)).toBe(
      'INFY closed at ₹1,620.35 on 28 Mar 2024, a new 52-week high above the previous high close of ₹1,610',
    );
    expect(firedMessage({ kind: 'low_52w', params: {} }, 'INFY', day, 1)).toBe(
      'INFY closed at ₹1,620.35 on 28 Mar 2024, a new 52-week low below the previous low close of ₹1,100.25',
    );
  });
});

describe('describeAlert', () => {
  it('says what each kind of alert watches, in a sentence', () => {
    expect(describeAlert({ kind: 'price_above', params: { level: 3000 } }, 'RELIANCE')).toBe('RELIANCE closes at or above ₹3,000');
    expect(describeAlert({ kind: 'price_below', params: { level: 1234.5 } }, 'TCS')).toBe('TCS closes at or below ₹1,234.50');
    expect(describeAlert({ kind: 'move_pct', params: { threshold_pct: 5, direction: 'up' } }, 'INFY')).toBe('INFY rises 5% or more in a day');
    expect(describeAlert({ kind: 'move_pct', params: { threshold_pct: 2.5, direction: 'either' } }, 'INFY')).toBe(
      'INFY moves 2.5% or more in a day, up or down',
    );
    expect(describeAlert({ kind: 'rsi_cross', params: { level: 30, direction: 'below' } }, 'ITC')).toBe("ITC's 14-day RSI falls to 30");
    expect(describeAlert({ kind: 'high_52w', params: {} }, 'SBIN')).toBe('SBIN closes at a new 52-week high');
    expect(describeAlert({ kind: 'low_52w', params: {} }, 'SBIN')).toBe('SBIN closes at a new 52-week low');
  });
});
