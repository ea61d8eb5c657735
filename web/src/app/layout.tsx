import { useCallback, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ZoomControl } from '../components/widgets/zoom-control';
import { AdPopup } from '../features/ads/components/ad-popup';
import { useMe } from '../features/auth/api/get-me';
import { useLogout } from '../features/auth/api/logout';
import { InstallBanner } from '../features/pwa/components/install-banner';
import { AuthDialogContext } from '../hooks/use-auth-dialog';
import type { AuthDialogView } from '../hooks/use-auth-dialog';
import { useEscapeKey } from '../hooks/use-escape-key';
import { LayoutActionsContext } from '../hooks/use-layout-actions';
import { useMediaQuery } from '../hooks/use-media-query';
import { usePremium } from '../hooks/use-premium';
import { useSession } from '../lib/session';
import { MOBILE_MEDIA_QUERY, saveSidebarWidth } from '../lib/sidebar';
import { FLOATING_CHAT_ID, FloatingChat, floatingChatTypeFor, toggledFloatingChat } from './floating-chat';
import { useAuthDialogView } from './hooks/use-auth-dialog-view';
import type { AuthViewRoute } from './hooks/use-auth-dialog-view';
import { useFloatingChat } from './hooks/use-floating-chat';
import { useLayoutDialogs } from './hooks/use-layout-dialogs';
import { useSessionExpiry } from './hooks/use-session-expiry';
import { useSidebarCollapse } from './hooks/use-sidebar-collapse';
import { useSidebarWidth } from './hooks/use-sidebar-width';
import { LayoutAuthDialog, LayoutDeviceConflict, LayoutDialogs } from './layout-dialogs';
import { LayoutMain } from './layout-main';
import { Sidebar } from './sidebar';

export type { AuthViewRoute };

/** Route data of the page table: /login and /register open the login screen on a view. */
export type RouteHandle = { authView?: AuthDialogView };

type AppLayoutProps = { authViewRoutes?: readonly AuthViewRoute[] };

/** The app shell: the sidebar, the prices' date, the header ad and the page; the login screen and the widgets above them. */
export function AppLayout({ authViewRoutes = [] }: AppLayoutProps) {
  const { session, user } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const auth = useAuthDialogView(authViewRoutes, pathname, user !== null);
  const { help, contact, premium, actions } = useLayoutDialogs();
  const logout = useLogout();
  // A stored token is re-checked on load: roles and premium may have changed, and a 401 ends the session.
  useMe();
  useSessionExpiry(session);
  const { conflict } = usePremium();
  // Shown once per page load: closed, it stays closed; /premium shows the conflict itself.
  const [conflictDismissed, setConflictDismissed] = useState(false);
  const shownConflict = conflictDismissed || pathname === '/premium' ? null : conflict;

  const mobile = useMediaQuery(MOBILE_MEDIA_QUERY);
  const [collapsed, setCollapsed] = useSidebarCollapse(mobile);
  const shellRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useSidebarWidth(shellRef);
  const drawerOpen = mobile && !collapsed;
  const collapse = useCallback(() => setCollapsed(true), [setCollapsed]);
  useEscapeKey(drawerOpen, collapse);

  const chatType = floatingChatTypeFor(pathname);
  const [chat, setChat] = useFloatingChat(chatType);
  const [chatDock, setChatDock] = useState<HTMLDivElement | null>(null);

  const closeDrawer = () => {
    if (mobile) setCollapsed(true);
  };

  const onLogout = () => {
    closeDrawer();
    logout.mutate(undefined, { onSettled: () => void navigate('/', { replace: true }) });
  };

  const onAiAssistant = () => {
    closeDrawer();
    // The floating chat lives on the technical, sentiment and dashboard pages; elsewhere the assistant has its own page.
    if (chatType) setChat(toggledFloatingChat(chat));
    else void navigate('/chat');
  };

  const openFromSidebar = (open: (value: boolean) => void) => () => {
    closeDrawer();
    open(true);
  };

  return (
    <AuthDialogContext.Provider value={auth.controls}>
      <LayoutActionsContext.Provider value={actions}>
        <div
          ref={shellRef}
          className="app-shell"
          data-sidebar={collapsed ? 'collapsed' : 'expanded'}
          data-layout={mobile ? 'mobile' : 'desktop'}
          inert={auth.view !== null}
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
            onContactSupport={openFromSidebar(contact.setOpen)}
            onAiAssistant={onAiAssistant}
            aiAssistantExpanded={chatType ? chat === 'open' : undefined}
            aiAssistantControls={chatType && chat === 'open' ? FLOATING_CHAT_ID : undefined}
            onHelpGuide={openFromSidebar(help.setOpen)}
            onUpgrade={openFromSidebar(premium.setOpen)}
            onLogout={onLogout}
            loggingOut={logout.isPending}
          />
          {drawerOpen ? <div className="sidebar-backdrop" aria-hidden="true" onClick={collapse} /> : null}
          <LayoutMain
            pathname={pathname}
            inert={drawerOpen}
            banner={<LayoutDeviceConflict conflict={shownConflict} onDismiss={() => setConflictDismissed(true)} />}
          />
          {chatType ? <FloatingChat type={chatType} state={chat} onStateChange={setChat} dock={chatDock} /> : null}
          {/* The floating controls, in room of their own: a column at the right, a bar at the bottom on phones. */}
          <div className="floating-dock" inert={drawerOpen}>
            <div ref={setChatDock} className="floating-dock-chat" />
            <ZoomControl />
          </div>
        </div>
        <LayoutDialogs help={help} contact={contact} premium={premium} />
        <AdPopup />
        <InstallBanner />
        <LayoutAuthDialog view={auth.view} onClose={auth.onClose} onLoggedIn={auth.onLoggedIn} />
        {auth.redirect ? <Navigate to={auth.redirect} replace /> : null}
      </LayoutActionsContext.Provider>
    </AuthDialogContext.Provider>
  );
}
