import { screen, waitFor } from '@testing-library/react';
import type { FetchHandler } from '../testing/fetch-mock';
import { LOGIN_VERIFIED, ME, json, notFound, stubFetch } from '../testing/fetch-mock';
import { renderRoutes } from '../testing/render';
import { reload, startSession } from '../lib/session';
import { PAGE_ROUTES } from './router';

type Role = 'visitor' | 'user' | 'admin';

const signIn = (role: Role) => {
  if (role === 'visitor') return;
  startSession({ ...LOGIN_VERIFIED, is_admin: role === 'admin' });
};

const server = (role: Role): FetchHandler => (call) =>
  call.url === '/me' && role !== 'visitor' ? json({ ...ME, is_admin: role === 'admin' }) : notFound();

/** Every page's title before the brand suffix. */
const TITLES: Record<string, string> = {
  '/': 'Dashboard',
  '/dashboard': 'Dashboard',
  '/portfolio': 'Portfolio',
  '/portfolio-fixed': 'Portfolio Overview',
  '/technical-analysis': 'Technical Analysis',
  '/market-sentiment': 'Market Sentiment',
  '/risk-detection': 'Risk Detection',
  '/deep-insights': 'Deep Insights',
  '/multi-agent': 'Intelligence Hub',
  '/undervalued-analytics': 'Undervalued Analytics',
  '/analytics': 'Analytics',
  '/ai-predictions': 'TrendVision AI Predictions',
  '/ai-news': 'AI News',
  '/chat': 'Warren AI Chat',
  '/blog': 'Blog',
  '/about': 'About Us',
  '/premium': 'Premium',
  '/profile': 'Profile',
  '/admin': 'Admin',
  '/admin/visitor-analytics': 'Visitor Analytics',
  '/payment/success': 'Payment confirmation',
  '/payment/failure': 'Payment failure',
};

const pages = PAGE_ROUTES.filter((route) => !route.handle);

describe('routes of section 2', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    document.title = 'Nivesh';
  });

  it('covers every route of the specification', () => {
    expect(pages.map((route) => route.path).sort()).toEqual(Object.keys(TITLES).sort());
    expect(PAGE_ROUTES.map((route) => route.path)).toEqual(expect.arrayContaining(['/login', '/register']));
  });

  it.each(pages.map((route) => [route.path, route.access] as const))(
    '%s sets its title with the brand suffix, its description and canonical address',
    async (path, access) => {
      signIn(access === 'open' ? 'visitor' : access === 'user' ? 'user' : 'admin');
      stubFetch(server(access === 'admin' ? 'admin' : access === 'user' ? 'user' : 'visitor'));
      const { router } = renderRoutes(path);
      // Pages are lazy chunks: the first render of a large one waits for its modules.
      await waitFor(() => expect(document.title).toBe(`${TITLES[path]} | Nivesh`), { timeout: 5_000 });
      expect(router.state.location.pathname).toBe(path);
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      const description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
      expect(description?.content.length).toBeGreaterThan(20);
      const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
      expect(canonical?.href).toBe(new URL(path === '/' ? '/dashboard' : path, window.location.origin).href);
    },
  );

  it.each(['/portfolio', '/undervalued-analytics', '/profile', '/analytics', '/admin', '/admin/visitor-analytics'])(
    'sends visitors from %s to /',
    async (path) => {
      stubFetch(server('visitor'));
      const { router } = renderRoutes(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    },
  );

  it.each(['/analytics', '/admin', '/admin/visitor-analytics'])('sends logged-in users who are not admins from %s to /', async (path) => {
    signIn('user');
    stubFetch(server('user'));
    const { router } = renderRoutes(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each(['/portfolio', '/undervalued-analytics', '/profile'])('lets logged-in users open %s', async (path) => {
    signIn('user');
    stubFetch(server('user'));
    const { router } = renderRoutes(path);
    expect(await screen.findByRole('heading', { level: 1, name: new RegExp(`^${TITLES[path]}$`) })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it.each(['/analytics', '/admin', '/admin/visitor-analytics', '/portfolio'])('lets admins open %s', async (path) => {
    signIn('admin');
    stubFetch(server('admin'));
    const { router } = renderRoutes(path);
    expect(await screen.findByRole('heading', { level: 1, name: TITLES[path] })).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
  });

  it('lets visitors open the open routes the sidebar locks', async () => {
    stubFetch(server('visitor'));
    const { router } = renderRoutes('/multi-agent');
    expect(await screen.findByRole('heading', { level: 1, name: 'Intelligence Hub' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/multi-agent');
  });

  it("shows 'Page not found' with 'Return to Dashboard' for any other path", async () => {
    stubFetch(server('visitor'));
    renderRoutes('/portfolio/extra/parts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    // The page sets its title in an effect, which may run a moment after its content shows.
    await waitFor(() => expect(document.title).toBe('Page not found | Nivesh'));
  });
});
