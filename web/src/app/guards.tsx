import { Navigate, Outlet } from 'react-router';
import type { RouteAccess } from '../lib/access';
import { canAccess } from '../lib/access';
import { useSession } from '../lib/session';

/** Routes for logged-in users or admins (sections 2 and 6): everyone else goes to /, before the page loads. */
export function RequireAccess({ access }: { access: Exclude<RouteAccess, 'open'> }) {
  const { user } = useSession();
  if (!canAccess(access, user)) return <Navigate to="/" replace />;
  return <Outlet />;
}
