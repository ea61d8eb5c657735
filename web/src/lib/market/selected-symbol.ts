import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The stock shown when the visitor has not picked one. */
export const DEFAULT_SYMBOL = 'RELIANCE';
const STORAGE_KEY = 'nivesh.market.symbol';

/** What a symbol may look like (NSE symbols: capitals, digits, '&', '-', '.'); anything else in the address is ignored. */
export const SYMBOL_PATTERN = /^[A-Z0-9&. -]{1,32}$/;

const remembered = (): string | null => {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return value && SYMBOL_PATTERN.test(value) ? value : null;
  } catch {
    return null;
  }
};

/**
 * The stock a market page shows: `?symbol=` in the address (so a view can be shared and reloaded), else the
 * last one picked on any market page (so moving from Technical Analysis to Risk Detection keeps the stock),
 * else RELIANCE.
 */
export const useSelectedSymbol = (): [string, (symbol: string) => void] => {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('symbol')?.toUpperCase() ?? null;
  const symbol = fromUrl && SYMBOL_PATTERN.test(fromUrl) ? fromUrl : (remembered() ?? DEFAULT_SYMBOL);
  const select = useCallback(
    (next: string) => {
      try {
        localStorage.setItem(STORAGE_KEY, next);
      } catch {
        // Storage may be unavailable (private mode); the address still carries the choice.
      }
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.set('symbol', next);
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return [symbol, select];
};
