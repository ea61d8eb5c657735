import type { LogoutResponse } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';
import { ME_QUERY_KEY } from './get-me';
import { AUTH_PATHS } from '@nivesh/proto/values';

/** POST /logout: ends the session on the server (bearer token). */
export const logout = (signal?: AbortSignal): Promise<LogoutResponse> =>
  apiPost(AUTH_PATHS.logout, {}, { parse: parseWith((c) => c.LogoutResponseSchema), signal });

export const logoutMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'logout'] as const,
    mutationFn: () => logout(),
  });

/** Logs out on the server, then clears the local session whatever the server said. */
export const useLogout = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...logoutMutationOptions(),
    onSettled: () => {
      clearSession();
      queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
    },
  });
};
