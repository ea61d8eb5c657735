import type { Notifications } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { showNotifications } from './get-notifications';
import { ALERTS_PATHS } from '@nivesh/proto/values';

/** POST /api/notifications/read (bearer) with {ids} or, for all of them, {}: answers the list after it. */
export const markNotificationsRead = (ids?: readonly string[], signal?: AbortSignal): Promise<Notifications> =>
  apiPost(ALERTS_PATHS.notificationsRead, ids ? { ids } : {}, {
    parse: parseWith((c) => c.NotificationsSchema),
    signal,
    timeoutMs: 15_000,
  });

export const markReadMutationOptions = () =>
  mutationOptions({
    mutationKey: ['notifications', 'read'] as const,
    mutationFn: (ids?: readonly string[]) => markNotificationsRead(ids),
  });

/** Marks them read, then shows the list the server answered and its unread count on the bell. */
export const useMarkRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...markReadMutationOptions(),
    onSuccess: (notifications) => showNotifications(queryClient, notifications),
  });
};
