/**
 * Plain values of proto's notification contracts, copied because proto's modules load zod, which never loads for
 * the bell in the app's header (lib/contracts.ts); notification-values.test.ts checks that each copy equals proto's.
 */
import type { RouteName } from '@nivesh/proto';

/** The paths of the notification routes, as proto's `ROUTES` declares them (all need a login). */
export const NOTIFICATION_PATHS = {
  notifications: '/api/notifications',
  notificationsUnread: '/api/notifications/unread',
  notificationsRead: '/api/notifications/read',
} as const satisfies Partial<Record<RouteName, string>>;

/** How often the bell asks for the unread count while the tab is in view (it also asks when the tab comes back). */
export const UNREAD_POLL_MS = 60_000;
