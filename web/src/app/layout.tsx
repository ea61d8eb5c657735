import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, NavLink, Outlet, useMatches, useNavigate } from 'react-router';
import { useMe } from '../features/auth/api/get-me';
import { useLogout } from '../features/auth/api/logout';
import { AuthModal } from '../features/auth/components/auth-modal';
import { AuthDialogContext } from '../hooks/use-auth-dialog';
import type { AuthDialogControls, AuthDialogView } from '../hooks/use-auth-dialog';
import { SESSION_TTL_MS, reload, roleLabel, useSession } from '../lib/session';

/** Route data the layout reads: /login and /register open the login screen on a view. */
export type RouteHandle = { authView?: AuthDialogView };

/** setTimeout's longest delay; a later expiry is simply checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

const useRouteAuthView = (): AuthDialogView | null => {
  const matches = useMatches();
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.authView) return handle.authView;
  }
  return null;
};

function UserCard({ username, role }: { username: string; role: string }) {
  return (
    <div className="user-card">
      <span className="avatar" aria-hidden="true">
        {username.charAt(0).toUpperCase()}
      </span>
      <div className="user-card-text">
        <p className="user-card-name">{username}</p>
        <p className="user-card-role">{role}</p>
      </div>
    </div>
  );
}

/** The app shell: a left sidebar (brand, navigation, account) and the page; the login screen above both. */
export function AppLayout() {
  const { session, user } = useSession();
  const navigate = useNavigate();
  const routeView = useRouteAuthView();
  const [dialogView, setDialogView] = useState<AuthDialogView | null>(null);
  const logout = useLogout();
  // A stored token is re-checked on load: roles and premium may have changed, and a 401 ends the session.
  useMe();

  useEffect(() => {
    if (!session) return;
    const left = session.login_timestamp + SESSION_TTL_MS - Date.now();
    const timer = setTimeout(() => reload(), Math.min(Math.max(left, 0), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [session]);

  const controls = useMemo<AuthDialogControls>(
    () => ({ open: (view = 'signin') => setDialogView(view), close: () => setDialogView(null) }),
    [],
  );

  const view = routeView ?? dialogView;

  const onClose = useCallback(() => {
    setDialogView(null);
    if (routeView) void navigate('/', { replace: true });
  }, [navigate, routeView]);

  const onLoggedIn = useCallback(
    (target: string) => {
      setDialogView(null);
      void navigate(target, { replace: routeView !== null });
    },
    [navigate, routeView],
  );

  const onLogout = () => {
    logout.mutate(undefined, { onSettled: () => void navigate('/', { replace: true }) });
  };

  return (
    <AuthDialogContext.Provider value={controls}>
      <div className="app-shell" inert={view !== null}>
        <aside className="sidebar" aria-label="Sidebar">
          <Link to="/" className="sidebar-brand">
            <span className="brand">Nivesh</span>
          </Link>
          <nav className="sidebar-nav" aria-label="Main">
            <ul>
              <li>
                <NavLink to="/dashboard">Dashboard</NavLink>
              </li>
            </ul>
          </nav>
          <div className="sidebar-account">
            {user ? (
              <>
                <UserCard username={user.username} role={roleLabel(user)} />
                <NavLink to="/profile" className="sidebar-link">
                  Profile
                </NavLink>
                <button type="button" className="sidebar-button" onClick={onLogout} disabled={logout.isPending}>
                  Logout
                </button>
              </>
            ) : (
              <button type="button" className="sidebar-button primary" onClick={() => controls.open('signin')}>
                Login
              </button>
            )}
          </div>
        </aside>
        <div className="app-main">
          <main className="content">
            <Outlet />
          </main>
          <footer className="site-footer">
            <p>
              Nivesh <span data-testid="app-version">v{__APP_VERSION__}</span>
            </p>
          </footer>
        </div>
      </div>
      {view ? <AuthModal key={view} initialView={view} onClose={onClose} onLoggedIn={onLoggedIn} /> : null}
    </AuthDialogContext.Provider>
  );
}
