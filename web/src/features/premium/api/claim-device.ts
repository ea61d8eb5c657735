import type { PremiumStatusResponse } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { PREMIUM_STATUS_KEY, deviceBody, premiumStatusQueryOptions, storePremiumFlags } from '../../../lib/premium-status';
import { PREMIUM_PATHS } from '@nivesh/proto/values';

/** POST /api/premium/device (bearer): 'Use Premium on this device' moves the account's premium here. */
export const claimDevice = (signal?: AbortSignal): Promise<PremiumStatusResponse> =>
  apiPost(PREMIUM_PATHS.premiumDevice, deviceBody(), { parse: parseWith((c) => c.PremiumStatusResponseSchema), signal });

export const claimDeviceMutationOptions = () =>
  mutationOptions({
    mutationKey: ['premium', 'device'] as const,
    mutationFn: () => claimDevice(),
  });

/** Moves premium to this device; the answer is the new status, and every status query is refreshed after it. */
export const useClaimDevice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...claimDeviceMutationOptions(),
    onSuccess: (status) => {
      storePremiumFlags(status);
      queryClient.setQueryData(premiumStatusQueryOptions(status.user.user_id).queryKey, status);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: PREMIUM_STATUS_KEY }),
  });
};
