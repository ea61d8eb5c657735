import { useCallback, useEffect, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

export type SearchParamsUpdate = (update: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void;

/**
 * The address's search params and an updater that is handed the latest ones, even when a second change comes before
 * React renders again (a stock picked, then a kind chosen straight after). react-router's own updater is handed the
 * params of the last render, so the second change would silently drop the first.
 */
export function useLatestSearchParams(): [URLSearchParams, SearchParamsUpdate] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback<SearchParamsUpdate>(
    (change, options) => {
      latest.current = change(new URLSearchParams(latest.current));
      setParams(latest.current, options);
    },
    [setParams],
  );
  return [params, update];
}
