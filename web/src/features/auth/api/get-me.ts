import type { MeResponse } from '@nivesh/proto';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet, parseWith } from '../../../lib/api-client';
import { updateSessionUser, useSession } from '../../../lib/session';
import { AUTH_PATHS } from '@nivesh/proto/values';

/** GET /me: the signed-in user (bearer token); a 401 ends the session in the API client. */
export const getMe = (signal?: AbortSignal): Promise<MeResponse> =>
  apiGet(AUTH_PATHS.me, { parse: parseWith((c) => c.MeResponseSchema), signal });

export const ME_QUERY_KEY = ['auth', 'me'] as const;

export const meQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...ME_QUERY_KEY, userId] as const,
    queryFn: async ({ signal }) => {
      const me = await getMe(signal);
      // Roles and premium may have changed since login; the stored flags follow the server.
      updateSessionUser(me);
      return me;
    },
    enabled: userId !== null,
    staleTime: 60_000,
    retry: (failures, error) => !(error instanceof ApiError && (error.status === 401 || error.kind === 'aborted')) && failures < 1,
  });

/** The signed-in user from the server, re-checked on load; idle when logged out. */
export const useMe = () => {
  const { user } = useSession();
  return useQuery(meQueryOptions(user?.user_id ?? null));
};
