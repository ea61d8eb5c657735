/*
 * How generated items write figures: rupees with ₹ and Indian digit grouping (₹1,53,670 cr), dates as "28 Mar 2024",
 * times in IST, as the other services write them.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
/** Indian Standard Time, in which NSE stamps filings and trades. */
export const IST_OFFSET_MS = 330 * 60_000;
const CRORE = 1e7;

const grouped = (digits: number) => new Intl.NumberFormat('en-IN', { maximumFractionDigits: digits });
const whole = grouped(0);
const oneDecimal = grouped(1);
const twoDecimals = grouped(2);

/** A market date, e.g. '2024-03-28' → '28 Mar 2024'. */
export const formatDate = (isoDate: string): string => {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
};

/** 'October–December 2023', or 'April 2023 – March 2024' across years. */
export const formatMonths = (start: string, end: string): string => {
  const [startYear, startMonth] = start.split('-').map(Number) as [number, number];
  const [endYear, endMonth] = end.split('-').map(Number) as [number, number];
  return startYear === endYear
    ? `${LONG_MONTHS[startMonth - 1]}–${LONG_MONTHS[endMonth - 1]} ${endYear}`
    : `${LONG_MONTHS[startMonth - 1]} ${startYear} – ${LONG_MONTHS[endMonth - 1]} ${endYear}`;
};

/** The day (IST) an instant falls on. */
export const istDay = (instant: string): string => new Date(Date.parse(instant) + IST_OFFSET_MS).toISOString().slice(0, 10);

/** The time (IST) of an instant, e.g. '18:28 IST'. */
export const istTime = (instant: string): string => `${new Date(Date.parse(instant) + IST_OFFSET_MS).toISOString().slice(11, 16)} IST`;

/** The instant of a time of day in India, e.g. ('2024-03-28', '15:30') → '2024-03-28T10:00:00.000Z'. */
export const istInstant = (isoDate: string, time: string): string => new Date(Date.parse(`${isoDate}T${time}:00.000Z`) - IST_OFFSET_MS).toISOString();

/** Rupees in crore: '₹38,821 cr' (whole crore from ₹100 cr, else one decimal). */
export const formatCrore = (rupees: number): string => {
  const crore = rupees / CRORE;
  return `₹${(Math.abs(crore) >= 100 ? whole : oneDecimal).format(crore)} cr`;
};

const paise = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Rupees per share, with paise: '₹14.40', '₹1,733.55'. */
export const formatRupees = (value: number): string => `₹${paise.format(value)}`;

/** A count with Indian grouping: '1,23,45,678'. */
export const formatCount = (value: number): string => whole.format(value);

/** A change in words: 'up 1.3%', 'down 7.3%', 'unchanged' (under 0.05 %). */
export const changeWords = (pct: number): string => {
  if (Math.abs(pct) < 0.05) return 'unchanged';
  return `${pct > 0 ? 'up' : 'down'} ${oneDecimal.format(Math.abs(pct))}%`;
};

/** A share ratio: '2', '1.33'. */
export const formatRatio = (value: number): string => twoDecimals.format(value);

/** A percentage to one decimal: '4.2'. */
export const formatOneDecimal = (value: number): string => oneDecimal.format(value);
