import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminAuditEntry, AdminAuditResponse } from '@nivesh/proto';
import { LOGIN_VERIFIED, ME, json, notFound, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload, startSession } from '../../../lib/session';
import { formatIndianDayTime } from '../format';
import { ADMIN_TEXTS } from '../texts';

const entry = (id: number, summary: string): AdminAuditEntry => ({
  id: String(id),
  at: '2026-03-01T10:15:00.000Z',
  actor_user_id: 'user-1',
  actor_username: 'asha',
  target_user_id: 'id-ravi',
  target_username: 'ravi',
  action: 'grant_admin',
  summary,
});

const server = (audit: (page: number) => AdminAuditResponse) =>
  stubFetch((call) => {
    const [path, query = ''] = call.url.split('?');
    if (path === '/me') return json({ ...ME, is_admin: true });
    if (path === '/api/admin/users') return json({ users: [], total: 0, page: 1, page_size: 25 });
    if (path === '/api/admin/audit') return json(audit(Number(new URLSearchParams(query).get('page'))));
    return notFound();
  });

const logPanel = async () =>
  (await screen.findByRole('heading', { level: 2, name: ADMIN_TEXTS.log.title }, { timeout: 5000 })).closest('section') as HTMLElement;

describe('Admin log on /admin', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    startSession({ ...LOGIN_VERIFIED, is_admin: true });
  });

  it('reads who changed what and when, newest first, a page at a time', async () => {
    const { calls } = server((page) =>
      page === 1
        ? { entries: [entry(3, 'made ravi an admin'), entry(2, 'disabled meera')], total: 27, page: 1, page_size: 25 }
        : { entries: [entry(1, 'enabled meera again')], total: 27, page: 2, page_size: 25 },
    );
    renderRoutes('/admin');
    const panel = await logPanel();
    const entries = await within(panel).findAllByTestId('admin-log-entry', {}, { timeout: 5000 });
    expect(entries.map((item) => item.textContent)).toEqual([
      `${formatIndianDayTime('2026-03-01T10:15:00.000Z')}asha made ravi an admin.`,
      `${formatIndianDayTime('2026-03-01T10:15:00.000Z')}asha disabled meera.`,
    ]);
    expect(formatIndianDayTime('2026-03-01T10:15:00.000Z')).toMatch(/^1 Mar 2026, 3:45\spm$/);

    fireEvent.click(within(panel).getByRole('button', { name: 'Next' }));
    expect(await within(panel).findByText('asha enabled meera again.')).toBeTruthy();
    expect(within(panel).getByText('Entries 26–26 of 27')).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/admin/audit')).map((call) => call.url)).toEqual(['/api/admin/audit?page=1', '/api/admin/audit?page=2']);
  });

  it('says when no admin has changed an account yet', async () => {
    server(() => ({ entries: [], total: 0, page: 1, page_size: 25 }));
    renderRoutes('/admin');
    expect(await within(await logPanel()).findByText(ADMIN_TEXTS.log.empty, {}, { timeout: 5000 })).toBeTruthy();
  });
});
