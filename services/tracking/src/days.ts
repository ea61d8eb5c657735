/** Days are UTC calendar days written 'YYYY-MM-DD', as PostgreSQL prints a `date`. */
export type Day = string;

const DAY_MS = 86_400_000;

/** The UTC day of a moment. */
export const utcDay = (at: Date): Day => at.toISOString().slice(0, 10);

/** Midnight (UTC) at the start of a day. */
export const startOfDay = (day: Day): Date => new Date(`${day}T00:00:00.000Z`);

export const addDays = (day: Day, days: number): Day => utcDay(new Date(startOfDay(day).getTime() + days * DAY_MS));

/** Every day from `first` to `last`, both included, in order. */
export const daysFrom = (first: Day, last: Day): Day[] => {
  const days: Day[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
};
