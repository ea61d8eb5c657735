import type { FundamentalMeasure } from '@nivesh/proto';
import { NOT_A_NUMBER, formatSignedPercent } from '../../lib/format';

/** Ratios are plain multiples (P/E 24.3); the other measures are percentages, growth with its sign. */
const KINDS: Record<FundamentalMeasure, 'ratio' | 'percent' | 'growth'> = {
  pe: 'ratio',
  pb: 'ratio',
  earnings_yield: 'percent',
  roe: 'percent',
  net_margin: 'percent',
  revenue_growth: 'growth',
  profit_growth: 'growth',
  debt_to_equity: 'ratio',
  dividend_payout: 'percent',
};

/** P/E reads well to one decimal; P/B and debt-to-equity are often below 1, so they keep two. */
const RATIO_DIGITS: Partial<Record<FundamentalMeasure, number>> = { pe: 1 };

const fixedFormats = new Map<number, Intl.NumberFormat>();

/** A number with exactly `digits` decimals and Indian grouping, negatives with a true minus sign: '−0.4', '18.0'. */
const fixed = (value: number, digits: number): string => {
  let format = fixedFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    fixedFormats.set(digits, format);
  }
  const text = format.format(Math.abs(value));
  return value < 0 && Number(text.replace(/,/g, '')) !== 0 ? `−${text}` : text;
};

/** A measure's value as the page writes it: '24.3', '3.21', '6.8%', '+12.4%'; a dash for none. */
export const formatMeasure = (measure: FundamentalMeasure, value: number | null): string => {
  if (value === null || !Number.isFinite(value)) return NOT_A_NUMBER;
  const kind = KINDS[measure];
  if (kind === 'growth') return formatSignedPercent(value, 1);
  if (kind === 'percent') return `${fixed(value, 1)}%`;
  return fixed(value, RATIO_DIGITS[measure] ?? 2);
};

/** The measures that matter most for a bank: the page puts them first and in bold. */
export const BANK_MEASURES: ReadonlySet<FundamentalMeasure> = new Set(['pb', 'roe']);

/** The day an instant falls on in India, as YYYY-MM-DD: a filing published at 23:30 IST counts for that Indian day. */
export const indianDayOf = (instant: string): string | null => {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kolkata',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
};

/** Rupees as crores with Indian grouping: 8,77,83,50,00,000 → '8,77,835'. */
export const formatCrore = (rupees: number | null): string => (rupees === null ? NOT_A_NUMBER : fixed(rupees / 1e7, 0));
