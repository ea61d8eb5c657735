import type { SessionUser } from './session';

/** Who may open a route (sections 2 and 6): everyone, logged-in users, or admins. */
export type RouteAccess = 'open' | 'user' | 'admin';

export const canAccess = (access: RouteAccess, user: Pick<SessionUser, 'is_admin'> | null): boolean => {
  if (access === 'open') return true;
  if (!user) return false;
  return access === 'user' || user.is_admin;
};
