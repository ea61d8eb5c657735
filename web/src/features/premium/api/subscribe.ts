import type { SubscribeResponse } from '@nivesh/proto';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { deviceBody } from '../../../lib/premium-status';
import { DEFAULT_PLAN_ID, PREMIUM_PATHS } from '@nivesh/proto/values';

/**
 * POST /api/premium/subscribe (bearer): starts a subscription on this device (its fingerprint goes along) and
 * returns the payment page address, or `success: false` with a sentence (e.g. premium is already paid for).
 */
export const subscribe = (planId: string = DEFAULT_PLAN_ID, signal?: AbortSignal): Promise<SubscribeResponse> =>
  apiPost(PREMIUM_PATHS.premiumSubscribe, { plan_id: planId, ...deviceBody() }, { parse: parseWith((c) => c.SubscribeResponseSchema), signal });

export const subscribeMutationOptions = () =>
  mutationOptions({
    mutationKey: ['premium', 'subscribe'] as const,
    mutationFn: (planId?: string) => subscribe(planId),
  });

export const useSubscribe = () => useMutation(subscribeMutationOptions());
