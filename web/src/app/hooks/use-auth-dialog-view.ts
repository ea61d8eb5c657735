import { useCallback, useMemo, useState } from 'react';
import { matchPath, useNavigate } from 'react-router';
import type { AuthDialogControls, AuthDialogView } from '../../hooks/use-auth-dialog';

/** A path whose page opens under the login screen, on `view`. */
export type AuthViewRoute = { path: string; view: AuthDialogView };

/** The login screen's view for this address, matched as the router matches paths (any case, a trailing slash). */
const routeAuthView = (routes: readonly AuthViewRoute[], pathname: string): AuthDialogView | null =>
  routes.find((route) => matchPath(route.path, pathname) !== null)?.view ?? null;

/** The login screen's view (from the address or `controls.open`); closing it on a login address goes home. */
export const useAuthDialogView = (routes: readonly AuthViewRoute[], pathname: string) => {
  const navigate = useNavigate();
  const routeView = routeAuthView(routes, pathname);
  const [dialogView, setDialogView] = useState<AuthDialogView | null>(null);

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

  return { view: routeView ?? dialogView, controls, onClose, onLoggedIn };
};
