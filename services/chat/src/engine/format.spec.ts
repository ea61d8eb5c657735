import { asOf, formatDate, formatIndicator, formatNumber, formatPercent, formatRupees, formatSignedPercent, formatSignedRupees, monthsBefore, wordCount } from './format';

describe('format', () => {
  it.each([
    ['2024-03-28', '28 Mar 2024'],
    ['2023-09-05', '5 Sep 2023'],
    ['2024-01-01', '1 Jan 2024'],
    ['2023-12-31', '31 Dec 2023'],
  ])('writes %s as %s, day month year with three-letter months', (iso, text) => {
    expect(formatDate(iso)).toBe(text);
    expect(asOf(iso)).toBe(`as of ${text}`);
  });

  it('leaves a value that is not a date as it is', () => {
    expect(formatDate('soon')).toBe('soon');
  });

  it('groups digits the Indian way and writes rupees with ₹', () => {
    expect(formatNumber(10927182, 0)).toBe('1,09,27,182');
    expect(formatRupees(2971.7)).toBe('₹2,971.70');
    expect(formatRupees(1470, true)).toBe('₹1,470');
    expect(formatRupees(100000, true)).toBe('₹1,00,000');
    expect(formatNumber(-124981530, 0)).toBe('−12,49,81,530');
  });

  it('writes indicators to two decimals, and signs changes with + and −', () => {
    expect(formatIndicator(57.3996)).toBe('57.40');
    expect(formatIndicator(8.4023)).toBe('8.40');
    expect(formatPercent(20.317)).toBe('20.32%');
    expect(formatSignedPercent(2.08)).toBe('+2.08%');
    expect(formatSignedPercent(-0.47)).toBe('−0.47%');
    expect(formatSignedPercent(0.001)).toBe('0.00%');
    expect(formatSignedRupees(-14)).toBe('−₹14.00');
    expect(formatSignedRupees(14.2)).toBe('+₹14.20');
  });

  it('steps back calendar months, clamping to the shorter month', () => {
    expect(monthsBefore('2024-03-07', 1)).toBe('2024-02-07');
    expect(monthsBefore('2024-03-31', 1)).toBe('2024-02-29');
    expect(monthsBefore('2024-01-15', 1)).toBe('2023-12-15');
  });

  it('counts words', () => {
    expect(wordCount('  RSI was **57.40**\nas of 28 Mar 2024. ')).toBe(8);
  });
});
