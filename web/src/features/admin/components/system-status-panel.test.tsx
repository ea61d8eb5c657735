import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SystemStatusResponse } from '@nivesh/proto';
import { LOGIN_VERIFIED, ME, json, notFound, stubFetch } from '../../../testing/fetch-mock';
import { EDUCATION_COMPLIANCE } from '../../../testing/compliance';
import { renderRoutes } from '../../../testing/render';
import { reload, startSession } from '../../../lib/session';
import { formatIndianDayTime } from '../format';
import { ADMIN_TEXTS } from '../texts';

const service = (name: SystemStatusResponse['services'][number]['service'], label: string, notBuilt: number | null, total = 4) => ({
  service: name,
  name: label,
  state: 'running' as const,
  instance: `${name}-host-1`,
  features_total: total,
  features_not_built: notBuilt,
});

const STATUS: SystemStatusResponse = {
  checked_at: '2026-11-24T06:30:00.000Z',
  dependencies: { postgres: 'ok', redis: 'ok' },
  services: [
    service('auth', 'Accounts and sign-in', 0, 11),
    service('premium', 'Premium subscriptions', 3, 3),
    service('chat', 'Warren AI chat', 4, 4),
    service('prediction', 'Price forecasts', 1, 1),
    service('tracking', 'Usage analytics', 9, 9),
    service('market', 'Market data', 0, 11),
  ],
  payment_dead_letters: { total: 0, latest: [] },
  market_data: {
    freshness: { as_of: '2026-11-23', last_session: '2026-11-23', stale: false, reason: 'current', sentence: null, live: true },
    runs: [],
  },
  compliance: {
    profile: 'education',
    forecast_lag_days: 30,
    descriptive_lag_days: 0,
    circular: { number: 'HO/47/17/12(11)2025-MRD-POD3/I/11107/2026', date: '2026-05-08', effective: '2026-07-01', title: 'Norms for sharing and usage of price data for educational purposes' },
    research_analyst: null,
    rules: ['Nivesh runs as an education platform, not as a SEBI-registered adviser or research analyst.'],
    disclosures: [],
    audit: null,
    ai: EDUCATION_COMPLIANCE.ai,
  },
};

type Run = NonNullable<SystemStatusResponse['market_data']>['runs'][number];

const run = (fields: Partial<Run>): Run => ({
  trading_day: '2026-11-23',
  source: 'nse',
  status: 'imported',
  trigger: 'schedule',
  rows: 2143,
  new_bars: 2143,
  checks: [],
  error: null,
  started_at: '2026-11-23T13:30:00.000Z',
  duration_ms: 4200,
  ...fields,
});

/** The checks of a day whose files passed, as the market service records them. */
const PASSED_CHECKS: Run['checks'] = [
  { name: 'bhavcopy_zip', ok: true, detail: "BhavCopy_NSE_CM_0_0_0_20261123_F_0000.csv.zip: a zip holding NSE's UDiFF CM bhavcopy, 2143 EQ rows" },
  { name: 'trade_date', ok: true, detail: 'trade date 2026-11-23' },
  { name: 'row_count', ok: true, detail: '2143 EQ rows; recent days had about 2140 (accepted 1712–2675)' },
  { name: 'index_file', ok: true, detail: 'ind_close_all_23112026.csv: NIFTY 50 closed at 26068.15 on 2026-11-23' },
  { name: 'nifty_close', ok: true, detail: 'NIFTY 50 26068.15 is -124.3 points from the stored previous close 26192.45' },
];

const signIn = (is_admin: boolean) => startSession({ ...LOGIN_VERIFIED, is_admin });

/** The API as the gateway answers it: /me for the session, the status for admins only. */
const server = (is_admin: boolean, status: () => Response = () => json(STATUS)) =>
  stubFetch((call) => {
    if (call.url === '/me') return json({ ...ME, is_admin });
    if (call.url === '/api/system/status') return is_admin ? status() : json({ detail: 'Admin access required', code: 'forbidden' }, 403);
    return notFound();
  });

