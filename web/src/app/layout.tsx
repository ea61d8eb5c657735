import { Suspense, lazy, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Outlet, matchPath, useLocation, useNavigate } from 'react-router';
import { PricesAgeBar, ShownPricesDateProvider } from '../components/market/prices-as-of';
import { PageLoading } from '../components/page-loading';
import { AppErrorBoundary } from '../components/widgets/app-error-boundary';
import { ZoomControl } from '../components/widgets/zoom-control';
import { AdPopup } from '../features/ads/components/ad-popup';
import { AdSlot } from '../features/ads/components/ad-slot';
import { useMe } from '../features/auth/api/get-me';
import { useLogout } from '../features/auth/api/logout';
import { PremiumTicker } from '../features/premium/components/premium-ticker';
import { InstallBanner } from '../features/pwa/components/install-banner';
import { AuthDialogContext } from '../hooks/use-auth-dialog';
import type { AuthDialogControls, AuthDialogView } from '../hooks/use-auth-dialog';
import { LayoutActionsContext } from '../hooks/use-layout-actions';
import type { LayoutActions } from '../hooks/use-layout-actions';
import { useMediaQuery } from '../hooks/use-media-query';
import { SESSION_TTL_MS, reload, useSession } from '../lib/session';
import { MOBILE_MEDIA_QUERY, readSidebarWidth, saveSidebarWidth } from '../lib/sidebar';
import { FLOATING_CHAT_ID, FloatingChat, floatingChatTypeFor, toggledFloatingChat } from './floating-chat';
import type { FloatingChatState, FloatingChatType } from './floating-chat';
import { Sidebar } from './sidebar';

// Dialogs load on first open: most visits never open them, and they bring Radix and long texts along.
const AuthModal = lazy(() => import('../features/auth/components/auth-modal').then((m) => ({ default: m.AuthModal })));
const HelpGuidePanel = lazy(() => import('../features/help/components/help-guide-panel').then((m) => ({ default: m.HelpGuidePanel })));
const ContactDialog = lazy(() => import('../features/support/components/contact-dialog').then((m) => ({ default: m.ContactDialog })));
const PremiumPreviewModal = lazy(() =>
  import('../features/premium/components/premium-preview-modal').then((m) => ({ default: m.PremiumPreviewModal })),
);

/** True from a dialog's first opening on, so it stays mounted and can animate closed. */
const useOpenedOnce = (open: boolean): boolean => {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
};

/** Route data of the page table: /login and /register open the login screen on a view. */
export type RouteHandle = { authView?: AuthDialogView };

/** A path whose page opens under the login screen, on `view`. */
export type AuthViewRoute = { path: string; view: AuthDialogView };

/** setTimeout's longest delay; a later expiry is simply checked again then. */
const MAX_TIMER_MS = 2_147_483_647;

/** The login screen's view for this address, matched as the router matches paths (any case, a trailing slash). */
const routeAuthView = (routes: readonly AuthViewRoute[], pathname: string): AuthDialogView | null =>
  routes.find((route) => matchPath(route.path, pathname) !== null)?.view ?? null;

/** Collapsed below 768 px, expanded above; crossing the breakpoint resets the user's choice. */
const useSidebarCollapse = (mobile: boolean) => {
  const [state, setState] = useState({ mobile, collapsed: mobile });
  if (state.mobile !== mobile) setState({ mobile, collapsed: mobile });
  const collapsed = state.mobile === mobile ? state.collapsed : mobile;
  const setCollapsed = useCallback((next: boolean) => setState({ mobile, collapsed: next }), [mobile]);
  return [collapsed, setCollapsed] as const;
};

/** The floating chat's state on this page; it starts as a bubble on each chat page and is closed elsewhere. */
const useFloatingChat = (type: FloatingChatType | null) => {
  const [state, setState] = useState<{ type: FloatingChatType | null; chat: FloatingChatState }>({ type, chat: 'minimized' });
  if (state.type !== type) setState({ type, chat: 'minimized' });
  const chat: FloatingChatState = type === null ? 'closed' : state.type === type ? state.chat : 'minimized';
  const setChat = useCallback((next: FloatingChatState) => setState({ type, chat: next }), [type]);
  return [chat, setChat] as const;
};

type AppLayoutProps = { authViewRoutes?: readonly AuthViewRoute[] };

