import { NOT_A_NUMBER, formatINR, formatIndianDay, formatIndianNumber, formatMarketDate } from './format';

describe('rupee and number formatting for India', () => {
  it('groups rupee amounts in lakhs and crores', () => {
    expect(formatINR(200)).toBe('₹200.00');
    expect(formatINR(1_00_000)).toBe('₹1,00,000.00');
    expect(formatINR(12_34_567.5)).toBe('₹12,34,567.50');
    expect(formatINR(1_23_45_67_890.125)).toBe('₹1,23,45,67,890.13');
  });

  it('shows whole rupees when asked', () => {
    expect(formatINR(200, { fractionDigits: 0 })).toBe('₹200');
    expect(formatINR(99_999.6, { fractionDigits: 0 })).toBe('₹1,00,000');
  });

  it('keeps the sign of losses', () => {
    expect(formatINR(-2_500)).toBe('-₹2,500.00');
  });

  it('groups plain numbers the Indian way', () => {
    expect(formatIndianNumber(98_765_432)).toBe('9,87,65,432');
    expect(formatIndianNumber(1234.5678)).toBe('1,234.57');
    expect(formatIndianNumber(1234.5678, 0)).toBe('1,235');
  });

  it('does not print NaN or Infinity', () => {
    expect(formatINR(Number.NaN)).toBe(NOT_A_NUMBER);
    expect(formatINR(Number.POSITIVE_INFINITY)).toBe(NOT_A_NUMBER);
    expect(formatIndianNumber(Number.NaN)).toBe(NOT_A_NUMBER);
  });

  it('writes an instant as its day in India', () => {
    expect(formatIndianDay('2026-12-24T10:00:00.000Z')).toBe('24 Dec 2026');
    // 20:00 UTC on 31 December is already 1 January in India.
    expect(formatIndianDay('2025-12-31T20:00:00.000Z')).toBe('1 Jan 2026');
    expect(formatIndianDay('not a date')).toBe(NOT_A_NUMBER);
    // Three-letter months throughout, September included (ICU's en-IN would write 'Sept'), as the server writes them.
    expect(formatIndianDay('2023-09-15T06:00:00.000Z')).toBe('15 Sep 2023');
    expect(formatMarketDate('2023-09-15')).toBe('15 Sep 2023');
    expect(formatMarketDate('2024-03-28')).toBe('28 Mar 2024');
  });
});
