import { useQuery } from '@tanstack/react-query';
import { premiumState, premiumStatusQueryOptions } from '../lib/premium-status';
import type { PremiumState } from '../lib/premium-status';
import { useSession } from '../lib/session';

/**
 * Premium on this device, for everything that hides or shows for premium: one status query per login,
 * shared by every caller, re-checked after login and after premium changes.
 */
export const usePremium = (): PremiumState => {
  const { user } = useSession();
  const query = useQuery(premiumStatusQueryOptions(user?.user_id ?? null));
  return premiumState({ user, status: query.data, failed: query.isError, now: Date.now() });
};
