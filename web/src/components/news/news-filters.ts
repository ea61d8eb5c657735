import { SYMBOL_PATTERN } from '../../lib/market/selected-symbol';
import { NEWS_KINDS, NEWS_TONES } from '@nivesh/proto/values';

export type NewsKindFilter = (typeof NEWS_KINDS)[number];
export type NewsToneFilter = (typeof NEWS_TONES)[number];

/** The page's filters, kept in the address so a view can be shared and reloaded. */
export type NewsFilters = {
  symbol?: string;
  kind?: NewsKindFilter;
  tone?: NewsToneFilter;
  from?: string;
  to?: string;
  page: number;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_PAGE = 1_000;
const KEYS = ['symbol', 'kind', 'tone', 'from', 'to', 'page'] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** The filters in the address; anything malformed there is ignored rather than sent. */
export const filtersFromParams = (params: URLSearchParams): NewsFilters => {
  const symbol = params.get('symbol')?.toUpperCase();
  const from = params.get('from');
  const to = params.get('to');
  const page = Number(params.get('page'));
  return {
    symbol: symbol && SYMBOL_PATTERN.test(symbol) ? symbol : undefined,
    kind: oneOf(NEWS_KINDS, params.get('kind')),
    tone: oneOf(NEWS_TONES, params.get('tone')),
    from: from && DATE.test(from) ? from : undefined,
    to: to && DATE.test(to) ? to : undefined,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
  };
};

/** `params` with the filters written in (and the others of the page left as they are); page 1 is left out. */
export const paramsWithFilters = (params: URLSearchParams, filters: NewsFilters): URLSearchParams => {
  const next = new URLSearchParams(params);
  for (const key of KEYS) {
    const value = filters[key];
    if (value === undefined || (key === 'page' && value === 1)) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
};

/** Whether the dates cannot both hold: the server refuses such a range. */
export const datesReversed = (filters: NewsFilters): boolean => filters.from !== undefined && filters.to !== undefined && filters.from > filters.to;

/** The query of GET /api/news for the filters. */
export const newsQuery = (filters: NewsFilters, pageSize: number): Record<string, string | undefined> => ({
  symbol: filters.symbol,
  kind: filters.kind,
  tone: filters.tone,
  from: filters.from,
  to: filters.to,
  page: filters.page > 1 ? String(filters.page) : undefined,
  page_size: String(pageSize),
});
