import type { AlertCreateRequest, Alerts } from '@nivesh/proto';
import { DEVICE_FINGERPRINT_HEADER } from '@nivesh/proto/premium-tools';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { deviceFingerprint } from '../../../lib/device-fingerprint';
import { showAlerts } from './get-alerts';
import { ALERTS_PATHS } from '@nivesh/proto/values';
import { isPremiumAlertKind } from '../alert-kinds';

/**
 * POST /api/portfolio/alerts (bearer) with {symbol, rule, email}: set an alert; answers them all. An RSI alert is a
 * premium tool, which the gateway checks against this device, so its fingerprint goes along; a refusal (the limit,
 * no premium) comes back as 4xx {detail}.
 */
export const createAlert = (body: AlertCreateRequest, signal?: AbortSignal): Promise<Alerts> =>
  apiPost(ALERTS_PATHS.portfolioCreateAlert, body, {
    parse: parseWith((c) => c.AlertsSchema),
    signal,
    timeoutMs: 15_000,
    headers: isPremiumAlertKind(body.rule.kind) ? { [DEVICE_FINGERPRINT_HEADER]: deviceFingerprint() } : undefined,
  });

export const createAlertMutationOptions = () =>
  mutationOptions({
    mutationKey: ['portfolio', 'create-alert'] as const,
    mutationFn: (body: AlertCreateRequest) => createAlert(body),
  });

/** Sets the alert, then shows the list the server answered. */
export const useCreateAlert = () => {
  const queryClient = useQueryClient();
  return useMutation({ ...createAlertMutationOptions(), onSuccess: (alerts) => showAlerts(queryClient, alerts) });
};
