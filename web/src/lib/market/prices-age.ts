/** Calendar parts of an ISO date ('2024-03-28'), or null for anything else. */
const partsOf = (isoDate: string): { year: number; month: number; day: number } | null => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
};

const DAY_MS = 86_400_000;

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * How long ago a market date was, counted in calendar days of the browser's own date `today`: 'today', 'yesterday',
 * 'N days ago' up to six weeks, then whole months, then whole years ('2 years ago'). A date after today reads 'today'.
 */
export const pricesAge = (isoDate: string, today: Date = new Date()): string | null => {
  const date = partsOf(isoDate);
  if (!date) return null;
  const now = { year: today.getFullYear(), month: today.getMonth() + 1, day: today.getDate() };
  const days = Math.round((Date.UTC(now.year, now.month - 1, now.day) - Date.UTC(date.year, date.month - 1, date.day)) / DAY_MS);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 45) return plural(days, 'day');
  const months = (now.year - date.year) * 12 + (now.month - date.month) - (now.day < date.day ? 1 : 0);
  if (months < 12) return plural(Math.max(months, 1), 'month');
  return plural(Math.floor(months / 12), 'year');
};
