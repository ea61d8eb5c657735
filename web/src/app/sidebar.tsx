import { Suspense, lazy, useRef } from 'react';
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon } from '../components/icons';
import type { IconName } from '../components/icons';
import { AdSlot } from '../features/ads/components/ad-slot';
import { NotificationBellSlot } from '../features/notifications/components/notification-bell-slot';
import { useAuthDialog } from '../hooks/use-auth-dialog';
import { usePremium } from '../hooks/use-premium';
import { useTheme } from '../hooks/use-theme';
import { premiumBadgeText } from '../lib/premium-badge';
import { premiumOffer } from '../lib/premium-status';
import { roleLabel } from '../lib/session';
import type { SessionUser } from '../lib/session';
import { SIDEBAR_MAX_WIDTH, SIDEBAR_MIN_WIDTH, clampSidebarWidth, sidebarWidthForKey } from '../lib/sidebar';
import { themeToggleLabel } from '../lib/theme';
import './sidebar.css';

type NavItem = { label: string; to: string; icon: IconName };

/** Section 2's items, in order (Contact Support and AI Assistant follow them). */
export const MAIN_NAV: readonly NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: 'dashboard' },
  { label: 'Technical Analysis', to: '/technical-analysis', icon: 'chart' },
  { label: 'Market Sentiment', to: '/market-sentiment', icon: 'gauge' },
  { label: 'TrendVision', to: '/ai-predictions', icon: 'sparkle' },
  { label: 'Risk Detection', to: '/risk-detection', icon: 'shield' },
  { label: 'Deep Insights', to: '/deep-insights', icon: 'layers' },
  { label: 'AI News', to: '/ai-news', icon: 'news' },
  { label: 'About Us', to: '/about', icon: 'info' },
];

/** The 'LOGIN REQUIRED' group: locked for visitors; for logged-in users, links that follow the others. */
export const LOGIN_REQUIRED_NAV: readonly NavItem[] = [
  { label: 'Intelligence Hub', to: '/multi-agent', icon: 'hub' },
  { label: 'Undervalued Analytics', to: '/undervalued-analytics', icon: 'gem' },
  { label: 'Portfolio', to: '/portfolio', icon: 'briefcase' },
  { label: 'Blog', to: '/blog', icon: 'book' },
];

export const SIDEBAR_BODY_ID = 'sidebar-body';

const isActivePath = (pathname: string, to: string) =>
  pathname === to || pathname.startsWith(`${to}/`) || (to === '/dashboard' && pathname === '/');

function ItemContent({ icon, label, children }: { icon: IconName; label: string; children?: ReactNode }) {
  return (
    <>
      <Icon name={icon} />
      <span className="sidebar-label">{label}</span>
      {children}
    </>
  );
}

function SidebarLink({ item, collapsed, onNavigate, badge }: { item: NavItem; collapsed: boolean; onNavigate: () => void; badge?: string }) {
  const { pathname } = useLocation();
  const active = isActivePath(pathname, item.to);
  return (
    <Link
      to={item.to}
      className={active ? 'sidebar-item active' : 'sidebar-item'}
      aria-current={active ? 'page' : undefined}
      title={collapsed ? item.label : undefined}
      onClick={onNavigate}
    >
      <ItemContent icon={item.icon} label={item.label}>
        {badge ? <span className="sidebar-badge">{badge}</span> : null}
      </ItemContent>
    </Link>
  );
}

function ActionItem({
  icon,
  label,
  collapsed,
  onClick,
  expanded,
  controls,
  className,
}: {
  icon: IconName;
  label: string;
  collapsed: boolean;
  onClick: () => void;
  expanded?: boolean;
  controls?: string;
  className?: string;
}) {
  return (
    <button
      type="button"
      className={className ? `sidebar-item ${className}` : 'sidebar-item'}
      onClick={onClick}
      title={collapsed ? label : undefined}
      aria-expanded={expanded}
      aria-controls={controls}
    >
      <ItemContent icon={icon} label={label} />
    </button>
  );
}

type ResizeHandleProps = {
  width: number;
  onResize: (width: number) => void;
  onResizeEnd: (width: number) => void;
};

