import { SCREENER_FILTERS } from '@nivesh/proto/values';
import type { ScreenerQuery } from '@nivesh/proto';
import { useCallback, useMemo } from 'react';
import { useLatestSearchParams } from '../../hooks/use-latest-search-params';
import { SYMBOL_PATTERN } from '../../lib/market/selected-symbol';

/** The screener's filters: each bound a number, absent when there is no limit. */
export type ScreenerFilters = ScreenerQuery;

/** One bound of the screener's query string, e.g. 'pe_max'. */
export type FilterKey = keyof ScreenerQuery;

/** The query string's keys in their order: each filter's lowest, then its highest. */
export const FILTER_KEYS: readonly FilterKey[] = SCREENER_FILTERS.flatMap((measure) => [`${measure}_min`, `${measure}_max`] as const);

/** A bound as typed ('25', ' 1.5 '), or null when the text is empty or not a number. */
const boundOf = (text: string | null): number | null => {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
};

/** The filters written in an address' query (`?pe_max=25&roe_min=15`); anything else there is ignored. */
export const filtersFromParams = (params: URLSearchParams): ScreenerFilters => {
  const filters: ScreenerFilters = {};
  for (const key of FILTER_KEYS) {
    const value = boundOf(params.get(key));
    if (value !== null) filters[key] = value;
  }
  return filters;
};

/** The filters from the form's boxes, one text per bound; empty boxes set no limit. */
export const filtersFromInputs = (inputs: Partial<Record<FilterKey, string>>): ScreenerFilters => {
  const filters: ScreenerFilters = {};
  for (const key of FILTER_KEYS) {
    const value = boundOf(inputs[key] ?? null);
    if (value !== null) filters[key] = value;
  }
  return filters;
};

/** The filters as query pairs in a fixed order (each measure's lowest, then highest), so equal filters read the same. */
export const filterEntries = (filters: ScreenerFilters): Array<[FilterKey, string]> =>
  FILTER_KEYS.flatMap((key) => {
    const value = filters[key];
    return value === undefined ? [] : [[key, String(value)] as [FilterKey, string]];
  });

/** An address' query with `filters` in place of its old ones; other parameters (the stock shown) stay first. */
export const withFilters = (params: URLSearchParams, filters: ScreenerFilters): URLSearchParams => {
  const filterKeys = new Set<string>(FILTER_KEYS);
  const next = new URLSearchParams([...params].filter(([key]) => !filterKeys.has(key)));
  for (const [key, value] of filterEntries(filters)) next.set(key, value);
  return next;
};

/** An address' query showing `symbol`'s valuation, the filters kept. */
export const withSymbol = (params: URLSearchParams, symbol: string): URLSearchParams => {
  const next = new URLSearchParams(params);
  next.set('symbol', symbol);
  return next;
};

/** The stock whose valuation the address asks for (`?symbol=INFY`), or null: the detail shows only when one is named. */
export const symbolFromParams = (params: URLSearchParams): string | null => {
  const symbol = params.get('symbol')?.trim().toUpperCase() ?? '';
  return symbol && SYMBOL_PATTERN.test(symbol) ? symbol : null;
};

/**
 * The screener's filters in the address, so a view can be shared and reloaded, and `apply`, which writes new ones
 * there (a new history entry, like any search form) and keeps the stock shown.
 */
export const useScreenerFilters = (): [ScreenerFilters, (filters: ScreenerFilters) => void] => {
  const [params, setParams] = useLatestSearchParams();
  const key = filterEntries(filtersFromParams(params))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  // A new object only when the filters change, so the query and the form see stable values.
  const filters = useMemo(() => filtersFromParams(new URLSearchParams(key)), [key]);
  const apply = useCallback((next: ScreenerFilters) => setParams((current) => withFilters(current, next)), [setParams]);
  return [filters, apply];
};
