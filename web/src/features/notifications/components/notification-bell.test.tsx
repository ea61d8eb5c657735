import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { reload, startSession } from '../../../lib/session';
import { LOGIN_VERIFIED, json, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { NOTIFICATION_TEXTS } from '../texts';
import { NOTIFICATIONS, notificationServer } from '../testing/fixtures';
import { NotificationBell } from './notification-bell';
import { ALERTS_PATHS } from '@nivesh/proto/values';
import { UNREAD_POLL_MS } from '../api/get-unread-count';

type Server = Parameters<typeof notificationServer>[0];

/** The bell alone, under a router (the list links to the alerts on /portfolio). */
const openBell = (routes: Server = {}) => {
  const fetch = stubFetch(notificationServer(routes));
  const view = renderRoutes('/', [
    { path: '/', element: <NotificationBell /> },
    { path: '/portfolio', element: <h1>Portfolio page</h1> },
  ]);
  return { ...fetch, ...view };
};

const openList = async (name = 'Notifications, 2 unread') => {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByRole('dialog', { name: NOTIFICATION_TEXTS.title });
};

const items = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: NOTIFICATION_TEXTS.listLabel })).getAllByRole('listitem');

describe('NotificationBell', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    startSession(LOGIN_VERIFIED);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the unread count, and says it in its name', async () => {
    const { callsTo } = openBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(within(bell).getByTestId('notification-count').textContent).toBe('2');
    expect(within(bell).getByTestId('notification-count').getAttribute('aria-hidden')).toBe('true');
    expect(callsTo(ALERTS_PATHS.notificationsUnread)[0]?.headers.Authorization).toBe('Bearer token-abc');
    // The list is not asked for until it is opened.
    expect(callsTo(ALERTS_PATHS.notifications)).toHaveLength(0);
  });

  it('draws no count when nothing is unread, a short one past 99, and stays a plain bell when the count fails', async () => {
    const none = openBell({ unread: () => json({ unread: 0 }) });
    expect(within(await screen.findByRole('button', { name: 'Notifications, none unread' })).queryByTestId('notification-count')).toBeNull();
    none.unmount();

    const many = openBell({ unread: () => json({ unread: 140 }) });
    expect(within(await screen.findByRole('button', { name: 'Notifications, 140 unread' })).getByTestId('notification-count').textContent).toBe('99+');
    many.unmount();

    const { callsTo } = openBell({ unread: () => json({ detail: 'Something went wrong on our side.' }, 503) });
    await waitFor(() => expect(callsTo(ALERTS_PATHS.notificationsUnread)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
  });

  it('asks again every minute, and when the tab comes back into view', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let unread = 2;
    const { callsTo } = openBell({ unread: () => json({ unread }) });
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(callsTo(ALERTS_PATHS.notificationsUnread)).toHaveLength(1);

    unread = 3;
    await act(() => vi.advanceTimersByTimeAsync(UNREAD_POLL_MS));
    expect(await screen.findByRole('button', { name: 'Notifications, 3 unread' })).toBeTruthy();
    expect(callsTo(ALERTS_PATHS.notificationsUnread)).toHaveLength(2);

    unread = 4;
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    act(() => {
      window.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByRole('button', { name: 'Notifications, 4 unread' })).toBeTruthy();
    expect(callsTo(ALERTS_PATHS.notificationsUnread)).toHaveLength(3);
  });

  it('opens the list newest first, the unread ones marked in words too', async () => {
    const { callsTo } = openBell();
    const dialog = await openList();
    expect(dialog.textContent).toContain(NOTIFICATION_TEXTS.lead);
    const list = await waitFor(() => items(dialog));
    expect(list.map((item) => item.querySelector('.notification-message')?.textContent)).toEqual([
      `Unread: ${NOTIFICATIONS.notifications[1]!.message}`,
      `Unread: ${NOTIFICATIONS.notifications[2]!.message}`,
      NOTIFICATIONS.notifications[0]!.message,
    ]);
    expect(list.map((item) => item.querySelector('time')?.textContent)).toEqual(['28 Mar 2024', '14 Feb 2024', '12 Jan 2024']);
    expect(list.map((item) => item.className)).toEqual(['notification-item unread', 'notification-item unread', 'notification-item']);
    expect(callsTo(ALERTS_PATHS.notifications)[0]?.headers.Authorization).toBe('Bearer token-abc');
  });

  it('marks all read, and the bell’s count goes with them', async () => {
    const { callsTo } = openBell();
    const dialog = await openList();
    const button = await within(dialog).findByRole('button', { name: NOTIFICATION_TEXTS.markAllRead });
    fireEvent.click(button);
    await waitFor(() => expect(within(dialog).queryByText(/^Unread:/)).toBeNull());
    expect(items(dialog).every((item) => item.className === 'notification-item')).toBe(true);
    expect(callsTo(ALERTS_PATHS.notificationsRead)).toEqual([expect.objectContaining({ method: 'POST', body: {} })]);
    expect((button as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole('button', { name: NOTIFICATION_TEXTS.close }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Notifications, none unread' })).toBeTruthy();
  });

  it('shows why they could not be marked read, in the server’s words', async () => {
    const detail = 'Too many requests. Try again in a minute.';
    openBell({ read: () => json({ detail }, 429) });
    const dialog = await openList();
    fireEvent.click(await within(dialog).findByRole('button', { name: NOTIFICATION_TEXTS.markAllRead }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(`${NOTIFICATION_TEXTS.notMarked} ${detail}`);
    expect(within(dialog).getAllByText(/^Unread:/)).toHaveLength(2);
  });

  it('says there are none yet, and leads to the alerts themselves', async () => {
    openBell({ unread: () => json({ unread: 0 }), list: () => json({ notifications: [], unread: 0 }) });
    const dialog = await openList('Notifications, none unread');
    expect(await within(dialog).findByText(NOTIFICATION_TEXTS.none)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('link', { name: NOTIFICATION_TEXTS.alerts }));
    expect(await screen.findByRole('heading', { name: 'Portfolio page' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('the bell in the app header', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  const header = () => screen.getByRole('complementary', { name: 'Sidebar' }).querySelector<HTMLElement>('.sidebar-header')!;

  it('rings for a logged-in user, beside the sidebar’s toggle', async () => {
    startSession(LOGIN_VERIFIED);
    stubFetch(notificationServer());
    renderRoutes('/about');
    const bell = await within(await waitFor(header)).findByRole('button', { name: 'Notifications, 2 unread' }, { timeout: 5000 });
    expect(bell.nextElementSibling?.className).toContain('sidebar-toggle');
  });

  it('is not there for a visitor, who is never asked about notifications', async () => {
    const { callsTo } = stubFetch(notificationServer());
    renderRoutes('/about');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(within(header()).queryByRole('button', { name: /^Notifications/ })).toBeNull();
    expect(callsTo(ALERTS_PATHS.notificationsUnread)).toHaveLength(0);
  });
});