/** The drag edge of the sidebar: a vertical separator that pointers drag and arrow keys move by 16 px. */
function ResizeHandle({ width, onResize, onResizeEnd }: ResizeHandleProps) {
  const drag = useRef<{ startX: number; startWidth: number; width: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width, width };
    document.documentElement.classList.add('sidebar-resizing');
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const next = clampSidebarWidth(drag.current.startWidth + event.clientX - drag.current.startX);
    drag.current.width = next;
    onResize(next);
  };
  const onPointerEnd = () => {
    if (!drag.current) return;
    const { width: finalWidth } = drag.current;
    drag.current = null;
    document.documentElement.classList.remove('sidebar-resizing');
    onResizeEnd(finalWidth);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = sidebarWidthForKey(width, event.key);
    if (next === null) return;
    event.preventDefault();
    onResize(next);
    onResizeEnd(next);
  };

  return (
    <div
      className="sidebar-resizer"
      role="separator"
      aria-label="Resize sidebar"
      aria-orientation="vertical"
      aria-valuemin={SIDEBAR_MIN_WIDTH}
      aria-valuemax={SIDEBAR_MAX_WIDTH}
      aria-valuenow={width}
      aria-controls="app-sidebar"
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onLostPointerCapture={onPointerEnd}
      onKeyDown={onKeyDown}
    />
  );
}

// Shown only on a device in conflict, so loaded then: the first page's script stays as small.
const SidebarMovePremium = lazy(() => import('./sidebar-move-premium').then((m) => ({ default: m.SidebarMovePremium })));

export type SidebarProps = {
  user: SessionUser | null;
  collapsed: boolean;
  mobile: boolean;
  width: number;
  onToggle: () => void;
  /** A link was followed (the mobile drawer closes). */
  onNavigate: () => void;
  onResize: (width: number) => void;
  onResizeEnd: (width: number) => void;
  onContactSupport: () => void;
  onAiAssistant: () => void;
  /** Whether the floating chat is open, where the page has one. */
  aiAssistantExpanded?: boolean;
  aiAssistantControls?: string;
  onHelpGuide: () => void;
  onUpgrade: () => void;
  onLogout: () => void;
  loggingOut: boolean;
};

