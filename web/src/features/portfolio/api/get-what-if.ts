import type { PortfolioWhatIf } from '@nivesh/proto';
import { DEVICE_FINGERPRINT_HEADER } from '@nivesh/proto/premium-tools';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { deviceFingerprint } from '../../../lib/device-fingerprint';
import { MARKET_STALE_MS } from '../../../lib/market/market-query';
import { useSession } from '../../../lib/session';
import { retryUnlessRefused } from './retry';
import { PORTFOLIO_PATHS } from '@nivesh/proto/values';

/** Every query of the what-if starts with this key; a change to the transactions refreshes it. */
export const WHAT_IF_KEY = ['portfolio', 'what-if'] as const;

/**
 * GET /api/portfolio/what-if (bearer): a minimum-variance and a risk-parity mix of the stocks held, beside today's
 * weights. A premium tool, which the gateway checks against this device, so the fingerprint goes along; anyone else
 * is refused with 401 or 403 {detail}.
 */
export const getWhatIf = (signal?: AbortSignal): Promise<PortfolioWhatIf> =>
  apiGet(PORTFOLIO_PATHS.portfolioWhatIf, {
    parse: parseWith((c) => c.PortfolioWhatIfSchema),
    signal,
    timeoutMs: 25_000,
    headers: { [DEVICE_FINGERPRINT_HEADER]: deviceFingerprint() },
  });

/**
 * Keyed by the user; it changes only with new end-of-day prices or the user's own transactions (which invalidate
 * it), so it is kept like a market answer.
 */
export const whatIfQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...WHAT_IF_KEY, userId] as const,
    queryFn: ({ signal }) => getWhatIf(signal),
    staleTime: MARKET_STALE_MS,
    retry: retryUnlessRefused,
  });

/** The what-if, asked for only while `enabled` (premium active on this device): else the gateway would refuse it. */
export const useWhatIf = (enabled: boolean) => {
  const { user } = useSession();
  return useQuery({ ...whatIfQueryOptions(user?.user_id ?? null), enabled: enabled && user !== null });
};
