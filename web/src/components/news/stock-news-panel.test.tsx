import { screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { json, stubFetch } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/providers';
import { feed, newsCalls, newsServer, RESULTS_ITEM } from './testing/fixtures';
import { StockNewsPanel } from './stock-news-panel';

const renderPanel = (answer?: Parameters<typeof newsServer>[0]) => {
  const fetch = stubFetch(newsServer(answer));
  const router = createMemoryRouter([{ path: '/', element: <StockNewsPanel symbol="INFY" /> }]);
  renderWithProviders(<RouterProvider router={router} />);
  return fetch;
};

describe('News and events panel', () => {
  it("shows the stock's latest items and links to all of them on AI News", async () => {
    const { calls } = renderPanel();
    const panel = await screen.findByRole('region', { name: 'News and events' });
    expect(await within(panel).findByRole('heading', { level: 3, name: RESULTS_ITEM.headline })).toBeTruthy();
    expect(within(panel).getByRole('list', { name: 'News and events: INFY' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'All news and events for INFY' }).getAttribute('href')).toBe('/ai-news?symbol=INFY');
    expect(newsCalls(calls)).toEqual(['?symbol=INFY&page_size=5']);
  });

  it('says when a stock has no news', async () => {
    renderPanel(() => json(feed({ total: 0, items: [] })));
    expect(await screen.findByText('No news or events about this stock.')).toBeTruthy();
  });
});
