import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LOGIN_VERIFIED, ME, json, notFound, premiumStatus, stubFetch } from '../testing/fetch-mock';
import { stubViewport } from '../testing/match-media';
import { renderRoutes } from '../testing/render';
import { reload, startSession } from '../lib/session';
import { SIDEBAR_WIDTH_KEY } from '../lib/sidebar';
import { THEME_KEY } from '../lib/theme';
import { floatingChatTypeFor, toggledFloatingChat } from './floating-chat';

const sidebar = () => screen.getByRole('complementary', { name: 'Sidebar' });
const nav = () => within(sidebar()).getByRole('navigation', { name: 'Main' });

const signIn = (flags: { is_admin?: boolean; is_premium?: boolean } = {}) => {
  startSession({ ...LOGIN_VERIFIED, ...flags });
  return stubFetch((call) => {
    if (call.url === '/me') return json({ ...ME, ...flags });
    if (call.url.startsWith('/api/premium/status?')) return json(premiumStatus({ is_premium: flags.is_premium ?? false }));
    return notFound();
  });
};

const controlNames = (element: HTMLElement) =>
  Array.from(element.querySelectorAll('a, button')).map((control) => control.getAttribute('aria-label') ?? control.textContent?.trim());

/** jsdom has no PointerEvent; a MouseEvent with a pointer id is enough for the resize handle. */
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: PointerEventInit = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}