/** The collapsible, resizable left sidebar of section 2. */
export function Sidebar(props: SidebarProps) {
  const { user, collapsed, mobile, width, onNavigate } = props;
  const authDialog = useAuthDialog();
  const { theme, toggle: toggleTheme } = useTheme();
  const rail = collapsed && !mobile;
  // The badge and the upgrade button follow premium on this device: a device in conflict gets neither badge nor
  // ad-free, and instead of the upgrade the offer to move premium here.
  const premiumState = usePremium();
  const { active: premium, subscription } = premiumState;
  const offer = premiumOffer(premiumState);
  const badge = premiumBadgeText(subscription?.plan_name);
  const themeLabel = themeToggleLabel(theme);

  return (
    <aside id="app-sidebar" className="sidebar" aria-label="Sidebar" data-state={collapsed ? 'collapsed' : 'expanded'}>
      <div className="sidebar-header">
        <div className="sidebar-identity">
          <Link to="/" className="sidebar-brand" onClick={onNavigate} aria-label="Nivesh home">
            <span className="brand-mark" aria-hidden="true">
              N
            </span>
            <span className="brand sidebar-label">Nivesh</span>
          </Link>
          {premium ? (
            <span className="premium-badge" title={rail ? badge : undefined}>
              <Icon name="crown" />
              <span className="sidebar-label">{badge}</span>
            </span>
          ) : null}
        </div>
        {user ? <NotificationBellSlot /> : null}
        <button
          type="button"
          className="sidebar-toggle icon-only"
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          aria-controls={SIDEBAR_BODY_ID}
          onClick={props.onToggle}
        >
          <Icon name={mobile ? (collapsed ? 'menu' : 'close') : collapsed ? 'chevron-right' : 'chevron-left'} />
        </button>
      </div>

      <div className="sidebar-body" id={SIDEBAR_BODY_ID}>
        <nav className="sidebar-nav" aria-label="Main">
          <ul>
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <SidebarLink item={item} collapsed={rail} onNavigate={onNavigate} />
              </li>
            ))}
            <li>
              <ActionItem icon="support" label="Contact Support" collapsed={rail} onClick={props.onContactSupport} />
            </li>
            <li>
              <ActionItem
                icon="message"
                label="AI Assistant"
                collapsed={rail}
                onClick={props.onAiAssistant}
                expanded={props.aiAssistantExpanded}
                controls={props.aiAssistantControls}
              />
            </li>
            {user?.is_admin ? (
              <li>
                <SidebarLink item={{ label: 'Analytics', to: '/analytics', icon: 'analytics' }} collapsed={rail} onNavigate={onNavigate} badge="Admin" />
              </li>
            ) : null}
            {/* Logged in, the group's items are ordinary links: nothing about them is locked, so no 'LOGIN REQUIRED'. */}
            {user
              ? LOGIN_REQUIRED_NAV.map((item) => (
                  <li key={item.to}>
                    <SidebarLink item={item} collapsed={rail} onNavigate={onNavigate} />
                  </li>
                ))
              : null}
          </ul>
          {user ? null : (
            <div className="sidebar-group" role="group" aria-labelledby="sidebar-login-required">
              <p className="sidebar-group-label" id="sidebar-login-required">
                LOGIN REQUIRED
              </p>
              <ul>
                {LOGIN_REQUIRED_NAV.map((item) => (
                  <li key={item.to}>
                    <button
                      type="button"
                      className="sidebar-item locked"
                      aria-label={`${item.label} (login required)`}
                      title={rail ? `${item.label} (login required)` : undefined}
                      onClick={() => authDialog.open('signin')}
                    >
                      <ItemContent icon={item.icon} label={item.label}>
                        <Icon name="lock" className="lock-icon" />
                      </ItemContent>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </nav>

        <div className="sidebar-tools">
          <ActionItem icon="help" label="Help & Guide" collapsed={rail} onClick={props.onHelpGuide} />
          <button type="button" className="sidebar-item" aria-label={themeLabel} title={rail ? themeLabel : undefined} onClick={toggleTheme}>
            <ItemContent icon={theme === 'dark' ? 'sun' : 'moon'} label={theme === 'dark' ? 'Light theme' : 'Dark theme'} />
          </button>
        </div>

        <div className="sidebar-account">
          {user ? (
            <Link
              to="/profile"
              className="user-card"
              onClick={onNavigate}
              aria-label={`Profile: ${user.username}, ${roleLabel(user)}`}
              title={rail ? user.username : undefined}
            >
              <span className="avatar" aria-hidden="true">
                {user.username.charAt(0).toUpperCase()}
              </span>
              <span className="user-card-text sidebar-label">
                <span className="user-card-name">{user.username}</span>
                <span className="user-card-role">{roleLabel(user)}</span>
              </span>
            </Link>
          ) : null}
          {offer === 'upgrade' ? (
            <ActionItem icon="crown" label="Upgrade to Premium" collapsed={rail} onClick={props.onUpgrade} className="upgrade" />
          ) : offer === 'move-here' ? (
            <Suspense fallback={null}>
              <SidebarMovePremium collapsed={rail} />
            </Suspense>
          ) : null}
          {user ? (
            <button
              type="button"
              className="sidebar-item"
              onClick={props.onLogout}
              disabled={props.loggingOut}
              title={rail ? 'Logout' : undefined}
            >
              <ItemContent icon="logout" label="Logout" />
            </button>
          ) : (
            <button type="button" className="sidebar-item primary-item" onClick={() => authDialog.open('signin')} title={rail ? 'Login' : undefined}>
              <ItemContent icon="login" label="Login" />
            </button>
          )}
        </div>

        {collapsed ? null : (
          <div className="sidebar-ad">
            <AdSlot variant="sidebar" />
          </div>
        )}
      </div>

      {collapsed || mobile ? null : <ResizeHandle width={width} onResize={props.onResize} onResizeEnd={props.onResizeEnd} />}
    </aside>
  );
}
