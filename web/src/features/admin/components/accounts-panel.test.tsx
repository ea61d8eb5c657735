import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminUser, AdminUsersResponse } from '@nivesh/proto';
import { LOGIN_VERIFIED, ME, json, notFound, stubFetch, type FetchCall } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload, startSession } from '../../../lib/session';
import { formatIndianDayTime } from '../format';
import { ADMIN_TEXTS } from '../texts';

const account = (username: string, fields: Partial<AdminUser> = {}): AdminUser => ({
  user_id: `id-${username}`,
  username,
  email: `${username}@example.in`,
  created_at: '2025-03-05T10:00:00.000Z',
  is_admin: false,
  disabled: false,
  disabled_at: null,
  is_premium: false,
  premium_expires_at: null,
  premium_known: true,
  last_active_at: null,
  ...fields,
});

/** The signed-in admin is asha, user-1 (LOGIN_VERIFIED). */
const ASHA = account('asha', { user_id: 'user-1', is_admin: true, last_active_at: '2026-02-20T08:00:00.000Z' });
const RAVI = account('ravi', { is_premium: true, premium_expires_at: '2026-12-24T10:00:00.000Z' });
const MEERA = account('meera', { disabled: true, disabled_at: '2026-01-10T06:00:00.000Z', premium_known: false });

const page = (users: AdminUser[], extra: Partial<AdminUsersResponse> = {}): AdminUsersResponse => ({ users, total: users.length, page: 1, page_size: 25, ...extra });

type Answer = (call: FetchCall) => Response;

/** The gateway as the admin page meets it: /me, the system status, the accounts and the (empty) admin log. */
const server = (answers: { users?: Answer; role?: Answer; status?: Answer } = {}) =>
  stubFetch((call) => {
    const path = call.url.split('?')[0];
    if (path === '/me') return json({ ...ME, is_admin: true });
    if (path === '/api/admin/users') return (answers.users ?? (() => json(page([ASHA, RAVI, MEERA]))))(call);
    if (path === '/api/admin/users/role') return (answers.role ?? (() => notFound()))(call);
    if (path === '/api/admin/users/status') return (answers.status ?? (() => notFound()))(call);
    if (path === '/api/admin/audit') return json({ entries: [], total: 0, page: 1, page_size: 25 });
    return notFound();
  });

const accountsPanel = async () =>
  (await screen.findByRole('heading', { level: 2, name: ADMIN_TEXTS.accounts.title }, { timeout: 5000 })).closest('section') as HTMLElement;
const row = (username: string) => screen.findByTestId(`account-${username}`, {}, { timeout: 5000 });

