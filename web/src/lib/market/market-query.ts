import type { z } from 'zod';
import { apiGet, parseWith } from '../api-client';
import type { Contracts } from '../contracts';

/** Market answers change only when new prices are imported (end of day), so they stay fresh for a while. */
export const MARKET_STALE_MS = 5 * 60_000;

/** GET one market route with its query string, parsed by its proto schema (`pick` names it in the contracts). */
export const getMarket = <S extends z.ZodType>(
  path: string,
  params: Record<string, string | boolean | undefined>,
  pick: (contracts: Contracts) => S,
  signal?: AbortSignal,
): Promise<z.output<S>> => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const search = query.toString();
  return apiGet(search ? `${path}?${search}` : path, { parse: parseWith(pick), signal, timeoutMs: 20_000 });
};
