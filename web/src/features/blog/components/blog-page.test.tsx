import { fireEvent, screen, within } from '@testing-library/react';
import { LOGIN_VERIFIED, ME, json, notFound, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload, startSession } from '../../../lib/session';

describe('/blog', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('is open to visitors and offers them the login dialog', async () => {
    stubFetch(() => notFound());
    renderRoutes('/blog');
    const main = screen.getByRole('main');
    fireEvent.click(await within(main).findByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeTruthy();
  });

  it('receives the signed-in user', async () => {
    startSession(LOGIN_VERIFIED);
    stubFetch((call) => (call.url === '/me' ? json(ME) : notFound()));
    renderRoutes('/blog');
    expect(await screen.findByText('Signed in as asha.')).toBeTruthy();
  });
});
