import type { INSIGHT_HORIZONS } from '@nivesh/proto';

/** The horizons as the table names them. */
export const HORIZON_NAMES: Record<(typeof INSIGHT_HORIZONS)[number], string> = {
  '1m': '1 month',
  '3m': '3 months',
  '6m': '6 months',
  '1y': '1 year',
  '3y': '3 years',
  '5y': '5 years',
};

export const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

export const INSIGHTS_TEXTS = {
  horizons:
    'Total return over each period, the yearly rate for a year or longer, NIFTY 50 over the same dates, and whether the ' +
    'latest close is above or below its average over the period. A dash means the stored history is shorter than the period.',
  drawdowns: 'The deepest falls from a peak over all stored history, deepest first, and how long the way down and back took.',
  noDrawdowns: 'No fall from a peak in the stored history.',
  notRecovered: 'not yet recovered',
  seasonality:
    'The average return of each calendar month over the years stored, and in how many of those years the month ended higher. ' +
    'Past months say little about the next one.',
  correlation:
    'How closely daily returns moved together over the last year: 1 means always in step, 0 no relation, −1 always opposite.',
  noPeers: 'No other stock of its industry is in the universe.',
  volumeProfile: 'How many shares changed hands at each price band over the last year, highest prices first.',
  pointOfControl: 'Most traded',
} as const;
