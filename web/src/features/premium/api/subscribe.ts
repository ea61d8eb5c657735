import type { SubscribeRequestSchema, SubscribeResponse } from '@nivesh/proto';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost, parseWith } from '../../../lib/api-client';
import { DEFAULT_PLAN_ID, ROUTE_PATHS } from '../../../lib/proto-values';

/** The subscribe request before its defaults: `plan_id` and `ip_address` may be left out. */
export type SubscribeInput = z.input<typeof SubscribeRequestSchema>;

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
