/**
 * Numbers as they are written in India: en-IN grouping puts lakh and crore separators
 * (12,34,56,789) and rupee amounts carry the ₹ sign.
 */

type RupeeOptions = {
  /** Paise shown (2, the default) or whole rupees only (0). */
  fractionDigits?: 0 | 2;
};

const cache = new Map<string, Intl.NumberFormat>();

const formatter = (key: string, make: () => Intl.NumberFormat): Intl.NumberFormat => {
  let found = cache.get(key);
  if (!found) {
    found = make();
    cache.set(key, found);
  }
  return found;
};

/** Shown for a value that is not a finite number. */
export const NOT_A_NUMBER = '—';

/** A rupee amount, e.g. 1234567.5 -> '₹12,34,567.50'; `fractionDigits: 0` -> '₹12,34,568'. */
export const formatINR = (amount: number, { fractionDigits = 2 }: RupeeOptions = {}): string => {
  if (!Number.isFinite(amount)) return NOT_A_NUMBER;
  return formatter(`inr-${fractionDigits}`, () =>
    new Intl.NumberFormat('en-IN', {
      style: 'currency',
      currency: 'INR',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }),
  ).format(amount);
};

/** A plain number with Indian grouping, e.g. 98765432 -> '9,87,65,432'. */
export const formatIndianNumber = (value: number, maximumFractionDigits = 2): string => {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  return formatter(`num-${maximumFractionDigits}`, () => new Intl.NumberFormat('en-IN', { maximumFractionDigits })).format(value);
};

/** A market date as Indians write it, e.g. '2024-03-28' -> '28 Mar 2024'. */
export const formatMarketDate = (isoDate: string): string => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return NOT_A_NUMBER;
  return threeLetterMonth(formatterDate.format(date));
};
/** ICU's en-IN writes September 'Sept'; every other month, and the server's sentences, use three letters. */
const threeLetterMonth = (text: string): string => text.replace(/\bSept\b/, 'Sep');
const formatterDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** A signed percentage, e.g. 1.234 -> '+1.23%', -0.5 -> '−0.50%'. */
export const formatSignedPercent = (value: number, fractionDigits = 2): string => {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  const text = Math.abs(value).toFixed(fractionDigits);
  if (Number(text) === 0) return `${text}%`;
  return `${value > 0 ? '+' : '−'}${text}%`;
};

const indiaDayFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** The day an instant falls on in India, e.g. '2026-12-24T10:00:00Z' -> '24 Dec 2026' (as the server writes dates). */
export const formatIndianDay = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return NOT_A_NUMBER;
  return threeLetterMonth(indiaDayFormat.format(date));
};
