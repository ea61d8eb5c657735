import { fireEvent, screen, within } from '@testing-library/react';
import { LOGIN_VERIFIED, ME, json, notFound, stubFetch } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload, startSession } from '../../../lib/session';
import { ANALYTICS_SETTING_TEXTS } from '../profile-texts';

describe('/profile: usage analytics', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    startSession(LOGIN_VERIFIED);
  });

  it('is off by default, says what it collects, and keeps the choice for this user', async () => {
    stubFetch((call) => (call.url === '/me' ? json(ME) : notFound()));
    renderRoutes('/profile');
    const setting = await screen.findByRole('region', { name: 'Usage analytics' });
    expect(setting.textContent).toContain(
      'When this is on, Nivesh records the pages you visit and the actions you take in this app (which requests you make, how long they take and whether they work, never what you type), tied to your account, and keeps them for 90 days.',
    );
    const toggle = within(setting).getByRole('switch', { name: 'Share usage analytics' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(within(setting).getByRole('status').textContent).toBe(ANALYTICS_SETTING_TEXTS.off);
    expect(localStorage.getItem('nivesh_analytics_opt_in:user-1')).toBeNull();

    fireEvent.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(within(setting).getByRole('status').textContent).toBe(ANALYTICS_SETTING_TEXTS.on);
    expect(localStorage.getItem('nivesh_analytics_opt_in:user-1')).toBe('true');

    fireEvent.click(toggle);
    expect(localStorage.getItem('nivesh_analytics_opt_in:user-1')).toBeNull();
    expect(within(setting).getByRole('status').textContent).toBe(ANALYTICS_SETTING_TEXTS.off);
  });
});
