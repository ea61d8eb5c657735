import { screen, within } from '@testing-library/react';
import { reload } from '../lib/session';
import { json, notFound, stubFetch } from '../testing/fetch-mock';
import type { FetchHandler } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';

// jsdom has no canvas: the dashboard's chart is replaced.
vi.mock('../components/market/line-chart', () => ({ LineChart: () => null }));

const STATUS = { as_of: '2024-03-28', symbols: 48, bars: 270660, first_date: '1995-11-03' };

const OVERVIEW = {
  as_of: '2024-03-28',
  index: { symbol: 'NIFTY 50', as_of: '2024-03-28', close: 22326.9, change: 203.25, change_pct: 0.92, high_52w: 22526.6, low_52w: 16828.35, history: [] },
  breadth: { advancers: 1, decliners: 1, unchanged: 0 },
  gainers: [],
  losers: [],
  most_active: [],
  sectors: [],
};

const api =
  (answers: Record<string, unknown>): FetchHandler =>
  (call) => {
    const path = new URL(call.url, 'http://localhost').pathname;
    return path in answers ? json(answers[path]) : notFound();
  };

/** The shell's line, with the browser's clock at `now` (only Date is faked; timers run as usual). */
const barAt = async (now: Date, path = '/about', answers: Record<string, unknown> = { '/api/market/status': STATUS }) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  stubFetch(api(answers));
  renderRoutes(path);
  return screen.findByTestId('prices-as-of', {}, { timeout: 5000 });
};

describe('the prices line of the app shell', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('dates the prices on every page and says how old they are, here About Us', async () => {
    const bar = await barAt(new Date(2026, 10, 24, 12));
    expect(bar.textContent).toBe('Prices as of 28 Mar 2024, 2 years ago (end of day, NSE; not live)');
    expect(bar.querySelector('time')?.getAttribute('dateTime')).toBe('2024-03-28');
    // In the shell, above the page, where no floating control sits.
    expect(screen.getByRole('main').contains(bar)).toBe(false);
    expect(bar.compareDocumentPosition(screen.getByRole('main')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it.each([
    [new Date(2024, 2, 28, 18), 'today'],
    [new Date(2024, 2, 29, 9), 'yesterday'],
    [new Date(2024, 3, 8, 9), '11 days ago'],
  ])('on %s says %s', async (now, age) => {
    expect((await barAt(now, '/blog')).textContent).toBe(`Prices as of 28 Mar 2024, ${age} (end of day, NSE; not live)`);
  });

  it('is shown once: a page whose answer has the same date does not repeat it', async () => {
    await barAt(new Date(2026, 10, 24), '/dashboard', { '/api/market/status': STATUS, '/api/market/overview': OVERVIEW });
    await screen.findByRole('heading', { level: 3, name: 'NIFTY 50' }, { timeout: 5000 });
    expect(screen.getAllByTestId('prices-as-of')).toHaveLength(1);
    expect(within(screen.getByRole('main')).queryByTestId('prices-as-of')).toBeNull();
  });

  it("still lets a page say when its answer's date differs", async () => {
    await barAt(new Date(2026, 10, 24), '/dashboard', { '/api/market/status': STATUS, '/api/market/overview': { ...OVERVIEW, as_of: '2024-03-27' } });
    await screen.findByRole('heading', { level: 3, name: 'NIFTY 50' }, { timeout: 5000 });
    const own = within(screen.getByRole('main')).getByTestId('prices-as-of');
    expect(own.textContent).toBe('Prices as of 27 Mar 2024 (end of day, NSE)');
    expect(screen.getAllByTestId('prices-as-of')).toHaveLength(2);
  });

  it('says the bundled dataset is not updated when the pipeline is off', async () => {
    const freshness = { as_of: '2024-03-28', last_session: '2026-11-27', stale: true, reason: 'dataset', live: false, sentence: 'Prices end on 28 Mar 2024: this copy of Nivesh runs on the bundled NSE dataset and does not fetch newer days.' };
    const bar = await barAt(new Date(2026, 10, 24, 12), '/about', { '/api/market/status': STATUS, '/api/market/freshness': freshness });
    await vi.waitFor(() => expect(bar.textContent).toBe('Prices as of 28 Mar 2024, 2 years ago (end of day, NSE; bundled dataset, not updated)'));
    expect(screen.queryByTestId('prices-freshness')).toBeNull();
  });

  it("says why live prices are behind, in one sentence, and nothing on a current day", async () => {
    const late = { as_of: '2024-03-27', last_session: '2024-03-28', stale: true, reason: 'not_published', live: true, sentence: 'NSE has not published the prices of 28 Mar 2024 yet; these are from 27 Mar 2024.' };
    await barAt(new Date(2024, 2, 28, 18), '/about', { '/api/market/status': { ...STATUS, as_of: '2024-03-27' }, '/api/market/freshness': late });
    expect((await screen.findByTestId('prices-freshness', {}, { timeout: 5000 })).textContent).toBe(late.sentence);
    expect(screen.getByTestId('prices-as-of').dataset.stale).toBe('true');
  });

  it('adds nothing when the prices are the last session’s', async () => {
    const current = { as_of: '2024-03-28', last_session: '2024-03-28', stale: false, reason: 'current', live: true, sentence: null };
    const bar = await barAt(new Date(2024, 2, 28, 20), '/about', { '/api/market/status': STATUS, '/api/market/freshness': current });
    await vi.waitFor(() => expect(bar.dataset.stale).toBeUndefined());
    expect(bar.textContent).toBe('Prices as of 28 Mar 2024, today (end of day, NSE; not live)');
    expect(screen.queryByTestId('prices-freshness')).toBeNull();
  });

  it('says nothing about prices while none are stored', async () => {
    stubFetch(api({ '/api/market/status': { as_of: null, symbols: 0, bars: 0, first_date: null } }));
    renderRoutes('/about');
    await screen.findByRole('heading', { level: 1, name: 'About Nivesh' }, { timeout: 5000 });
    expect(screen.queryByTestId('prices-as-of')).toBeNull();
  });
});