describe('Accounts on /admin', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    startSession({ ...LOGIN_VERIFIED, is_admin: true });
  });

  it('lists each account with role, status, premium and last activity; your own row offers no actions', async () => {
    server();
    renderRoutes('/admin');
    const ravi = await row('ravi');
    expect(within(ravi).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'ravi@example.in',
      '5 Mar 2025',
      'User',
      'Active',
      'Until 24 Dec 2026',
      'Never',
      'Make adminDisable',
    ]);
    expect(within(ravi).getByRole('button', { name: 'Disable ravi' })).toBeTruthy();

    const meera = await row('meera');
    expect(meera.textContent).toContain('Disabled on 10 Jan 2026');
    expect(meera.textContent).toContain(ADMIN_TEXTS.accounts.premiumUnknown);
    expect(within(meera).getByRole('button', { name: 'Enable meera' })).toBeTruthy();

    const asha = await row('asha');
    expect(asha.textContent).toContain('Admin');
    expect(asha.textContent).toContain(formatIndianDayTime(ASHA.last_active_at!));
    expect(asha.textContent).toContain(ADMIN_TEXTS.accounts.you);
    expect(within(asha).queryAllByRole('button')).toEqual([]);
    expect((await accountsPanel()).textContent).toContain('Accounts 1–3 of 3');
  });

  it('searches by what is typed, from the first page, and says when nothing matches', async () => {
    const { calls } = server({ users: (call) => json(call.url.includes('q=') ? page([]) : page([ASHA, RAVI])) });
    renderRoutes('/admin');
    await row('ravi');
    fireEvent.change(screen.getByLabelText(ADMIN_TEXTS.accounts.searchLabel), { target: { value: '  priya ' } });
    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXTS.accounts.search }));
    expect(await screen.findByText('No account matches “priya”.')).toBeTruthy();
    expect(calls.map((call) => call.url).filter((url) => url.startsWith('/api/admin/users'))).toEqual(['/api/admin/users?page=1', '/api/admin/users?page=1&q=priya']);

    fireEvent.click(screen.getByRole('button', { name: ADMIN_TEXTS.accounts.clear }));
    await row('ravi');
  });

  it('pages through the accounts', async () => {
    const { callsTo, calls } = server({
      users: (call) => (call.url.includes('page=2') ? json(page([MEERA], { page: 2, total: 26 })) : json(page([ASHA, RAVI], { total: 26 }))),
    });
    renderRoutes('/admin');
    const panel = await accountsPanel();
    const pager = await within(panel).findByRole('navigation', { name: 'Pages of accounts' }, { timeout: 5000 });
    expect(pager.textContent).toContain('Page 1 of 2');
    expect((within(pager).getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    await row('meera');
    expect(within(panel).getByText('Accounts 26–26 of 26')).toBeTruthy();
    expect(calls.some((call) => call.url === '/api/admin/users?page=2')).toBe(true);
    expect(callsTo('/api/admin/users?page=1')).toHaveLength(1);
  });

  it('disables after a confirmation naming the account and that its sessions end, then shows the server’s sentence', async () => {
    let disabled = false;
    const message = 'ravi is disabled and cannot log in. Their 2 open sessions ended at once.';
    const { calls } = server({
      users: () => json(page([ASHA, { ...RAVI, disabled, disabled_at: disabled ? '2026-03-01T10:00:00.000Z' : null }])),
      status: () => {
        disabled = true;
        return json({ user: { ...RAVI, disabled: true, disabled_at: '2026-03-01T10:00:00.000Z' }, changed: true, sessions_ended: 2, message });
      },
    });
    renderRoutes('/admin');
    fireEvent.click(within(await row('ravi')).getByRole('button', { name: 'Disable ravi' }));

    const dialog = await screen.findByRole('dialog', { name: 'Disable ravi?' });
    expect(dialog.textContent).toContain('ravi (ravi@example.in) will not be able to log in');
    expect(dialog.textContent).toContain('Their sessions end at once.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disable account' }));

    expect((await within(await accountsPanel()).findByRole('status', {}, { timeout: 5000 })).textContent).toBe(message);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.url === '/api/admin/users/status')).toMatchObject({ method: 'POST', body: { user_id: 'id-ravi', disabled: true } });
    await waitFor(async () => expect((await row('ravi')).textContent).toContain('Disabled on'));
    expect(within(await row('ravi')).getByRole('button', { name: 'Enable ravi' })).toBeTruthy();
    // The admin log is asked again after the change.
    expect(calls.filter((call) => call.url.startsWith('/api/admin/audit')).length).toBeGreaterThan(1);
  });

  it('makes an admin with the role call, and leaves everything as it was when the dialog is cancelled', async () => {
    const { calls } = server({
      role: () => json({ user: { ...RAVI, is_admin: true }, changed: true, sessions_ended: 0, message: 'ravi is now an admin. Their open sessions have admin access at once.' }),
    });
    renderRoutes('/admin');
    fireEvent.click(within(await row('ravi')).getByRole('button', { name: 'Make ravi an admin' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Make ravi an admin?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.url === '/api/admin/users/role')).toBe(false);

    fireEvent.click(within(await row('ravi')).getByRole('button', { name: 'Make ravi an admin' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Make admin' }));
    expect((await within(await accountsPanel()).findByRole('status', {}, { timeout: 5000 })).textContent).toContain('ravi is now an admin.');
    expect(calls.find((call) => call.url === '/api/admin/users/role')?.body).toEqual({ user_id: 'id-ravi', is_admin: true });
  });

  it('keeps the dialog open with the server’s refusal as a sentence', async () => {
    const refusal = 'ravi is the only admin left, so admin access stays. Make someone else an admin first.';
    server({
      users: () => json(page([ASHA, { ...RAVI, is_admin: true }])),
      role: () => json({ detail: refusal, code: 'conflict' }, 409),
    });
    renderRoutes('/admin');
    fireEvent.click(within(await row('ravi')).getByRole('button', { name: 'Remove admin from ravi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove admin from ravi?' });
    expect(dialog.textContent).toContain('Their open sessions lose it at once.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove admin' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(`The change was not made. ${refusal}`);
    expect(screen.getByRole('dialog')).toBe(dialog);
  });

  it('says in a sentence when the accounts cannot be read, or when this account is no longer an admin', async () => {
    server({ users: () => json({ detail: 'The auth service is unavailable. Please try again shortly.' }, 503) });
    renderRoutes('/admin');
    const panel = await accountsPanel();
    expect((await within(panel).findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'Could not load the accounts. The auth service is unavailable. Please try again shortly.',
    );
  });

  it('says so when the server no longer takes this account for an admin', async () => {
    server({ users: () => json({ detail: 'Admin access required', code: 'forbidden' }, 403) });
    renderRoutes('/admin');
    const panel = await accountsPanel();
    expect((await within(panel).findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'Could not load the accounts. Your account does not have admin access any more.',
    );
  });
});
