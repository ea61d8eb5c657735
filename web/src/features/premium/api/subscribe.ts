import type { SubscribeResponse } from '@nivesh/proto';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { DEFAULT_PLAN_ID, ROUTE_PATHS } from '../../../lib/proto-values';

export type SubscribeInput = {
  plan_id?: string;
  /** Identifies this device for the one-device rule. */
  device_fingerprint: string;
  /** The public IP if known; the server treats it as informational. */
  ip_address?: string;
};

/** POST /api/premium/subscribe (bearer): starts a subscription and returns the payment page address. */
export const subscribe = (input: SubscribeInput, signal?: AbortSignal): Promise<SubscribeResponse> =>
  apiPost(
    ROUTE_PATHS.premiumSubscribe,
    { plan_id: input.plan_id ?? DEFAULT_PLAN_ID, device_fingerprint: input.device_fingerprint, ip_address: input.ip_address ?? 'unknown' },
    { parse: parseWith((c) => c.SubscribeResponseSchema), signal },
  );

export const subscribeMutationOptions = () =>
  mutationOptions({
    mutationKey: ['premium', 'subscribe'] as const,
    mutationFn: (input: SubscribeInput) => subscribe(input),
  });

export const useSubscribe = () => useMutation(subscribeMutationOptions());
