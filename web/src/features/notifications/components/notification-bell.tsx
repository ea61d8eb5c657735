import { Suspense, lazy, useState } from 'react';
import { useUnreadCount } from '../api/get-unread-count';
import { badgeText, bellLabel } from '../texts';
import './notifications.css';

// The list loads on the first opening: most page views only glance at the count.
const NotificationsDialog = lazy(() =>
  import('./notifications-dialog').then((m) => ({ default: m.NotificationsDialog })),
);

/**
 * The bell in the header: the unread count of the user's notifications, asked for every minute and when the tab
 * comes back, named for screen readers ("Notifications, 2 unread"); pressing it opens the list.
 */
export function NotificationBell() {
  const unread = useUnreadCount();
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const count = unread.data;
  return (
    <>
      <button
        type="button"
        className="icon-only notification-bell"
        aria-label={bellLabel(count)}
        aria-haspopup="dialog"
        aria-expanded={open}
        title={bellLabel(count)}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <svg
          className="icon"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M6 9a6 6 0 0 1 12 0c0 5 2 7 2 7H4s2-2 2-7M10 20a2 2 0 0 0 4 0" />
        </svg>
        {count ? (
          <span className="notification-count" aria-hidden="true" data-testid="notification-count">
            {badgeText(count)}
          </span>
        ) : null}
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <NotificationsDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}
