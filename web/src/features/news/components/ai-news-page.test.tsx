import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, stubFetch } from '../../../testing/fetch-mock';
import { REGISTERED_COMPLIANCE } from '../../../testing/compliance';
import { renderRoutes } from '../../../testing/render';
import { reload } from '../../../lib/session';
import { NEWS_TEXTS } from '../../../components/news/texts';
import { PRESS_ITEM, RESULTS_ITEM, RESULTS_TONE_RULE, feed, newsCalls, newsServer } from '../../../components/news/testing/fixtures';

const openPage = async (path = '/ai-news', answer?: Parameters<typeof newsServer>[0]) => {
  const fetch = stubFetch(newsServer(answer));
  const view = renderRoutes(path);
  // The first test loads the page's lazy chunk, which can take more than the default second on a busy machine.
  await screen.findByRole('heading', { level: 1, name: 'AI News' }, { timeout: 5000 });
  return { ...fetch, ...view };
};

const item = (id: string) => screen.findByTestId(`news-item-${id}`);

describe('AI News page', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('shows each item with its label, date, tone, stocks with links, and its price reaction with the caveat', async () => {
    const { calls } = await openPage();
    const results = await item(RESULTS_ITEM.id);
    expect(within(results).getByText('Generated from NSE filings')).toBeTruthy();
    expect(within(results).getByText('11 Jan 2024').getAttribute('dateTime')).toBe('2024-01-11');
    const headline = within(results).getByRole('heading', { level: 2, name: RESULTS_ITEM.headline });
    expect(within(headline).queryByRole('link')).toBeNull();
    // A results item's tone is read off its figures, and says so.
    expect(within(results).getByText(/^Tone of/).textContent).toBe('Tone of the figures, year on year: Negative (net profit down 7.3%, revenue up 1.3%)');
    expect(within(results).getByRole('link', { name: 'INFY on Technical Analysis' }).getAttribute('href')).toBe('/technical-analysis?symbol=INFY');
    expect(within(results).getByRole('link', { name: 'INFY on Deep Insights' }).getAttribute('href')).toBe('/deep-insights?symbol=INFY');

    const reaction = within(results).getByRole('table', { name: /Price reaction/ });
    expect(within(reaction).getByText(/INFY from the close of 11 Jan 2024\. Moves around news are history, not predictions\./)).toBeTruthy();
    const rows = within(reaction).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['+7.93%', '+1.02%', '+6.91%'],
      ['+8.37%', '−1.53%', '+9.90%'],
      ['+12.10%', '—', '—'],
    ]);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('1 trading day12 Jan 2024');

    const press = await item(PRESS_ITEM.id);
    expect(within(press).getByText('Press: Example Markets')).toBeTruthy();
    expect(within(press).getByText(/^Tone of/).textContent).toBe('Tone of the words: Positive (jump (+1), beat (+1))');
    const link = within(press).getByRole('link', { name: /Infosys shares jump 8%/ });
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([PRESS_ITEM.url, '_blank', 'noopener noreferrer']);
    expect(within(press).getByRole('list', { name: 'Stocks named' }).textContent).toContain('TCS');
    expect(within(press).getByText(/The prices end on 28 Mar 2024/).textContent).toContain('Moves around news are history, not predictions.');

    // Under the default education profile the page does not repeat what /about says of its automation.
    expect(screen.queryByTestId('ai-note-news')).toBeNull();
    // Without feeds the page says how to add them; the items are asked for once, for everything.
    expect(screen.getByTestId('news-press').textContent).toContain('No press feeds are set up');
    expect(newsCalls(calls)).toEqual(['?page_size=20']);
  });

  it('under the registered profile says what of AI News is automated and how well its tones agreed with a reader’s', async () => {
    const server = newsServer();
    stubFetch((call) => (call.url === '/api/system/compliance' ? json(REGISTERED_COMPLIANCE) : server(call)));
    renderRoutes('/ai-news');
    const ai = REGISTERED_COMPLIANCE.ai.find((surface) => surface.surface === 'news')!;
    const note = await screen.findByTestId('ai-note-news', {}, { timeout: 5000 });
    expect(note.textContent).toBe(`${ai.automated} ${ai.measured}`);
    expect(note.textContent).toMatch(/agreed with a reader’s on \d+ of \d+ labelled headlines/);
  });

  it('says first what the page is today: events generated from NSE filings and prices, under its seed name', async () => {
    await openPage();
    const title = screen.getByRole('heading', { level: 1, name: 'AI News' });
    const lead = title.nextElementSibling?.textContent ?? '';
    expect(lead.split(/(?<=\.)\s+/)[0]).toBe(
      'Events generated from NSE filings and prices: results, corporate actions, 52-week highs and lows, unusual volume and opening gaps, each with what the price did next.',
    );
    expect(lead).toContain('Press articles appear only when news feeds are set up');
  });

  it('states how results items are toned, beside how the other items are', async () => {
    await openPage();
    const method = await screen.findByRole('region', { name: NEWS_TEXTS.method });
    const lines = within(method)
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    expect(lines).toContain(RESULTS_TONE_RULE);
    expect(lines.filter((line) => line?.startsWith('Tone'))).toEqual([RESULTS_TONE_RULE, expect.stringMatching(/^Tone of the other items: the AFINN-165 lexicon/)]);
  });

  it('filters by stock, kind, tone and dates through the address, and clears them', async () => {
    const { calls, router } = await openPage('/ai-news?symbol=INFY');
    await item(RESULTS_ITEM.id);
    expect(newsCalls(calls)).toEqual(['?symbol=INFY&page_size=20']);
    const filters = screen.getByRole('search', { name: NEWS_TEXTS.filters });

    fireEvent.change(within(filters).getByLabelText('Kind'), { target: { value: 'results' } });
    fireEvent.change(within(filters).getByLabelText('Tone'), { target: { value: 'negative' } });
    fireEvent.change(within(filters).getByLabelText('From'), { target: { value: '2024-01-01' } });
    fireEvent.change(within(filters).getByLabelText('To'), { target: { value: '2024-03-31' } });
    await waitFor(() => expect(newsCalls(calls).at(-1)).toBe('?symbol=INFY&kind=results&tone=negative&from=2024-01-01&to=2024-03-31&page_size=20'));
    expect(router.state.location.search).toBe('?symbol=INFY&kind=results&tone=negative&from=2024-01-01&to=2024-03-31');

    fireEvent.click(within(filters).getByRole('button', { name: 'All stocks' }));
    await waitFor(() => expect(newsCalls(calls).at(-1)).toBe('?kind=results&tone=negative&from=2024-01-01&to=2024-03-31&page_size=20'));

    fireEvent.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((within(filters).getByLabelText('Kind') as HTMLSelectElement).value).toBe('');
  });

  it('picks a stock with the symbol picker', async () => {
    const { calls } = await openPage();
    const picker = await screen.findByRole('combobox', { name: 'Stock' });
    await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(picker, { target: { value: 'tcs' } });
    fireEvent.keyDown(picker, { key: 'Enter' });
    await waitFor(() => expect(newsCalls(calls).at(-1)).toBe('?symbol=TCS&page_size=20'));
  });

  it('refuses a start date after the end date without asking the server', async () => {
    const { calls } = await openPage('/ai-news?from=2024-03-01&to=2024-01-01');
    expect((await screen.findByRole('alert')).textContent).toBe(NEWS_TEXTS.datesReversed);
    expect(newsCalls(calls)).toEqual([]);
  });

  it('pages through the items', async () => {
    const { calls } = await openPage('/ai-news?kind=market', (call) => {
      const page = Number(new URL(call.url, 'http://x').searchParams.get('page') ?? 1);
      return json(feed({ total: 45, page, items: [{ ...RESULTS_ITEM, id: `results:INFY:${page}` }] }));
    });
    await item('results:INFY:1');
    expect(screen.getByText('45 items, page 1 of 3')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect((within(pager).getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole('button', { name: 'Next page' }));
    await item('results:INFY:2');
    expect(newsCalls(calls).at(-1)).toBe('?kind=market&page=2&page_size=20');
    expect(screen.getByText('45 items, page 2 of 3')).toBeTruthy();
  });

  it('says so when nothing matches, and names the feeds when there are some', async () => {
    await openPage('/ai-news?tone=negative', () =>
      json(feed({ total: 0, items: [], press: { feeds: 2, articles: 140, last_fetched_at: '2024-03-29T04:00:00.000Z', how_to_add: null } })),
    );
    expect((await screen.findByText(NEWS_TEXTS.empty)).getAttribute('role')).toBe('status');
    expect(screen.getByTestId('news-press').textContent).toBe('Press feeds: 2 feeds are set up; 140 articles stored. Last read 29 Mar 2024.');
  });
});
