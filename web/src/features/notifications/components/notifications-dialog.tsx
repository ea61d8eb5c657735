import type { Notification } from '@nivesh/proto';
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from 'react-router';
import { QueryState } from '../../../components/market/query-state';
import { formatMarketDate } from '../../../lib/format';
import { useNotifications } from '../api/get-notifications';
import { useMarkRead } from '../api/mark-read';
import { NOTIFICATION_TEXTS } from '../texts';
import '../../../components/widgets/widgets.css';

/** Newest first, whatever order they came in. */
const newestFirst = (a: Notification, b: Notification): number =>
  b.created_at.localeCompare(a.created_at) || b.date.localeCompare(a.date);

/** One notification: the server's sentence and the market day it fired on; an unread one is marked, in words too. */
function NotificationItem({ notification }: { notification: Notification }) {
  return (
    <li className={notification.read ? 'notification-item' : 'notification-item unread'}>
      {notification.read ? null : <span className="notification-dot" aria-hidden="true" />}
      <div className="notification-text">
        <p className="notification-message">
          {notification.read ? null : <span className="visually-hidden">{NOTIFICATION_TEXTS.unread}: </span>}
          {notification.message}
        </p>
        <p className="notification-date">
          <time dateTime={notification.date}>{formatMarketDate(notification.date)}</time>
        </p>
      </div>
    </li>
  );
}

type NotificationsDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * The user's notifications in a dialog, newest first with the unread ones marked, asked afresh on each opening;
 * 'Mark all read' clears the bell. A link leads to the alerts themselves on /portfolio.
 */
export function NotificationsDialog({ open, onOpenChange }: NotificationsDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-card notifications-dialog">
          <div className="notifications-head">
            <div>
              <Dialog.Title className="dialog-title">{NOTIFICATION_TEXTS.title}</Dialog.Title>
              <Dialog.Description className="muted">{NOTIFICATION_TEXTS.lead}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <button type="button" className="icon-button" aria-label={NOTIFICATION_TEXTS.close}>
                <span aria-hidden="true">×</span>
              </button>
            </Dialog.Close>
          </div>
          {open ? <NotificationsBody onNavigate={() => onOpenChange(false)} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The list itself, mounted while the dialog is open, so each opening asks again. */
function NotificationsBody({ onNavigate }: { onNavigate: () => void }) {
  const query = useNotifications();
  const markRead = useMarkRead();
  return (
    <QueryState query={query} what={NOTIFICATION_TEXTS.loading}>
      {({ notifications, unread }) => (
        <>
          <div className="notifications-actions">
            <button
              type="button"
              className="secondary small"
              disabled={unread === 0 || markRead.isPending}
              onClick={() => markRead.mutate(undefined)}
            >
              {markRead.isPending ? NOTIFICATION_TEXTS.marking : NOTIFICATION_TEXTS.markAllRead}
            </button>
            <Link to="/portfolio#alerts" onClick={onNavigate}>
              {NOTIFICATION_TEXTS.alerts}
            </Link>
          </div>
          {markRead.isError ? (
            <p className="form-error" role="alert">
              {NOTIFICATION_TEXTS.notMarked} {markRead.error.message}
            </p>
          ) : null}
          {notifications.length === 0 ? (
            <p className="notifications-none">{NOTIFICATION_TEXTS.none}</p>
          ) : (
            <ul className="notification-list" aria-label={NOTIFICATION_TEXTS.listLabel}>
              {[...notifications].sort(newestFirst).map((notification) => (
                <NotificationItem key={notification.id} notification={notification} />
              ))}
            </ul>
          )}
        </>
      )}
    </QueryState>
  );
}
