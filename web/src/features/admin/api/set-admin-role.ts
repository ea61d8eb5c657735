import type { AdminUserChangeResponse } from '@nivesh/proto';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import { ADMIN_AUDIT_KEY } from './get-admin-audit';
import { ADMIN_USERS_KEY } from './get-admin-users';
import { ADMIN_PATHS } from '@nivesh/proto/values';

export type SetAdminRole = { user_id: string; is_admin: boolean };

/**
 * POST /api/admin/users/role (admins only): make an account an admin or remove it; their live sessions follow at
 * once. The answer carries the account as it is now and a sentence; a refusal (oneself, the last admin) is a 409.
 */
export const setAdminRole = (body: SetAdminRole, signal?: AbortSignal): Promise<AdminUserChangeResponse> =>
  apiPost(ADMIN_PATHS.adminSetRole, body, { parse: parseWith((c) => c.AdminUserChangeResponseSchema), signal });

export const setAdminRoleMutationOptions = () =>
  mutationOptions({
    mutationKey: ['admin', 'set-role'] as const,
    mutationFn: (body: SetAdminRole) => setAdminRole(body),
  });

/** Changes the role, then refreshes the accounts and the admin log, whatever the answer was. */
export const useSetAdminRole = () => {
  const queryClient = useQueryClient();
  return useMutation({
    ...setAdminRoleMutationOptions(),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY }), queryClient.invalidateQueries({ queryKey: ADMIN_AUDIT_KEY })]),
  });
};
