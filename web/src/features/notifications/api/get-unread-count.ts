import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { ALERTS_PATHS } from '@nivesh/proto/values';

/** How often the bell asks for the unread count while the tab is in view (it also asks when the tab comes back). */
export const UNREAD_POLL_MS = 60_000;

/** Every query of the unread count starts with this key; reading the list or marking it read sets it. */
export const UNREAD_KEY = ['notifications', 'unread'] as const;

/** GET /api/notifications/unread (bearer): how many of the user's notifications are unread. */
export const getUnreadCount = async (signal?: AbortSignal): Promise<number> => {
  const answer = await apiGet(ALERTS_PATHS.notificationsUnread, {
    parse: parseWith((c) => c.UnreadCountSchema),
    signal,
    timeoutMs: 10_000,
  });
  return answer.unread;
};

/**
 * Asked gently: every minute while the tab is in view, and when the tab comes back into view; never retried at once
 * (the next poll is the retry), so a server that is down costs one request a minute.
 */
export const unreadCountQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...UNREAD_KEY, userId] as const,
    queryFn: ({ signal }) => getUnreadCount(signal),
    refetchInterval: UNREAD_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
    retry: false,
  });

export const useUnreadCount = () => {
  const { user } = useSession();
  return useQuery({ ...unreadCountQueryOptions(user?.user_id ?? null), enabled: user !== null });
};
