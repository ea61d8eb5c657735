import { useNavigate } from 'react-router';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { roleLabel, useSession } from '../../../lib/session';
import { useMe } from '../api/get-me';
import { useLogout } from '../api/logout';
import { AnalyticsSetting } from './analytics-setting';
import './profile.css';

const INDIA = 'Asia/Kolkata';

/** A date as it is written in India, e.g. '5 March 2025'; the raw value when it cannot be read. */
export const formatIndianDate = (iso: string): string => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: INDIA }).format(date);
};

/** /profile: the signed-in user's fields and a logout button (logged-in only; the router guards it). */
export function ProfilePage() {
  usePageMeta({ title: 'Profile', description: 'Your Nivesh account: username, email, role and premium status.', path: '/profile' });
  const { user } = useSession();
  const me = useMe();
  const logout = useLogout();
  const navigate = useNavigate();

  if (!user) return null;
  const profile = me.data ?? null;
  const email = profile?.email ?? user.email;
  const premium = profile?.is_premium ?? user.is_premium;
  const premiumUntil = profile?.premium_expires_at ?? user.premium_expires_at;

  const onLogout = () => {
    logout.mutate(undefined, { onSettled: () => void navigate('/', { replace: true }) });
  };

  return (
    <div className="page-body">
      <h1>Profile</h1>
      <section className="panel profile" aria-labelledby="profile-heading">
        <div className="profile-head">
          <span className="avatar avatar-large" aria-hidden="true">
            {user.username.charAt(0).toUpperCase()}
          </span>
          <div>
            <h2 id="profile-heading" className="profile-name">
              {profile?.username ?? user.username}
            </h2>
            <p className="muted profile-role">{roleLabel(profile ?? user)}</p>
          </div>
        </div>
        <dl className="profile-fields">
          <div>
            <dt>Username</dt>
            <dd>{profile?.username ?? user.username}</dd>
          </div>
          <div>
            <dt>Email</dt>
            <dd>{email || (me.isPending ? 'Loading…' : 'Not available')}</dd>
          </div>
          <div>
            <dt>User ID</dt>
            <dd className="mono">{profile?.user_id ?? user.user_id}</dd>
          </div>
          <div>
            <dt>Account type</dt>
            <dd>{roleLabel(profile ?? user)}</dd>
          </div>
          <div>
            <dt>Member since</dt>
            <dd>{profile ? formatIndianDate(profile.created_at) : me.isPending ? 'Loading…' : 'Not available'}</dd>
          </div>
          <div>
            <dt>Premium</dt>
            <dd>{premium ? (premiumUntil ? `Premium until ${formatIndianDate(premiumUntil)}` : 'Premium') : 'Free plan'}</dd>
          </div>
        </dl>
        {me.isError && !me.isPending ? (
          <p className="muted" role="status">
            Showing the details saved on this device; the server could not be asked just now.
          </p>
        ) : null}
        <div className="profile-actions">
          <button type="button" className="danger" onClick={onLogout} disabled={logout.isPending}>
            Logout
          </button>
        </div>
      </section>
      <AnalyticsSetting userId={user.user_id} />
    </div>
  );
}
