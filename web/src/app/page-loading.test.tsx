import { screen } from '@testing-library/react';
import { notFound, stubFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import { reload } from '../lib/session';

// Its own file: lazy pages are cached per module graph, so only a first visit shows the fallback.
describe('lazy pages', () => {
  it("shows 'Loading {page}...' while a page loads, then the page", async () => {
    localStorage.clear();
    reload();
    stubFetch(() => notFound());
    renderRoutes('/technical-analysis');
    expect(screen.getByText('Loading Technical Analysis...').closest('[role="status"]')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Technical Analysis' })).toBeTruthy();
    expect(screen.queryByText('Loading Technical Analysis...')).toBeNull();
  });

  it('names the page being loaded', async () => {
    stubFetch(() => notFound());
    renderRoutes('/risk-detection');
    expect(screen.getByText('Loading Risk Detection...')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Risk Detection' })).toBeTruthy();
  });
});
