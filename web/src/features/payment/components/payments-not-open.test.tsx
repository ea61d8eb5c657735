import { screen, within } from '@testing-library/react';
import { notFound, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { PENDING } from '../../../lib/pending';
import { PAYMENTS_NOT_OPEN } from './payments-not-open';

describe('the payment pages while Nivesh takes no payments', () => {
  it.each(['/payment/success', '/payment/failure'])('%s says that nothing was charged and claims no outcome', async (path) => {
    stubFetch(() => notFound());
    renderRoutes(path);
    expect(await screen.findByText(PAYMENTS_NOT_OPEN)).toBeTruthy();
    const main = within(screen.getByRole('main'));
    expect(main.getByText(PENDING.premium)).toBeTruthy();
    expect(main.queryByText(/payment (successful|failed)|premium turns on|try again/i)).toBeNull();
  });
});