/** The admins' system calls (the compliance profile is public: every page's footer may ask for it). */
const systemUrls = (calls: { url: string }[]) =>
  calls.map((call) => call.url).filter((url) => (url.startsWith('/api/system') && !url.startsWith('/api/system/compliance')) || url === '/readyz');

describe('System status', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('is not on the dashboard for visitors: no services, no instances, and nothing asks for them', async () => {
    const { calls } = stubFetch(() => notFound());
    renderRoutes('/');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 });
    expect(screen.queryByRole('heading', { name: 'System status' })).toBeNull();
    expect(document.body.textContent).not.toMatch(/instance|All systems ready|tracking answered/);
    expect(systemUrls(calls)).toEqual([]);
  });

  it('is not on the dashboard for users either', async () => {
    signIn(false);
    const { calls, callsTo } = server(false);
    renderRoutes('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' }, { timeout: 5000 });
    await waitFor(() => expect(callsTo('/me').length).toBeGreaterThan(0));
    expect(screen.queryByRole('heading', { name: 'System status' })).toBeNull();
    expect(systemUrls(calls)).toEqual([]);
  });

  it('shows admins each service truthfully: running is not the same as built', async () => {
    signIn(true);
    server(true);
    renderRoutes('/admin');
    const panel = (await screen.findByRole('heading', { level: 2, name: 'System status' }, { timeout: 5000 })).closest('section') as HTMLElement;

    const overall = await within(panel).findByTestId('system-overall', {}, { timeout: 5000 });
    expect(overall.textContent).toBe('Every part is running; 4 of 6 services have features that are not built yet');
    expect(panel.textContent).not.toContain('All systems ready');

    const row = (name: string) => within(panel).getByTestId(`status-${name}`).textContent;
    // A state in words; the instance's host name is for the logs, not the page.
    expect(row('chat')).toBe('Warren AI chat (chat)running; its features are not built yet');
    expect(row('prediction')).toContain('Price forecasts (prediction)running; its features are not built yet');
    expect(row('market')).toContain('running; all 11 of its features are built');
    expect(row('postgres')).toBe('Database (PostgreSQL)answering');
    // No payment webhook waits.
    expect(within(panel).getByTestId('dead-letters-count').textContent).toBe('None: every signed payment webhook was applied.');
    expect(within(panel).queryAllByTestId('dead-letter')).toHaveLength(0);
  });

  it('shows the payment webhooks set aside: how many, and the newest with when, which event and the reason in words, the provider’s text escaped and cut', async () => {
    signIn(true);
    const hostile = '<img src=x onerror="window.__pwned=1">';
    server(true, () =>
      json({
        ...STATUS,
        payment_dead_letters: {
          total: 12,
          latest: [
            {
              event_id: `evt_${'A'.repeat(150)}`,
              event_type: `${hostile}${'x'.repeat(60)}`,
              reason: 'unreadable',
              detail: `✖ Invalid input: expected string, received undefined → at payload.subscription.entity.id ${'y'.repeat(300)}`,
              received_at: '2026-11-24T06:30:00.000Z',
              attempts: 1,
            },
            { event_id: 'evt_Q1w2E3r4T5y6U7', event_type: null, reason: 'unknown_subscription', detail: 'No subscription here has the provider id sub_QfN9x2H7cK4mLp; gave up after 12 tries.', received_at: '2026-11-24T05:00:00.000Z', attempts: 12 },
          ],
        },
      }),
    );
    renderRoutes('/admin');
    const panel = (await screen.findByRole('heading', { level: 2, name: 'System status' }, { timeout: 5000 })).closest('section') as HTMLElement;
    const letters = await within(panel).findByTestId('payment-dead-letters', {}, { timeout: 5000 });

    // Noticed at a glance: the overall line says so, and the section counts them.
    expect(within(panel).getByTestId('system-overall').textContent).toBe('Every part is running; 4 of 6 services have features that are not built yet; 12 payment webhooks are set aside');
    expect(within(panel).getByTestId('system-overall').className).toContain('bad');
    expect(within(letters).getByRole('heading', { level: 3, name: ADMIN_TEXTS.deadLetters.title })).toBeTruthy();
    expect(within(letters).getByTestId('dead-letters-count').textContent).toBe('12 payment webhooks are set aside and need a look. The newest 2 of 12:');

    const [unreadable, unknown] = within(letters).getAllByTestId('dead-letter');
    expect(unreadable!.textContent).toContain(formatIndianDayTime('2026-11-24T06:30:00.000Z'));
    expect(unreadable!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-24T06:30:00.000Z');
    expect(unreadable!.textContent).toContain('Signed by the provider, but not in a form Nivesh can read');
    expect(unreadable!.textContent).toContain('payload.subscription.entity.id');
    expect(unreadable!.textContent).toContain('Tried once.');
    // The event name a client posted is text, not markup, and long texts are cut.
    expect(unreadable!.textContent).toContain('<img src=x onerror=');
    expect(letters.querySelector('img')).toBeNull();
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    expect(unreadable!.textContent).toContain(`id evt_${'A'.repeat(55)}…`);
    expect(unreadable!.textContent).not.toContain('A'.repeat(100));
    expect(unreadable!.textContent).not.toContain('y'.repeat(250));

    expect(unknown!.textContent).toContain('No event name');
    expect(unknown!.textContent).toContain('id evt_Q1w2E3r4T5y6U7');
    expect(unknown!.textContent).toContain('For a subscription Nivesh does not have');
    expect(unknown!.textContent).toContain('gave up after 12 tries. Tried 12 times.');
  });

  it('says so when premium could not be asked about payment webhooks, rather than none', async () => {
    signIn(true);
    server(true, () => json({ ...STATUS, payment_dead_letters: null }));
    renderRoutes('/admin');
    const count = await screen.findByTestId('dead-letters-count', {}, { timeout: 5000 });
    expect(count.textContent).toBe('Could not ask the premium service about set-aside payment webhooks.');
    expect(screen.getByTestId('system-overall').textContent).toBe('Every part is running; 4 of 6 services have features that are not built yet');
  });

  it('shows that the prices are current, that the daily pipeline is on, and the last runs in words', async () => {
    signIn(true);
    const refusedDetail = `BhavCopy_NSE_CM_0_0_0_20261120_F_0000.csv.zip has 700 EQ rows; recent days had about 2140 (accepted 1712–2675) <b>${'z'.repeat(300)}`;
    server(true, () =>
      json({
        ...STATUS,
        market_data: {
          freshness: STATUS.market_data!.freshness,
          runs: [
            run({ checks: PASSED_CHECKS }),
            run({ trading_day: '2026-11-21', status: 'unchanged', trigger: 'manual', new_bars: 0, checks: PASSED_CHECKS, duration_ms: 850 }),
            run({
              trading_day: '2026-11-20',
              status: 'refused',
              rows: 0,
              new_bars: 0,
              checks: [PASSED_CHECKS[0]!, PASSED_CHECKS[1]!, { name: 'row_count', ok: false, detail: refusedDetail }],
              error: refusedDetail,
              duration_ms: 95_000,
            }),
            run({ trading_day: '2026-11-19', status: 'failed', rows: 0, new_bars: 0, error: 'NSE did not answer after 3 tries (ECONNRESET)' }),
            run({ trading_day: '2026-11-18', source: 'provider', rows: 0, new_bars: 1987, error: 'stood in for NSE: the archive was unreachable for 2 days' }),
            run({ trading_day: '2026-11-24', status: 'waiting', rows: 0, new_bars: 0, error: 'NSE has not published BhavCopy_NSE_CM_0_0_0_20261124_F_0000.csv.zip (it answered 404)', duration_ms: 310 }),
          ],
        },
      }),
    );
    renderRoutes('/admin');
    const section = await screen.findByTestId('market-data', {}, { timeout: 5000 });
    const texts = ADMIN_TEXTS.marketData;

    expect(within(section).getByRole('heading', { level: 3, name: 'Daily market data' })).toBeTruthy();
    expect(within(section).getByTestId('market-freshness').textContent).toBe('Prices are current: the last NSE session, 23 Nov 2026, is stored.');
    expect(within(section).getByTestId('market-freshness').className).toBe('ok');
    expect(within(section).getByTestId('market-pipeline').textContent).toBe(texts.live);

    const headers = within(section).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Trading day', 'Status', 'Source', 'Rows', 'New bars', 'Took', 'Started', 'Details']);
    const rows = within(section).getAllByTestId('ingest-run');
    expect(rows).toHaveLength(6);
    const [imported, unchanged, refused, failed, provider, waiting] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

    expect(cells(imported).slice(0, 7)).toEqual(['23 Nov 2026', 'Imported', 'NSE', '2,143', '2,143', '4.2 s', formatIndianDayTime('2026-11-23T13:30:00.000Z')]);
    expect(imported.querySelector('th time')?.getAttribute('dateTime')).toBe('2026-11-23');
    expect(within(imported).getByText('All 5 checks passed')).toBeTruthy();
    const checks = within(imported).getAllByTestId('ingest-check').map((item) => item.textContent);
    expect(checks[0]).toBe("✓ Bhavcopy file: BhavCopy_NSE_CM_0_0_0_20261123_F_0000.csv.zip: a zip holding NSE's UDiFF CM bhavcopy, 2143 EQ rows");
    expect(checks.slice(1).map((check) => check.split(':')[0])).toEqual(['✓ Trade date', '✓ Number of rows', '✓ Index file', '✓ NIFTY 50 close']);
    expect(within(imported).getAllByRole('img', { name: 'passed' })).toHaveLength(5);
    // The checks fold away until asked for.
    expect(imported.querySelector('details')?.open).toBe(false);
    expect(within(imported).queryByTestId('ingest-run-error')).toBeNull();

    expect(cells(unchanged).slice(1, 6)).toEqual(['Already stored', 'NSE', '2,143', '0', '850 ms']);

    expect(cells(refused).slice(1, 6)).toEqual(['Refused', 'NSE', '0', '0', '1 min 35 s']);
    expect(within(refused).getByText('2 of 3 checks passed')).toBeTruthy();
    expect(within(refused).getByRole('img', { name: 'failed' }).textContent).toBe('✗');
    // The file's own text is shown as text and cut to length.
    const refusal = within(refused).getByTestId('ingest-run-error');
    expect(refusal.className).toContain('bad');
    expect(refusal.textContent).toMatch(/^BhavCopy_NSE_CM_0_0_0_20261120_F_0000\.csv\.zip has 700 EQ rows; recent days had about 2140 \(accepted 1712–2675\) <b>z+…$/);
    expect(refusal.textContent).toHaveLength(240);
    expect(refused.querySelector('b')).toBeNull();

    expect(cells(failed)[1]).toBe('Failed');
    expect(within(failed).getByTestId('ingest-run-error').textContent).toBe('NSE did not answer after 3 tries (ECONNRESET)');
    expect(within(failed).getByText('No files checked')).toBeTruthy();

    expect(cells(provider).slice(1, 5)).toEqual(['Imported', 'Yahoo Finance stand-in', '0', '1,987']);
    const note = within(provider).getByTestId('ingest-run-error');
    expect(note.textContent).toBe('Stood in for NSE: the archive was unreachable for 2 days');
    expect(note.className).not.toContain('bad');

    expect(cells(waiting).slice(1, 3)).toEqual(['Waiting for NSE', 'NSE']);
    expect(within(waiting).getByTestId('ingest-run-error').textContent).toContain('NSE has not published');
  });

  it('says why the prices are not current, in the market service’s sentence, and when the daily pipeline is off', async () => {
    signIn(true);
    const sentence = 'Updates are delayed: these prices are from 18 Nov 2026, 3 trading sessions behind NSE.';
    server(true, () =>
      json({
        ...STATUS,
        market_data: { freshness: { as_of: '2026-11-18', last_session: '2026-11-23', stale: true, reason: 'delayed', sentence, live: false }, runs: [] },
      }),
    );
    renderRoutes('/admin');
    const freshness = await screen.findByTestId('market-freshness', {}, { timeout: 5000 });
    expect(freshness.textContent).toBe(sentence);
    expect(freshness.className).toBe('bad');
    expect(screen.getByTestId('market-pipeline').textContent).toBe('The daily pipeline is off: this copy of Nivesh does not fetch new prices from NSE.');
    expect(screen.getByTestId('ingest-runs-none').textContent).toBe('The daily pipeline has not run yet.');
    expect(screen.queryAllByTestId('ingest-run')).toHaveLength(0);
  });

  it('says so when the market service could not be asked about the market data', async () => {
    signIn(true);
    server(true, () => json({ ...STATUS, market_data: null }));
    renderRoutes('/admin');
    const section = await screen.findByTestId('market-data', {}, { timeout: 5000 });
    expect(within(section).getByTestId('market-freshness').textContent).toBe('Could not ask the market service how current the prices are or how its daily runs went.');
    expect(within(section).queryByTestId('market-pipeline')).toBeNull();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('shows the compliance profile: education by default, a registered research analyst by name and number', async () => {
    signIn(true);
    server(true, () => json(STATUS));
    const { unmount } = renderRoutes('/admin');
    const section = await screen.findByTestId('admin-compliance', {}, { timeout: 5000 });
    expect(within(section).getByRole('heading', { name: 'Compliance profile' })).toBeTruthy();
    expect(section.textContent).toContain('Education platform (COMPLIANCE_PROFILE=education): forecasts for a named stock or index use prices at least 30 days old.');
    expect(section.textContent).toContain('Nivesh runs as an education platform');
    unmount();

    const analyst = { registration_number: 'INH000012345', name: 'Asha Rao', valid_until: '2030-03-31' };
    server(true, () => json({ ...STATUS, compliance: { ...STATUS.compliance, profile: 'registered', forecast_lag_days: 0, research_analyst: analyst } }));
    renderRoutes('/admin');
    const registered = await screen.findByTestId('admin-compliance', {}, { timeout: 5000 });
    expect(registered.textContent).toContain('Registered research analyst (COMPLIANCE_PROFILE=registered): Asha Rao, registration INH000012345; forecasts use the latest prices.');
  });

  it('names what is down or partly built, and can check again', async () => {
    signIn(true);
    let answer: SystemStatusResponse = {
      ...STATUS,
      dependencies: { postgres: 'ok', redis: 'failed' },
      services: [
        { ...service('market', 'Market data', 2, 11) },
        { ...service('chat', 'Warren AI chat', null), state: 'down', instance: null },
      ],
    };
    const { callsTo } = server(true, () => json(answer));
    renderRoutes('/admin');
    const overall = await screen.findByTestId('system-overall', {}, { timeout: 5000 });
    expect(overall.textContent).toBe('2 of 4 parts need attention');
    expect(screen.getByTestId('status-market').textContent).toContain('running; 2 of its 11 features are not built yet');
    expect(screen.getByTestId('status-chat').textContent).toBe('Warren AI chat (chat)not answering');
    expect(screen.getByTestId('status-redis').textContent).toBe('Redisnot answering');

    answer = STATUS;
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(callsTo('/api/system/status')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('system-overall').textContent).toMatch(/^Every part is running/));
  });

  it('says in a sentence when the status cannot be read', async () => {
    signIn(true);
    server(true, () => json({ detail: 'The gateway could not ask the services.' }, 503));
    renderRoutes('/admin');
    // The page has other panels (the accounts) with alerts of their own.
    const panel = (await screen.findByRole('heading', { level: 2, name: 'System status' }, { timeout: 5000 })).closest('section') as HTMLElement;
    expect((await within(panel).findByRole('alert', {}, { timeout: 5000 })).textContent).toBe('Could not read the system status. The gateway could not ask the services.');
  });
});
