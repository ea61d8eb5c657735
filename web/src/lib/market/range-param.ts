import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A page's chosen range in the address (`?range=1y`), so a view can be reloaded and shared like its stock.
 * An unknown value in the address falls back to `fallback`; choosing the default removes the parameter.
 */
export const useRangeParam = <R extends string>(allowed: readonly R[], fallback: R): [R, (range: R) => void] => {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('range');
  const range = allowed.find((value) => value === fromUrl) ?? fallback;
  const select = useCallback(
    (next: R) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === fallback) updated.delete('range');
          else updated.set('range', next);
          return updated;
        },
        { replace: true },
      ),
    [fallback, setParams],
  );
  return [range, select];
};
