import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AnalyticsBasicStatsResponseSchema, AnalyticsCurrentUsersResponseSchema, AnalyticsOverviewResponseSchema } from '@nivesh/proto';
import type { AnalyticsOverviewResponse } from '@nivesh/proto';
import { LOGIN_VERIFIED, ME, json, notFound, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload, startSession } from '../../../lib/session';
import { LIVE_REFRESH_MS, currentUsersQueryOptions } from '../api/get-current-users';
import { BASIC_STATS, CURRENT_USERS, EMPTY_OVERVIEW, OVERVIEW } from '../testing/overview-fixture';

const OVERVIEW_PATH = '/api/analytics/dashboard/overview';

/** The gateway for a signed-in admin: the analytics answers, everything else 404. */
const server = (overview: () => Response = () => json(OVERVIEW)) =>
  stubFetch((call) => {
    const path = call.url.split('?')[0];
    if (path === '/me') return json({ ...ME, is_admin: true });
    if (path === OVERVIEW_PATH) return overview();
    if (path === '/api/analytics/dashboard/current-users') return json(CURRENT_USERS);
    if (path === '/api/analytics/dashboard/basic-stats') return json(BASIC_STATS);
    return notFound();
  });

const region = (name: string) => screen.getByRole('region', { name });

/** A panel's table rows as text, header row first. */
const rowsOf = (name: string) => within(region(name)).getAllByRole('row').map((row) => row.textContent);

