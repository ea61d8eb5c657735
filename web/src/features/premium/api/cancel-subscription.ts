import type { CancelResponse } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { PREMIUM_STATUS_KEY } from '../../../lib/premium-status';
import { PREMIUM_PATHS } from '@nivesh/proto/values';

/** POST /api/premium/cancel (bearer): stops renewal; premium stays until `premium_expires_at`. */
export const cancelSubscription = (signal?: AbortSignal): Promise<CancelResponse> =>
  apiPost(PREMIUM_PATHS.premiumCancel, {}, { parse: parseWith((c) => c.CancelResponseSchema), signal });

export const cancelSubscriptionMutationOptions = () =>
  mutationOptions({
    mutationKey: ['premium', 'cancel'] as const,
    mutationFn: () => cancelSubscription(),
  });

/** Cancels, then re-checks the premium status (section 7), whatever the answer was. */
export const useCancelSubscription = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...cancelSubscriptionMutationOptions(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PREMIUM_STATUS_KEY }),
  });
};
