import { SYMBOL_PATTERN } from './selected-symbol';

/** The last stocks picked in the symbol picker, newest first, kept in the browser for the next visit. */
export const RECENT_SYMBOLS_KEY = 'nivesh.market.recent-symbols';
export const MAX_RECENT_SYMBOLS = 5;

export const readRecentSymbols = (): string[] => {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(RECENT_SYMBOLS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    const symbols = parsed.filter((value): value is string => typeof value === 'string' && SYMBOL_PATTERN.test(value));
    return [...new Set(symbols)].slice(0, MAX_RECENT_SYMBOLS);
  } catch {
    // Unreadable JSON or no storage (private mode): start with no recent picks.
    return [];
  }
};

/** Puts `symbol` first in the recent picks (once), keeps the newest five, and returns them. */
export const rememberRecentSymbol = (symbol: string): string[] => {
  const recent = [symbol, ...readRecentSymbols().filter((entry) => entry !== symbol)].slice(0, MAX_RECENT_SYMBOLS);
  try {
    localStorage.setItem(RECENT_SYMBOLS_KEY, JSON.stringify(recent));
  } catch {
    // Storage may be unavailable; the picks are then remembered for this page only.
  }
  return recent;
};
