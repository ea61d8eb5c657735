/** The paths of the admin routes, by their names in `ROUTES`. */
export const ADMIN_PATHS = {
  adminUsers: '/api/admin/users',
  adminSetRole: '/api/admin/users/role',
  adminSetStatus: '/api/admin/users/status',
  adminAudit: '/api/admin/audit',
  adminQueuesSession: '/api/admin/queues/session',
} as const;
