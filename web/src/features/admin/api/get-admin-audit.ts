import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet, parseWith } from '../../../lib/api-client';
import { ADMIN_PATHS } from '@nivesh/proto/values';

/** Every page of the admin log starts with this key; a change to an account refreshes them all. */
export const ADMIN_AUDIT_KEY = ['admin', 'audit'] as const;

/** GET /api/admin/audit (admins only): the changes admins made to accounts, newest first, one page. */
export const getAdminAudit = (page: number, signal?: AbortSignal) =>
  apiGet(`${ADMIN_PATHS.adminAudit}?page=${page}`, { parse: parseWith((c) => c.AdminAuditResponseSchema), signal });

export const adminAuditQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...ADMIN_AUDIT_KEY, page] as const,
    queryFn: ({ signal }) => getAdminAudit(page, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminAudit = (page: number) => useQuery(adminAuditQueryOptions(page));
