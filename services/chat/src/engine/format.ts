/**
 * How answers write numbers and dates: Indian digit grouping (12,34,567.50), rupees with ₹, and market dates as
 * "28 Mar 2024". Every figure an answer cites goes through these, so answers and the facts block agree.
 */

// ICU's en-IN spells September "Sept"; answers keep the three-letter "d MMM yyyy" that people (and tests) read.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const grouping = new Map<number, Intl.NumberFormat>();
const rupees = [0, 2].map((digits) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: digits, maximumFractionDigits: digits }));

/** Digits after the point for indicator readings (RSI, MACD, ADX, stochastic): 57.3996 → "57.40". */
export const INDICATOR_DECIMALS = 2;

/** A market date, e.g. '2024-03-28' → '28 Mar 2024' (day month year, en-IN order). */
export const formatDate = (isoDate: string): string => {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day || month > 12) return isoDate;
  return `${day} ${MONTHS[month - 1]} ${year}`;
};

/** "as of 28 Mar 2024": how every cited number names its date. */
export const asOf = (isoDate: string): string => `as of ${formatDate(isoDate)}`;

/** A number with Indian grouping, exactly `digits` decimals and a true minus sign, e.g. 10927182 → '1,09,27,182'. */
export const formatNumber = (value: number, digits = 2): string => {
  let format = grouping.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-IN', { minimumFractionDigits: digits, maximumFractionDigits: digits });
    grouping.set(digits, format);
  }
  return format.format(value).replace(/^-/, '−');
};

/** An indicator reading to `INDICATOR_DECIMALS` decimals. */
export const formatIndicator = (value: number): string => formatNumber(value, INDICATOR_DECIMALS);

/** A rupee amount, e.g. 2971.7 → '₹2,971.70'; `wholeRupees` → '₹2,972'. */
export const formatRupees = (value: number, wholeRupees = false): string => rupees[wholeRupees ? 0 : 1]!.format(value);

/** A percentage, e.g. 20.317 → '20.32%'. */
export const formatPercent = (value: number, digits = 2): string => `${formatNumber(value, digits)}%`;

/** A signed percentage, e.g. 2.08 → '+2.08%', -0.47 → '−0.47%'. */
export const formatSignedPercent = (value: number, digits = 2): string => {
  const text = formatNumber(Math.abs(value), digits);
  if (Number(text.replace(/,/g, '')) === 0) return `${text}%`;
  return `${value > 0 ? '+' : '−'}${text}%`;
};

/** A signed rupee change, e.g. -14 → '−₹14.00'. */
export const formatSignedRupees = (value: number): string => {
  const text = formatRupees(Math.abs(value));
  if (Math.abs(value) < 0.005) return text;
  return `${value > 0 ? '+' : '−'}${text}`;
};

/** The ISO date `months` calendar months before `isoDate` (clamped to the month's last day). */
export const monthsBefore = (isoDate: string, months: number): string => {
  const [year, month, day] = isoDate.split('-').map(Number);
  const first = new Date(Date.UTC(year!, month! - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day!, lastDay));
  return first.toISOString().slice(0, 10);
};

/** Words in a text, for keeping answers short. */
export const wordCount = (text: string): number => text.split(/\s+/).filter(Boolean).length;
