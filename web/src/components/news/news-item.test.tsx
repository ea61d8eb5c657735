import { screen, within } from '@testing-library/react';
import type { NewsItem } from '@nivesh/proto';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../../testing/providers';
import { NewsItemCard } from './news-item';
import { AI_PRESS_ITEM, PRESS_ITEM, RESULTS_ITEM } from './testing/fixtures';

const renderItem = (item: NewsItem) => {
  const router = createMemoryRouter([{ path: '/', element: <NewsItemCard item={item} /> }]);
  renderWithProviders(<RouterProvider router={router} />);
  return screen.getByTestId(`news-item-${item.id}`);
};

describe('A news item’s summary', () => {
  it('says when the summary was written by AI from the headline and the feed’s description', () => {
    const article = renderItem(AI_PRESS_ITEM);
    expect(within(article).getByText(AI_PRESS_ITEM.summary!)).toBeTruthy();
    expect(within(article).getByText('Summary written by AI from the headline and the feed’s description')).toBeTruthy();
  });

  it('says when the summary is the feed’s own description', () => {
    const article = renderItem(PRESS_ITEM);
    expect(within(article).getByText(PRESS_ITEM.summary!)).toBeTruthy();
    expect(within(article).getByText('The feed’s own description')).toBeTruthy();
    expect(within(article).queryByText(/written by AI/)).toBeNull();
  });

  it('adds nothing to a generated item’s figures', () => {
    const generated = renderItem(RESULTS_ITEM);
    expect(within(generated).getByText(RESULTS_ITEM.summary!)).toBeTruthy();
    expect(within(generated).queryByText(/written by AI|own description/)).toBeNull();
  });

  it('adds nothing to a press item without a summary', () => {
    const bare = renderItem({ ...PRESS_ITEM, summary: null, summary_source: null });
    expect(within(bare).queryByText(/written by AI|own description/)).toBeNull();
  });
});
