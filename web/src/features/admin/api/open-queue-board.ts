import type { AdminQueuesSessionResponse } from '@nivesh/proto';
import { apiPost, parseWith } from '../../../lib/api-client';
import { ADMIN_PATHS } from '@nivesh/proto/values';

/**
 * POST /api/admin/queues/session (admins only): a 15-minute pass, set by the server as a cookie for /admin/queues only,
 * since a page load cannot carry the bearer token. The answer says where the board is.
 */
export const openQueueBoardPass = (signal?: AbortSignal): Promise<AdminQueuesSessionResponse> =>
  apiPost(ADMIN_PATHS.adminQueuesSession, {}, { parse: parseWith((c) => c.AdminQueuesSessionResponseSchema), signal });
