import { fireEvent, screen, within } from '@testing-library/react';
import { notFound, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload } from '../../../lib/session';

describe('/about', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('says what Nivesh is, that it is not investment advice, the version, and how to reach support', async () => {
    stubFetch(() => notFound());
    renderRoutes('/about');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'About Nivesh' })).toBeTruthy();
    expect(within(main).getByRole('heading', { level: 2, name: 'What Nivesh is' })).toBeTruthy();
    const advice = within(main).getByRole('region', { name: 'Educational, not investment advice' });
    expect(advice.textContent).toContain('SEBI');
    expect(main.textContent).toContain('v2.1.22092025');
    expect(main.textContent).toContain('₹200 per month');

    const privacy = within(main).getByRole('region', { name: 'Your privacy' }).textContent;
    expect(privacy).toContain('We store neither your IP address nor your browser');
    expect(privacy).toContain('a hash) whose secret changes every day');
    expect(privacy).toContain('deleted after 90 days; only daily totals are kept');
    expect(privacy).toContain('off unless you turn it on in your profile');

    fireEvent.click(within(main).getByRole('button', { name: 'Contact Support' }));
    expect(await screen.findByRole('dialog', { name: 'Contact Support' })).toBeTruthy();
  });
});