/** The app shell: the sidebar, the prices' date, the header ad and the page; the login screen and the widgets above them. */
export function AppLayout({ authViewRoutes = [] }: AppLayoutProps) {
  const { session, user } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const routeView = routeAuthView(authViewRoutes, pathname);
  const [dialogView, setDialogView] = useState<AuthDialogView | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [contactOpen, setContactOpen] = useState(false);
  const [premiumOpen, setPremiumOpen] = useState(false);
  const helpMounted = useOpenedOnce(helpOpen);
  const contactMounted = useOpenedOnce(contactOpen);
  const premiumMounted = useOpenedOnce(premiumOpen);
  const logout = useLogout();
  // A stored token is re-checked on load: roles and premium may have changed, and a 401 ends the session.
  useMe();

  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [collapsed, setCollapsed] = useSidebarCollapse(mobile);
  const [width, setWidth] = useState(readSidebarWidth);
  const shellRef = useRef<HTMLDivElement>(null);

  const chatType = floatingChatTypeFor(pathname);
  const [chat, setChat] = useFloatingChat(chatType);

  useEffect(() => {
    if (!session) return;
    const left = session.login_timestamp + SESSION_TTL_MS - Date.now();
    const timer = setTimeout(() => reload(), Math.min(Math.max(left, 0), MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [session]);

  // CSSOM, not a style attribute: the page's CSP forbids inline style attributes, not this.
  useLayoutEffect(() => {
    shellRef.current?.style.setProperty('--sidebar-width', `${width}px`);
  }, [width]);

  const drawerOpen = mobile && !collapsed;
  useEffect(() => {
    if (!drawerOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setCollapsed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen, setCollapsed]);

  const controls = useMemo<AuthDialogControls>(
    () => ({ open: (view = 'signin') => setDialogView(view), close: () => setDialogView(null) }),
    [],
  );
  const actions = useMemo<LayoutActions>(
    () => ({
      openContactDialog: () => setContactOpen(true),
      openHelpGuide: () => setHelpOpen(true),
      openPremiumPreview: () => setPremiumOpen(true),
    }),
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

  const closeDrawer = () => {
    if (mobile) setCollapsed(true);
  };

  const onLogout = () => {
    closeDrawer();
    logout.mutate(undefined, { onSettled: () => void navigate('/', { replace: true }) });
  };

  const onAiAssistant = () => {
    closeDrawer();
    // The floating chat lives on the technical and sentiment pages; elsewhere the assistant has its own page.
    if (chatType) setChat(toggledFloatingChat(chat));
    else void navigate('/chat');
  };

  const openFromSidebar = (open: (value: boolean) => void) => () => {
    closeDrawer();
    open(true);
  };

  return (
    <AuthDialogContext.Provider value={controls}>
      <LayoutActionsContext.Provider value={actions}>
        <div
          ref={shellRef}
          className="app-shell"
          data-sidebar={collapsed ? 'collapsed' : 'expanded'}
          data-layout={mobile ? 'mobile' : 'desktop'}
          inert={view !== null}
        >
          <a href="#main-content" className="skip-link">
            Skip to main content
          </a>
          <Sidebar
            user={user}
            collapsed={collapsed}
            mobile={mobile}
            width={width}
            onToggle={() => setCollapsed(!collapsed)}
            onNavigate={closeDrawer}
            onResize={setWidth}
            onResizeEnd={saveSidebarWidth}
            onContactSupport={openFromSidebar(setContactOpen)}
            onAiAssistant={onAiAssistant}
            aiAssistantExpanded={chatType ? chat === 'open' : undefined}
            aiAssistantControls={chatType && chat === 'open' ? FLOATING_CHAT_ID : undefined}
            onHelpGuide={openFromSidebar(setHelpOpen)}
            onUpgrade={openFromSidebar(setPremiumOpen)}
            onLogout={onLogout}
            loggingOut={logout.isPending}
          />
          {drawerOpen ? <div className="sidebar-backdrop" aria-hidden="true" onClick={() => setCollapsed(true)} /> : null}
          <div className="app-main" inert={drawerOpen}>
            <PricesAgeBar />
            <PremiumTicker />
            <div className="header-ad">
              <AdSlot variant="header" />
            </div>
            <main id="main-content" className="content" tabIndex={-1}>
              <AppErrorBoundary key={pathname}>
                <ShownPricesDateProvider>
                  <Outlet />
                </ShownPricesDateProvider>
              </AppErrorBoundary>
            </main>
            <footer className="site-footer">
              <p>
                Nivesh <span data-testid="app-version">v{__APP_VERSION__}</span> · Educational analysis, not investment advice.
              </p>
            </footer>
          </div>
          {chatType ? <FloatingChat type={chatType} state={chat} onStateChange={setChat} /> : null}
          <ZoomControl />
        </div>
        {helpMounted ? (
          <Suspense fallback={null}>
            <HelpGuidePanel open={helpOpen} onOpenChange={setHelpOpen} />
          </Suspense>
        ) : null}
        {contactMounted ? (
          <Suspense fallback={null}>
            <ContactDialog open={contactOpen} onOpenChange={setContactOpen} />
          </Suspense>
        ) : null}
        {premiumMounted ? (
          <Suspense fallback={null}>
            <PremiumPreviewModal open={premiumOpen} onOpenChange={setPremiumOpen} />
          </Suspense>
        ) : null}
        <AdPopup />
        <InstallBanner />
        {view ? (
          <Suspense
            fallback={
              <div className="auth-modal auth-modal-loading">
                <PageLoading page="sign in" />
              </div>
            }
          >
            <AuthModal key={view} initialView={view} onClose={onClose} onLoggedIn={onLoggedIn} />
          </Suspense>
        ) : null}
      </LayoutActionsContext.Provider>
    </AuthDialogContext.Provider>
  );
}
