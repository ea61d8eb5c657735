import type { SENTIMENT_LABELS } from '@nivesh/proto';
import type { SentimentRange } from './api/get-sentiment';

/** The history ranges the page offers, as the buttons name them. */
export const SENTIMENT_RANGES: ReadonlyArray<{ value: SentimentRange; label: string; name: string }> = [
  { value: '6m', label: '6M', name: 'last six months' },
  { value: '1y', label: '1Y', name: 'last year' },
  { value: '5y', label: '5Y', name: 'last five years' },
];

export const DEFAULT_SENTIMENT_RANGE: SentimentRange = '1y';

/** The five moods on the 0-100 scale; the lines at 25, 45, 55 and 75 separate them on the history chart. */
export const SENTIMENT_ZONES: ReadonlyArray<{ label: (typeof SENTIMENT_LABELS)[number]; from: number; to: number }> = [
  { label: 'Extreme fear', from: 0, to: 25 },
  { label: 'Fear', from: 25, to: 45 },
  { label: 'Neutral', from: 45, to: 55 },
  { label: 'Greed', from: 55, to: 75 },
  { label: 'Extreme greed', from: 75, to: 100 },
];

export const SENTIMENT_TEXTS = {
  scaleExplained: '0 means the market is fearful, 100 that it is greedy. The index describes the mood; it does not predict it.',
  zonesExplained: 'The dashed lines at 25, 45, 55 and 75 separate extreme fear, fear, neutral, greed and extreme greed.',
} as const;
