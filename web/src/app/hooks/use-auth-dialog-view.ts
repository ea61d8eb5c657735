import { useCallback, useMemo, useState } from 'react';
import { matchPath, useNavigate, useSearchParams } from 'react-router';
import type { AuthDialogControls, AuthDialogView } from '../../hooks/use-auth-dialog';
import { safeRedirectPath } from '../../lib/navigation';

/** A path whose page opens under the login screen, on `view`. */
export type AuthViewRoute = { path: string; view: AuthDialogView };

/** The login screen's view for this address, matched as the router matches paths (any case, a trailing slash). */
const routeAuthView = (routes: readonly AuthViewRoute[], pathname: string): AuthDialogView | null =>
  routes.find((route) => matchPath(route.path, pathname) !== null)?.view ?? null;

/**
 * The login screen's view (from the address or `controls.open`); closing it on a login address goes home. A user
 * who opens /login or /register while logged in gets no empty form: `redirect` names where to send them instead
 * (the `callback` path, else /dashboard). A login finished on that address is left to `onLoggedIn`.
 */
export const useAuthDialogView = (routes: readonly AuthViewRoute[], pathname: string, loggedIn: boolean) => {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [dialogView, setDialogView] = useState<AuthDialogView | null>(null);
  // Whether the user was logged in when this address was opened, kept until the address changes.
  const [arrival, setArrival] = useState({ pathname, loggedIn });
  if (arrival.pathname !== pathname) setArrival({ pathname, loggedIn });
  const loggedInOnArrival = arrival.pathname === pathname ? arrival.loggedIn : loggedIn;
  const routeView = routeAuthView(routes, pathname);
  const redirect = routeView && loggedIn && loggedInOnArrival ? safeRedirectPath(searchParams.get('callback')) : null;

  const controls = useMemo<AuthDialogControls>(
    () => ({ open: (view = 'signin') => setDialogView(view), close: () => setDialogView(null) }),
    [],
  );

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

  return { view: redirect ? null : (routeView ?? dialogView), redirect, controls, onClose, onLoggedIn };
};