describe('/admin/visitor-analytics', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    startSession({ ...LOGIN_VERIFIED, is_admin: true });
  });

  it('has fixtures that match the wire contracts', () => {
    expect(AnalyticsOverviewResponseSchema.safeParse(OVERVIEW).success).toBe(true);
    expect(AnalyticsOverviewResponseSchema.safeParse(EMPTY_OVERVIEW).success).toBe(true);
    expect(AnalyticsCurrentUsersResponseSchema.safeParse(CURRENT_USERS).success).toBe(true);
    expect(AnalyticsBasicStatsResponseSchema.safeParse(BASIC_STATS).success).toBe(true);
  });

  it('shows live visitors, the totals and every chart with its sentence and table', async () => {
    const { callsTo } = server();
    renderRoutes('/admin/visitor-analytics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Visitor Analytics' })).toBeTruthy();
    expect((await screen.findByTestId('live-visitors')).textContent).toBe('3 visitors are on Nivesh now.');
    expect(region('Live visitors').textContent).toContain('Refreshed every 30 seconds.');

    expect((await screen.findByTestId('total-visitors')).textContent).toBe('Visitors109');
    expect(screen.getByTestId('total-page-views').textContent).toBe('Page views420');
    const totals = region('The period at a glance').textContent;
    expect(totals).toContain('Bounce rate40 %');
    expect(totals).toContain('Median visit42 s');
    expect(totals).toContain('Median page load850 ms');

    expect(region('Visitors and page views per day').textContent).toContain(
      '109 visitors viewed 420 pages in the last 7 days; the busiest day was Fri, 20 Nov 2026.',
    );
    expect(rowsOf('Visitors and page views per day')).toHaveLength(8);

    // A full address is shown as its path; shares are of all page views.
    expect(rowsOf('Top pages')).toEqual(['PagePage viewsShare', '/dashboard18042.9 %', '/technical-analysis12028.6 %', '/about409.5 %']);
    expect(region('Top pages').textContent).toContain('/dashboard leads with 180 (42.9 %).');
    expect(rowsOf('Referrers')[1]).toBe('Direct (no referring site)9060 %');
    expect(rowsOf('Entry pages')[1]).toBe('/dashboard11073.3 %');
    expect(rowsOf('Exit pages')).toHaveLength(3);
    expect(rowsOf('Devices')[1]).toBe('Mobile8556.7 %');
    expect(rowsOf('Browsers')[1]).toBe('Chrome10066.7 %');
    expect(rowsOf('Screen sizes')[1]).toBe('390x8448556.7 %');

    expect(region('Session length').textContent).toContain('Half of the visits lasted 42 s or less. 40 % of visits viewed only one page (the bounce rate).');
    expect(rowsOf('Session length')[1]).toBe('Under 10 s4530 %');
    expect(region('Page load time').textContent).toContain('Over 400 page views, half loaded within 850 ms and 95 in 100 within 2.4 s.');
    expect(rowsOf('Page load time')).toEqual(['PercentileLoad time', 'Median (p50)850 ms', 'p751.2 s', 'p952.4 s', 'p994.1 s']);

    expect(callsTo('/api/analytics/dashboard/overview?days=7')).toHaveLength(1);
  });

  it('shows odd stored values in words, and a very long one cut with the whole of it in its title, never raw', async () => {
    const zeros = `/${'0'.repeat(400)}`;
    const junk: AnalyticsOverviewResponse = {
      ...OVERVIEW,
      visitors: {
        ...OVERVIEW.visitors,
        top_pages: [
          { key: 'other', count: 50 },
          { key: 'undefined', count: 40 },
          { key: zeros, count: 30 },
          { key: '/a\u0007b\u0000', count: 20 },
          { key: '', count: 10 },
        ],
        referrers: [{ key: 'undefined', count: 5 }],
        browsers: [{ key: '(unknown)', count: 5 }],
        devices: [{ key: 'null', count: 5 }],
      },
    };
    server(() => json(junk));
    renderRoutes('/admin/visitor-analytics');
    await screen.findByTestId('total-visitors');
    const pages = rowsOf('Top pages');
    expect(pages[1]).toBe('Pages outside the app5011.9 %');
    expect(pages[2]).toBe('Unknown page409.5 %');
    const cut = within(region('Top pages')).getByTitle(zeros);
    expect(cut.textContent).toBe(`/${'0'.repeat(46)}…`);
    expect(pages[4]).toBe('/a\uFFFDb\uFFFD204.8 %');
    expect(pages[5]).toBe('Unknown page102.4 %');
    expect(region('Top pages').textContent).toContain('Pages outside the app leads with 50 (11.9 %).');
    expect(rowsOf('Referrers')[1]).toBe('Unknown53.3 %');
    expect(rowsOf('Browsers')[1]).toBe('Unknown53.3 %');
    expect(rowsOf('Devices')[1]).toBe('Unknown53.3 %');
    const text = screen.getByRole('main').textContent ?? '';
    // eslint-disable-next-line no-control-regex -- no control character may reach the page.
    expect(text).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(text).not.toMatch(/undefined|null|0{50}/);
  });

  it('says in words that there is nothing yet, chart by chart', async () => {
    server(() => json(EMPTY_OVERVIEW));
    renderRoutes('/admin/visitor-analytics');
    expect(await screen.findByText('No visits have been recorded in the last 7 days yet.')).toBeTruthy();
    expect(within(region('Top pages')).getByText('Nothing to show for the last 7 days yet.')).toBeTruthy();
    expect(within(region('Session length')).getByText('No finished visits in the last 7 days yet, so there is no session length to show.')).toBeTruthy();
    expect(within(region('Page load time')).getByText('No page reported its load time in the last 7 days yet.')).toBeTruthy();
    expect(screen.getByTestId('total-visitors').textContent).toBe('Visitors0');
    expect(within(screen.getByRole('main')).queryAllByRole('table')).toHaveLength(0);
  });

  it('asks for 30 or 90 days when chosen, and keeps the choice in the address', async () => {
    const thirty: AnalyticsOverviewResponse = { ...OVERVIEW, days: 30 };
    const { callsTo } = server(() => json(OVERVIEW));
    const { router } = renderRoutes('/admin/visitor-analytics');
    await screen.findByTestId('total-visitors');
    const choice = screen.getByRole('group', { name: 'Period' });
    expect(within(choice).getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');

    server(() => json(thirty));
    fireEvent.click(within(choice).getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(router.state.location.search).toBe('?days=30'));
    await waitFor(() => expect(region('Visitors and page views per day').textContent).toContain('in the last 30 days'));
    expect(within(choice).getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true');
    expect(callsTo('/api/analytics/dashboard/overview?days=7')).toHaveLength(1);
  });

  it('opens on the period the address names', async () => {
    const { calls } = server(() => json({ ...OVERVIEW, days: 90 }));
    renderRoutes('/admin/visitor-analytics?days=90');
    await screen.findByTestId('total-visitors');
    expect(calls.map((call) => call.url)).toContain('/api/analytics/dashboard/overview?days=90');
  });

  it('says when the overview could not be loaded, and keeps the page', async () => {
    server(() => json({ detail: 'Analytics is resting.' }, 503));
    renderRoutes('/admin/visitor-analytics');
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load the analytics overview: Analytics is resting.');
    expect(screen.getByRole('heading', { level: 1, name: 'Visitor Analytics' })).toBeTruthy();
  });

  it('asks for the live figures again every 30 seconds', () => {
    expect(LIVE_REFRESH_MS).toBe(30_000);
    expect(currentUsersQueryOptions().refetchInterval).toBe(30_000);
  });
});
