/**
 * How the portfolio pages write their figures: rupees with Indian grouping (lib/format.ts), percentages with one
 * decimal and a no-break space before the sign ('14.2 %'), so a figure never wraps away from its unit.
 */
import { NOT_A_NUMBER, formatINR, formatIndianNumber } from '../../lib/format';

const percentFormats = new Map<number, Intl.NumberFormat>();

const percentFormat = (digits: number): Intl.NumberFormat => {
  let found = percentFormats.get(digits);
  if (!found) {
    found = new Intl.NumberFormat('en-IN', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    percentFormats.set(digits, found);
  }
  return found;
};

/** A percentage, e.g. 29.834 -> '29.8 %'; `signed` marks rises and falls: '+14.3 %', '−9.6 %'. */
export const formatPercent = (value: number | null, { signed = false, digits = 1 } = {}): string => {
  if (value === null || !Number.isFinite(value)) return NOT_A_NUMBER;
  const text = percentFormat(digits).format(Math.abs(value));
  const zero = Number(text.replace(/,/g, '')) === 0;
  const sign = zero ? '' : value < 0 ? '−' : signed ? '+' : '';
  return `${sign}${text}\u00a0%`;
};

/** A yearly rate in % (14.2, as the API gives XIRR), without its sign: '14.2 %'. */
export const formatRate = (rate: number): string => formatPercent(Math.abs(rate));

/** A gain or loss in rupees with its sign: '+₹3,723.90', '−₹2,317.50', '₹0.00'. */
export const formatSignedINR = (amount: number): string => {
  if (!Number.isFinite(amount)) return NOT_A_NUMBER;
  const text = formatINR(Math.abs(amount));
  if (text === formatINR(0)) return text;
  return `${amount < 0 ? '−' : '+'}${text}`;
};

/** Shares, to two decimals at most (bonus issues and demergers can leave fractions): '1,250', '12.5'. */
export const formatQuantity = (quantity: number): string => formatIndianNumber(quantity, 2);

/** Whether a figure is a gain, a loss or neither, for its colour (market.css's .change.up / .down / .flat). */
export const directionOf = (value: number | null): 'up' | 'down' | 'flat' =>
  value === null || value === 0 || !Number.isFinite(value) ? 'flat' : value > 0 ? 'up' : 'down';
