import { Navigate } from 'react-router';
import { ProfilePage } from '../../features/auth/components/profile-page';
import { useSession } from '../../lib/session';

/** /profile is for logged-in users only; visitors go to /. */
export function ProfileRoute() {
  const { user } = useSession();
  if (!user) return <Navigate to="/" replace />;
  return <ProfilePage />;
}
