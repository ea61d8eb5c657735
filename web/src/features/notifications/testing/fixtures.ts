/** Test answers of the notification routes, typed with proto's contracts (the answer check runs on them in tests too). */
import type { Notification, Notifications } from '@nivesh/proto';
import type { FetchCall } from '../../../testing/fetch-mock';
import { ME, json, notFound } from '../../../testing/fetch-mock';
import { ALERTS_PATHS } from '@nivesh/proto/values';

/** Two unread, one read; the server answers newest first, but the oldest comes first here to show the list sorts. */
export const NOTIFICATION_LIST: Notification[] = [
  {
    id: 'nt-1',
    symbol: 'INFY',
    kind: 'move_pct',
    date: '2024-01-12',
    message: 'INFY closed 7.9 % up on 12 Jan 2024, past your 5 % move alert.',
    created_at: '2024-01-12T13:05:00.000Z',
    read: true,
  },
  {
    id: 'nt-3',
    symbol: 'TCS',
    kind: 'price_above',
    date: '2024-03-28',
    message: 'TCS closed at ₹3,876.30 on 28 Mar 2024, above your alert’s ₹3,850.',
    created_at: '2024-03-28T13:05:00.000Z',
    read: false,
  },
  {
    id: 'nt-2',
    symbol: 'HDFCBANK',
    kind: 'low_52w',
    date: '2024-02-14',
    message: 'HDFCBANK closed at ₹1,363.55 on 14 Feb 2024, a new 52-week low.',
    created_at: '2024-02-14T13:05:00.000Z',
    read: false,
  },
];

export const NOTIFICATIONS: Notifications = { notifications: NOTIFICATION_LIST, unread: 2 };

/** Everything read, as POST /api/notifications/read {} answers. */
export const ALL_READ: Notifications = {
  notifications: NOTIFICATION_LIST.map((entry) => ({ ...entry, read: true })),
  unread: 0,
};

type Handler = (call: FetchCall) => Response | Promise<Response>;
type Routes = Partial<Record<'unread' | 'list' | 'read', Handler>>;

/** A gateway answering the notification routes with the fixtures above, or with the handlers given. */
export const notificationServer =
  (routes: Routes = {}) =>
  (call: FetchCall): Response | Promise<Response> => {
    if (call.url === '/me') return json(ME);
    if (call.url === ALERTS_PATHS.notificationsUnread) {
      return routes.unread ? routes.unread(call) : json({ unread: NOTIFICATIONS.unread });
    }
    if (call.url === ALERTS_PATHS.notifications) return routes.list ? routes.list(call) : json(NOTIFICATIONS);
    if (call.url === ALERTS_PATHS.notificationsRead) return routes.read ? routes.read(call) : json(ALL_READ);
    return notFound();
  };
