import type { Alerts } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { showAlerts } from './get-alerts';
import { ALERTS_PATHS } from '@nivesh/proto/values';

/** POST /api/portfolio/alerts/delete (bearer) with {id}: delete one of the user's alerts; answers the rest. */
export const deleteAlert = (id: string, signal?: AbortSignal): Promise<Alerts> =>
  apiPost(
    ALERTS_PATHS.portfolioDeleteAlert,
    { id },
    { parse: parseWith((c) => c.AlertsSchema), signal, timeoutMs: 15_000 },
  );

export const deleteAlertMutationOptions = () =>
  mutationOptions({
    mutationKey: ['portfolio', 'delete-alert'] as const,
    mutationFn: (id: string) => deleteAlert(id),
  });

/** Deletes, then shows the list the server answered. */
export const useDeleteAlert = () => {
  const queryClient = useQueryClient();
  return useMutation({ ...deleteAlertMutationOptions(), onSuccess: (alerts) => showAlerts(queryClient, alerts) });
};
