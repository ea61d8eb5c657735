import type { Notifications } from '@nivesh/proto';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiGet, parseWith } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { UNREAD_KEY } from './get-unread-count';
import { ALERTS_PATHS } from '@nivesh/proto/values';

/** Every query of the user's notifications starts with this key. */
export const NOTIFICATIONS_KEY = ['notifications', 'list'] as const;

/** GET /api/notifications (bearer): the user's notifications, newest first, with the number unread. */
export const getNotifications = (signal?: AbortSignal): Promise<Notifications> =>
  apiGet(ALERTS_PATHS.notifications, {
    parse: parseWith((c) => c.NotificationsSchema),
    signal,
    timeoutMs: 15_000,
  });

/** Asked afresh each time the list opens: it is read just after the bell said something new arrived. */
export const notificationsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, userId] as const,
    queryFn: ({ signal }) => getNotifications(signal),
    staleTime: 0,
  });

/** The list and the bell agree: the list's own unread count becomes the bell's. */
export const showNotifications = (queryClient: QueryClient, notifications: Notifications): void => {
  queryClient.setQueriesData({ queryKey: NOTIFICATIONS_KEY }, notifications);
  queryClient.setQueriesData({ queryKey: UNREAD_KEY }, notifications.unread);
};

export const useNotifications = () => {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const query = useQuery(notificationsQueryOptions(user?.user_id ?? null));
  const { data } = query;
  useEffect(() => {
    if (data) queryClient.setQueriesData({ queryKey: UNREAD_KEY }, data.unread);
  }, [data, queryClient]);
  return query;
};
