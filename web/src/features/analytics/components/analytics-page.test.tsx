import { screen, within } from '@testing-library/react';
import { LOGIN_VERIFIED, ME, json, notFound, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload, startSession } from '../../../lib/session';
import { BASIC_STATS, CURRENT_USERS, EMPTY_OVERVIEW, OVERVIEW } from '../testing/overview-fixture';

const server = (overview = OVERVIEW, currentUsers = CURRENT_USERS) =>
  stubFetch((call) => {
    const path = call.url.split('?')[0];
    if (path === '/me') return json({ ...ME, is_admin: true });
    if (path === '/api/analytics/dashboard/overview') return json(overview);
    if (path === '/api/analytics/dashboard/current-users') return json(currentUsers);
    if (path === '/api/analytics/dashboard/basic-stats') return json(BASIC_STATS);
    return notFound();
  });

const region = (name: string) => screen.getByRole('region', { name });
const rowsOf = (name: string) => within(region(name)).getAllByRole('row').map((row) => row.textContent);

describe('/analytics', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    startSession({ ...LOGIN_VERIFIED, is_admin: true });
  });

  it('shows who is active now, the counts, activity per day, pages, actions and error rates by category', async () => {
    server();
    renderRoutes('/analytics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics' })).toBeTruthy();

    expect((await screen.findByTestId('active-users')).textContent).toBe(
      '1 signed-in user with analytics turned on is active now. 3 visitors are on Nivesh now.',
    );
    expect(rowsOf('Active now')[1]).toBe('6f1c2a4e-0000-4000-8000-000000000001/chat11:59:40 am');
    expect(await within(region('All time and today')).findByText('Analytics sessions')).toBeTruthy();
    expect(rowsOf('All time and today')[6]).toBe('Visits (anonymous)115,000');

    expect((await screen.findByTestId('total-sessions')).textContent).toBe('Sessions14');
    expect(screen.getByTestId('total-failed').textContent).toBe('Failed actions6');
    const totals = region('The period at a glance').textContent;
    expect(totals).toContain('Average session5 min 12 s');
    expect(totals).toContain('Average response240 ms');

    expect(region('Activity per day').textContent).toContain('14 sessions of 5 users, with 60 actions, in the last 7 days.');
    expect(rowsOf('Top pages')[1]).toBe('/technical-analysis2047.6 %');
    expect(rowsOf('Top actions')[1]).toBe('api_request5591.7 %');

    const categories = region('Actions by category');
    expect(categories.textContent).toContain('Chat failed most often: 33.3 % of its actions.');
    expect(within(categories).getByTestId('category-chat').textContent).toBe('Chat12433.3 %');
    expect(within(categories).getByTestId('category-market').textContent).toBe('Market4012.5 %');

    expect(screen.getByRole('link', { name: 'Visitor analytics (anonymous visits)' }).getAttribute('href')).toBe('/admin/visitor-analytics');
  });

  it.each([
    [{ sessions: 8, unique_users: 0, anonymous_sessions: 8 }, '8 sessions, none of them signed in, with 60 actions, in the last 7 days.'],
    [{ sessions: 8, unique_users: 3, anonymous_sessions: 2 }, '8 sessions: 6 by 3 signed-in users and 2 without signing in, with 60 actions, in the last 7 days.'],
    [{ sessions: 1, unique_users: 1, anonymous_sessions: 0 }, '1 session of 1 user, with 60 actions, in the last 7 days.'],
  ])('never says sessions of 0 users: %p reads “%s”', async (counts, sentence) => {
    server({ ...OVERVIEW, totals: { ...OVERVIEW.totals, ...counts } });
    renderRoutes('/analytics');
    expect(await within(await screen.findByRole('region', { name: 'Activity per day' })).findByText(sentence)).toBeTruthy();
    expect(screen.getByTestId('total-anonymous').textContent).toBe(`Without signing in${counts.anonymous_sessions}`);
    expect(screen.getByRole('main').textContent).not.toMatch(/of 0 users/);
  });

  it('shows a page outside the app and an odd action in words', async () => {
    server(
      { ...OVERVIEW, top_pages: [{ page_name: 'other', visits: 30 }], top_actions: [{ action_type: 'x'.repeat(64), count: 60 }], actions_by_category: [{ category: '', actions: 2, errors: 1, error_rate: 0.5 }] },
      { ...CURRENT_USERS, users: [{ ...CURRENT_USERS.users[0]!, page_name: null }] },
    );
    renderRoutes('/analytics');
    await screen.findByTestId('total-sessions');
    expect(rowsOf('Top pages')[1]).toBe('Pages outside the app3071.4 %');
    expect(within(region('Top actions')).getByTitle('x'.repeat(64)).textContent).toBe(`${'x'.repeat(47)}…`);
    expect(within(region('Actions by category')).getByTestId('category-').textContent).toBe('Unknown2150 %');
    expect((await within(region('Active now')).findAllByRole('row'))[1]?.textContent).toContain('Unknown page');
  });

  it('says in words that nothing has been recorded yet', async () => {
    server(EMPTY_OVERVIEW, { ...CURRENT_USERS, active_users: 0, active_visitors: 0, users: [] });
    renderRoutes('/analytics');
    expect(await screen.findByText('No analytics sessions in the last 7 days yet.')).toBeTruthy();
    expect(within(region('Actions by category')).getByText('No actions recorded in the last 7 days yet.')).toBeTruthy();
    expect(within(region('Top actions')).getByText('Nothing recorded in the last 7 days yet.')).toBeTruthy();
    expect(await within(region('Active now')).findByText('Nobody with analytics turned on is active right now.')).toBeTruthy();
    expect(screen.getByTestId('active-users').textContent).toBe(
      '0 signed-in users with analytics turned on are active now. 0 visitors are on Nivesh now.',
    );
  });
});
