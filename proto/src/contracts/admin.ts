import { z } from 'zod';
import { defineRoute } from '../http';
import { defineRpc } from '../rpc';
import { IdSchema, IsoDateTimeSchema, withCaller } from './common';
import { ADMIN_PATHS } from '../values/admin';

const TAG = 'admin';

export const ADMIN_USERS_PAGE_SIZE = 25;

const PageSchema = z.coerce.number().int().min(1).max(10_000).default(1);
const PageSizeSchema = z.coerce.number().int().min(1).max(100).default(ADMIN_USERS_PAGE_SIZE);

// ---- bodies ---------------------------------------------------------------------------------

/** Users whose username or e-mail contains `q` (case-insensitive; empty: everyone), newest first. */
export const AdminUsersQuerySchema = z.object({
  q: z.string().trim().max(100).default(''),
  page: PageSchema,
  page_size: PageSizeSchema,
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

/** An account as the admin page lists it. */
export const AdminUserSchema = z.object({
  user_id: IdSchema,
  username: z.string(),
  email: z.string(),
  created_at: IsoDateTimeSchema,
  is_admin: z.boolean(),
  /** A disabled account cannot log in, and its sessions were ended when it was disabled. */
  disabled: z.boolean(),
  disabled_at: IsoDateTimeSchema.nullable(),
  /** From premium; false when premium could not be asked (`premium_known` false). */
  is_premium: z.boolean(),
  premium_expires_at: IsoDateTimeSchema.nullable(),
  premium_known: z.boolean(),
  /** The last request of any of the user's sessions (to the minute), else the last login; null: never. */
  last_active_at: IsoDateTimeSchema.nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersResponseSchema = z.object({
  users: z.array(AdminUserSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
});
export type AdminUsersResponse = z.infer<typeof AdminUsersResponseSchema>;

/** Make an account an admin or take admin away; live sessions change at once. */
export const AdminSetRoleRequestSchema = z.object({ user_id: IdSchema, is_admin: z.boolean() });
export type AdminSetRoleRequest = z.infer<typeof AdminSetRoleRequestSchema>;

/** Disable an account (its sessions end at once, it cannot log in) or enable it again. */
export const AdminSetStatusRequestSchema = z.object({ user_id: IdSchema, disabled: z.boolean() });
export type AdminSetStatusRequest = z.infer<typeof AdminSetStatusRequestSchema>;

/** The account after the change, the sessions it ended, and a sentence for the admin. */
export const AdminUserChangeResponseSchema = z.object({
  user: AdminUserSchema,
  changed: z.boolean(),
  sessions_ended: z.number().int().nonnegative(),
  message: z.string(),
});
export type AdminUserChangeResponse = z.infer<typeof AdminUserChangeResponseSchema>;

export const ADMIN_AUDIT_ACTIONS = ['grant_admin', 'revoke_admin', 'disable', 'enable'] as const;
export const AdminAuditActionSchema = z.enum(ADMIN_AUDIT_ACTIONS);
export type AdminAuditAction = z.infer<typeof AdminAuditActionSchema>;

export const AdminAuditQuerySchema = z.object({ page: PageSchema, page_size: PageSizeSchema });
export type AdminAuditQuery = z.infer<typeof AdminAuditQuerySchema>;

/** Who changed which account, how and when; newest first. Kept for good. */
export const AdminAuditEntrySchema = z.object({
  id: IdSchema,
  at: IsoDateTimeSchema,
  actor_user_id: IdSchema,
  actor_username: z.string(),
  target_user_id: IdSchema,
  target_username: z.string(),
  action: AdminAuditActionSchema,
  /** The change in a sentence, e.g. "made priya an admin". */
  summary: z.string(),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;

export const AdminAuditResponseSchema = z.object({
  entries: z.array(AdminAuditEntrySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  page_size: z.number().int().positive(),
});
export type AdminAuditResponse = z.infer<typeof AdminAuditResponseSchema>;

/** Where the queue board is, and until when the pass the cookie carries lasts. */
export const AdminQueuesSessionResponseSchema = z.object({ url: z.string(), expires_at: IsoDateTimeSchema });
export type AdminQueuesSessionResponse = z.infer<typeof AdminQueuesSessionResponseSchema>;

// ---- RPC ------------------------------------------------------------------------------------

export const AdminUsersPayloadSchema = withCaller(AdminUsersQuerySchema);
export type AdminUsersPayload = z.infer<typeof AdminUsersPayloadSchema>;
export const AdminSetRolePayloadSchema = withCaller(AdminSetRoleRequestSchema);
export type AdminSetRolePayload = z.infer<typeof AdminSetRolePayloadSchema>;
export const AdminSetStatusPayloadSchema = withCaller(AdminSetStatusRequestSchema);
export type AdminSetStatusPayload = z.infer<typeof AdminSetStatusPayloadSchema>;
export const AdminAuditPayloadSchema = withCaller(AdminAuditQuerySchema);
export type AdminAuditPayload = z.infer<typeof AdminAuditPayloadSchema>;

/** Account administration, answered by services/auth (collected into AUTH in auth.ts). */
export const ADMIN_RPC = {
  adminUsers: defineRpc('auth', 'adminUsers', AdminUsersPayloadSchema, AdminUsersResponseSchema),
  adminSetRole: defineRpc('auth', 'adminSetRole', AdminSetRolePayloadSchema, AdminUserChangeResponseSchema, { sideEffects: true }),
  adminSetStatus: defineRpc('auth', 'adminSetStatus', AdminSetStatusPayloadSchema, AdminUserChangeResponseSchema, { sideEffects: true }),
  adminAudit: defineRpc('auth', 'adminAudit', AdminAuditPayloadSchema, AdminAuditResponseSchema),
};

// ---- HTTP routes ----------------------------------------------------------------------------

export const ADMIN_ROUTES = {
  adminUsers: defineRoute({
    method: 'GET',
    path: ADMIN_PATHS.adminUsers,
    tag: TAG,
    summary: 'Admin: list and search accounts, with their role, status, premium and last activity.',
    auth: 'admin',
    input: AdminUsersQuerySchema,
    response: AdminUsersResponseSchema,
    rpc: ADMIN_RPC.adminUsers,
  }),
  adminSetRole: defineRoute({
    method: 'POST',
    path: ADMIN_PATHS.adminSetRole,
    tag: TAG,
    summary: 'Admin: make an account an admin or revoke it.',
    auth: 'admin',
    input: AdminSetRoleRequestSchema,
    response: AdminUserChangeResponseSchema,
    rpc: ADMIN_RPC.adminSetRole,
    rateLimitPerMinute: 30,
  }),
  adminSetStatus: defineRoute({
    method: 'POST',
    path: ADMIN_PATHS.adminSetStatus,
    tag: TAG,
    summary: 'Admin: disable an account (ending its sessions) or enable it again.',
    auth: 'admin',
    input: AdminSetStatusRequestSchema,
    response: AdminUserChangeResponseSchema,
    rpc: ADMIN_RPC.adminSetStatus,
    rateLimitPerMinute: 30,
  }),
  adminAudit: defineRoute({
    method: 'GET',
    path: ADMIN_PATHS.adminAudit,
    tag: TAG,
    summary: 'Admin: the log of account changes made by admins, newest first.',
    auth: 'admin',
    input: AdminAuditQuerySchema,
    response: AdminAuditResponseSchema,
    rpc: ADMIN_RPC.adminAudit,
  }),
  adminQueuesSession: defineRoute({
    method: 'POST',
    path: ADMIN_PATHS.adminQueuesSession,
    tag: TAG,
    summary: 'Admin: a short-lived cookie that opens the queue board at /admin/queues in this browser.',
    auth: 'admin',
    input: z.object({}),
    response: AdminQueuesSessionResponseSchema,
  }),
};

/** Where Bull Board shows every queue (gateway, admins only). */
export const ADMIN_QUEUES_PATH = '/admin/queues';
