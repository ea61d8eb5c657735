import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { ADMIN_PATHS } from '@nivesh/proto/values';

/** Every query of the accounts list starts with this key; a change to an account refreshes them all. */
export const ADMIN_USERS_KEY = ['admin', 'users'] as const;

export type AdminUsersParams = { q: string; page: number };

/** GET /api/admin/users (admins only): accounts whose username or e-mail contains `q`, newest first, one page. */
export const getAdminUsers = ({ q, page }: AdminUsersParams, signal?: AbortSignal) => {
  const query = new URLSearchParams({ page: String(page) });
  if (q !== '') query.set('q', q);
  return apiGet(`${ADMIN_PATHS.adminUsers}?${query.toString()}`, { parse: parseWith((c) => c.AdminUsersResponseSchema), signal });
};

export const adminUsersQueryOptions = (params: AdminUsersParams) =>
  queryOptions({
    queryKey: [...ADMIN_USERS_KEY, params] as const,
    queryFn: ({ signal }) => getAdminUsers(params, signal),
    // The previous page stays in view while the next one loads.
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (params: AdminUsersParams) => useQuery(adminUsersQueryOptions(params));