describe('sidebar', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    delete document.documentElement.dataset.theme;
  });

  it('lists the items of section 2 in order, and the locked group for visitors', async () => {
    stubFetch(() => notFound());
    renderRoutes('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    expect(controlNames(nav())).toEqual([
      'Dashboard',
      'Technical Analysis',
      'Market Sentiment',
      'TrendVision',
      'Risk Detection',
      'Deep Insights',
      'AI News',
      'About Us',
      'Contact Support',
      'AI Assistant',
      'Intelligence Hub (login required)',
      'Undervalued Analytics (login required)',
      'Portfolio (login required)',
      'Blog (login required)',
    ]);
    expect(within(nav()).getByRole('link', { name: 'TrendVision' }).getAttribute('href')).toBe('/ai-predictions');
    expect(within(nav()).getByRole('group', { name: 'LOGIN REQUIRED' })).toBeTruthy();
    expect(within(sidebar()).getByRole('button', { name: 'Help & Guide' })).toBeTruthy();
    expect(within(sidebar()).getByRole('button', { name: 'Upgrade to Premium' })).toBeTruthy();
    expect(within(sidebar()).getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(within(sidebar()).queryByRole('link', { name: /Analytics/ })).toBeNull();
  });

  it('a locked item opens the login dialog for visitors and does not navigate', async () => {
    stubFetch(() => notFound());
    const { router } = renderRoutes('/dashboard');
    fireEvent.click(within(nav()).getByRole('button', { name: 'Portfolio (login required)' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('gives logged-in users the group as plain links, without the LOGIN REQUIRED heading', async () => {
    signIn();
    renderRoutes('/dashboard');
    expect(sidebar().textContent).not.toMatch(/login required/i);
    expect(within(nav()).queryByRole('group')).toBeNull();
    expect(within(nav()).queryByRole('button', { name: /login required/i })).toBeNull();
    expect(within(nav()).getAllByRole('link').slice(-4).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Intelligence Hub', '/multi-agent'],
      ['Undervalued Analytics', '/undervalued-analytics'],
      ['Portfolio', '/portfolio'],
      ['Blog', '/blog'],
    ]);
    expect(within(sidebar()).getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(within(sidebar()).getByRole('link', { name: 'Profile: asha, Standard User' })).toBeTruthy();
  });

  it('shows admins the Analytics entry marked Admin', async () => {
    signIn({ is_admin: true });
    renderRoutes('/dashboard');
    const link = within(nav()).getByRole('link', { name: 'Analytics Admin' });
    expect(link.getAttribute('href')).toBe('/analytics');
    expect(sidebar().textContent).toContain('Admin User');
  });

  it('shows premium users the badge (from their plan name) and no upgrade button', async () => {
    signIn({ is_premium: true });
    renderRoutes('/dashboard');
    await waitFor(() => expect(within(sidebar()).queryByRole('button', { name: 'Upgrade to Premium' })).toBeNull());
    expect(sidebar().querySelector('.premium-badge')?.textContent).toBe('Premium');
  });

  it('Upgrade to Premium, Contact Support and Help & Guide open their dialogs', async () => {
    stubFetch(() => notFound());
    renderRoutes('/dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Upgrade to Premium' }));
    expect(await screen.findByRole('dialog', { name: 'Nivesh Premium' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Contact Support' }));
    expect(await screen.findByRole('dialog', { name: 'Contact Support' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Help & Guide' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('collapses and expands with its toggle', async () => {
    stubFetch(() => notFound());
    renderRoutes('/dashboard');
    expect(sidebar().dataset.state).toBe('expanded');
    fireEvent.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(sidebar().dataset.state).toBe('collapsed');
    expect(screen.queryByRole('separator', { name: 'Resize sidebar' })).toBeNull();
    // Collapsed to a rail, every control keeps its name.
    expect(within(nav()).getByRole('link', { name: 'Technical Analysis' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar().dataset.state).toBe('expanded');
  });

  it('starts collapsed on a 767 px screen and expanded on a 768 px one', () => {
    stubFetch(() => notFound());
    stubViewport(767);
    const narrow = renderRoutes('/dashboard');
    expect(sidebar().dataset.state).toBe('collapsed');
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toBeTruthy();
    narrow.unmount();

    stubViewport(768);
    renderRoutes('/dashboard');
    expect(sidebar().dataset.state).toBe('expanded');
    expect(screen.getByRole('separator', { name: 'Resize sidebar' })).toBeTruthy();
  });

  it('on a phone, the expanded sidebar closes after following a link', async () => {
    stubFetch(() => notFound());
    stubViewport(390);
    const { router } = renderRoutes('/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(sidebar().dataset.state).toBe('expanded');
    fireEvent.click(within(nav()).getByRole('link', { name: 'About Us' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(sidebar().dataset.state).toBe('collapsed');
  });

  it('resizes with the keyboard in 16 px steps within 240..480 px and remembers the width', () => {
    stubFetch(() => notFound());
    renderRoutes('/dashboard');
    const handle = screen.getByRole('separator', { name: 'Resize sidebar' });
    expect(handle.getAttribute('aria-orientation')).toBe('vertical');
    expect(handle.getAttribute('aria-valuemin')).toBe('240');
    expect(handle.getAttribute('aria-valuemax')).toBe('480');
    expect(handle.getAttribute('aria-valuenow')).toBe('288');
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(handle.getAttribute('aria-valuenow')).toBe('304');
    expect(localStorage.getItem(SIDEBAR_WIDTH_KEY)).toBe('304');
    fireEvent.keyDown(handle, { key: 'End' });
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(handle.getAttribute('aria-valuenow')).toBe('480');
    fireEvent.keyDown(handle, { key: 'Home' });
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle.getAttribute('aria-valuenow')).toBe('240');
    const shell = sidebar().closest<HTMLElement>('.app-shell');
    expect(shell?.style.getPropertyValue('--sidebar-width')).toBe('240px');
  });

  it('drags within 240..480 px', () => {
    stubFetch(() => notFound());
    localStorage.setItem(SIDEBAR_WIDTH_KEY, '300');
    vi.stubGlobal('PointerEvent', TestPointerEvent);
    renderRoutes('/dashboard');
    const handle = screen.getByRole('separator', { name: 'Resize sidebar' });
    expect(handle.getAttribute('aria-valuenow')).toBe('300');
    fireEvent.pointerDown(handle, { button: 0, clientX: 300, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 900, pointerId: 1 });
    expect(handle.getAttribute('aria-valuenow')).toBe('480');
    fireEvent.pointerMove(handle, { clientX: 10, pointerId: 1 });
    expect(handle.getAttribute('aria-valuenow')).toBe('240');
    fireEvent.pointerMove(handle, { clientX: 350, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 350, pointerId: 1 });
    expect(handle.getAttribute('aria-valuenow')).toBe('350');
    expect(localStorage.getItem(SIDEBAR_WIDTH_KEY)).toBe('350');
  });

  it('switches between light and dark and remembers the choice', () => {
    stubFetch(() => notFound());
    renderRoutes('/dashboard');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    fireEvent.click(within(sidebar()).getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('follows a dark system preference until the user chooses', () => {
    stubFetch(() => notFound());
    stubViewport(1280, { dark: true });
    renderRoutes('/dashboard');
    expect(within(sidebar()).getByRole('button', { name: 'Switch to light theme' })).toBeTruthy();
    expect(document.documentElement.dataset.theme).toBeUndefined();
  });
});

describe('floating chat', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
  });

  it('belongs to the technical, sentiment and dashboard pages only', () => {
    expect(floatingChatTypeFor('/technical-analysis')).toBe('technical');
    expect(floatingChatTypeFor('/market-sentiment/')).toBe('sentiment');
    expect(floatingChatTypeFor('/dashboard')).toBe('sentiment');
    expect(floatingChatTypeFor('/')).toBe('sentiment');
    expect(floatingChatTypeFor('/chat')).toBeNull();
    expect(floatingChatTypeFor('/risk-detection')).toBeNull();
    expect(toggledFloatingChat('open')).toBe('closed');
    expect(toggledFloatingChat('minimized')).toBe('open');
    expect(toggledFloatingChat('closed')).toBe('open');
  });

  it('AI Assistant toggles it on the technical page; it is a bubble until opened', async () => {
    stubFetch(() => notFound());
    renderRoutes('/technical-analysis');
    await screen.findByRole('heading', { level: 1, name: 'Technical Analysis' });
    expect(screen.getByRole('button', { name: 'Open Warren AI chat' })).toBeTruthy();
    const assistant = within(nav()).getByRole('button', { name: 'AI Assistant' });
    expect(assistant.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(assistant);
    const chat = await screen.findByRole('region', { name: 'Warren AI' }, { timeout: 5000 });
    expect(chat.textContent).toContain('Technical analysis · RELIANCE');
    expect(assistant.getAttribute('aria-expanded')).toBe('true');
    expect(assistant.getAttribute('aria-controls')).toBe(chat.id);

    fireEvent.click(within(chat).getByRole('button', { name: 'Minimize chat' }));
    expect(screen.queryByRole('region', { name: 'Warren AI' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Open Warren AI chat' })).toBeTruthy();

    fireEvent.click(assistant);
    fireEvent.click(assistant);
    expect(screen.queryByRole('region', { name: 'Warren AI' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open Warren AI chat' })).toBeNull();
  });

  it('is a sentiment chat on the sentiment page and the dashboard, and closed elsewhere', async () => {
    stubFetch(() => notFound());
    const { router } = renderRoutes('/market-sentiment');
    fireEvent.click(screen.getByRole('button', { name: 'Open Warren AI chat' }));
    expect((await screen.findByRole('region', { name: 'Warren AI' }, { timeout: 5000 })).textContent).toContain('Market sentiment chat');

    // The dashboard has the same sentiment chat: it stays open, with its conversation.
    await act(() => router.navigate('/dashboard'));
    expect(screen.getByRole('region', { name: 'Warren AI' }).textContent).toContain('Market sentiment chat');

    await act(() => router.navigate('/risk-detection'));
    expect(screen.queryByRole('region', { name: 'Warren AI' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open Warren AI chat' })).toBeNull();

    // Where there is no floating chat, the assistant opens its own page.
    fireEvent.click(within(nav()).getByRole('button', { name: 'AI Assistant' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
  });
});
