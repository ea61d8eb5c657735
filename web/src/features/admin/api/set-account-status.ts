import type { AdminUserChangeResponse } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { ADMIN_AUDIT_KEY } from './get-admin-audit';
import { ADMIN_USERS_KEY } from './get-admin-users';
import { ADMIN_PATHS } from '@nivesh/proto/values';

export type SetAccountStatus = { user_id: string; disabled: boolean };

/**
 * POST /api/admin/users/status (admins only): disable an account (its sessions end at once, it cannot log in) or
 * enable it again. The answer carries the account as it is now and a sentence; disabling oneself is a 409.
 */
export const setAccountStatus = (body: SetAccountStatus, signal?: AbortSignal): Promise<AdminUserChangeResponse> =>
  apiPost(ADMIN_PATHS.adminSetStatus, body, { parse: parseWith((c) => c.AdminUserChangeResponseSchema), signal });

export const setAccountStatusMutationOptions = () =>
  mutationOptions({
    mutationKey: ['admin', 'set-status'] as const,
    mutationFn: (body: SetAccountStatus) => setAccountStatus(body),
  });

/** Changes the status, then refreshes the accounts and the admin log, whatever the answer was. */
export const useSetAccountStatus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...setAccountStatusMutationOptions(),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }), queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY })]),
  });
};
