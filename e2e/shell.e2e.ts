import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAdmin, logInAs, newAccount, popupAlreadySeen, registerByApi } from './support/accounts';

const OPEN_ROUTES = [
  '/',
  '/dashboard',
  '/portfolio-fixed',
  '/technical-analysis',
  '/market-sentiment',
  '/risk-detection',
  '/deep-insights',
  '/multi-agent',
  '/ai-predictions',
  '/ai-news',
  '/chat',
  '/blog',
  '/about',
  '/premium',
  '/payment/success',
  '/payment/failure',
];
const USER_ROUTES = ['/portfolio', '/undervalued-analytics', '/profile'];
const ADMIN_ROUTES = ['/analytics', '/admin', '/admin/visitor-analytics'];


const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });

test.describe('routes, titles and guards', () => {
  test('every open route has its own title with the brand suffix', async ({ page }) => {
    await popupAlreadySeen(page);
    const titles = new Map<string, string>();
    for (const route of OPEN_ROUTES) {
      await page.goto(route);
      await expect(page).toHaveTitle(/Nivesh/);
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
      await expect(page.locator('meta[name="description"]')).toHaveCount(1);
      titles.set(route, await page.title());
    }
    // Aliases aside ('/' and '/dashboard'), every page names itself.
    const distinct = new Set([...titles.entries()].filter(([route]) => route !== '/').map(([, title]) => title));
    expect(distinct.size).toBe(OPEN_ROUTES.length - 1);

    // The login screen's addresses are named after the screen, not after the dashboard under it.
    await page.goto('/login');
    await expect(page).toHaveTitle('Sign in | Nivesh');
    await page.goto('/register');
    await expect(page).toHaveTitle('Create account | Nivesh');
    await expect(page.getByRole('dialog', { name: 'Create account' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/$/);
    await expect(page).toHaveTitle('Dashboard | Nivesh');
  });

  test('visitors are sent to / from logged-in and admin pages', async ({ page }) => {
    await popupAlreadySeen(page);
    for (const route of [...USER_ROUTES, ...ADMIN_ROUTES]) {
      await page.goto(route);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test('a user reaches their pages but not the admin ones; an admin reaches both', async ({ browser, request }) => {
    const user = newAccount();
    await registerByApi(request, user);
    const userPage = await browser.newPage();
    await popupAlreadySeen(userPage);
    await logInAs(userPage, request, user);
    for (const route of USER_ROUTES) {
      await userPage.goto(route);
      await expect(userPage).toHaveURL(new RegExp(`${route}$`));
    }
    for (const route of ADMIN_ROUTES) {
      await userPage.goto(route);
      await expect(userPage).toHaveURL(/\/$/);
    }
    await userPage.close();

    const admin = newAccount();
    createAdmin(admin);
    const adminPage = await browser.newPage();
    await popupAlreadySeen(adminPage);
    await logInAs(adminPage, request, admin);
    for (const route of ADMIN_ROUTES) {
      await adminPage.goto(route);
      await expect(adminPage).toHaveURL(new RegExp(`${route}$`));
      await expect(adminPage).toHaveTitle(/Nivesh/);
    }
    await adminPage.goto('/admin');
    await expect(adminPage.getByRole('heading', { name: 'System status' })).toBeVisible();
    await expect(adminPage.getByTestId('status-tracking')).toContainText(/running; all \d+ of its features are built/);
    await expect(adminPage.getByTestId('status-tracking')).not.toContainText('instance');
    await adminPage.goto('/dashboard');
    await expect(sidebar(adminPage)).toContainText('Admin User');
    await expect(sidebar(adminPage).getByRole('link', { name: 'Analytics Admin', exact: true })).toBeVisible();
    await adminPage.close();
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await popupAlreadySeen(page);
    await page.goto('/definitely/not/here');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible();
  });
});

test.describe('sidebar', () => {
  test.beforeEach(async ({ page }) => {
    await popupAlreadySeen(page);
  });

  test('a locked item opens the login dialog for visitors', async ({ page }) => {
    await page.goto('/dashboard');
    await sidebar(page).getByRole('button', { name: 'Portfolio (login required)' }).click();
    await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  });

  test('dragging the edge stops at 240 and 480 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/dashboard');
    const handle = page.getByRole('separator', { name: 'Resize sidebar' });
    const box = (await handle.boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(900, y, { steps: 10 });
    await page.mouse.up();
    await expect(handle).toHaveAttribute('aria-valuenow', '480');
    expect(Math.round((await sidebar(page).boundingBox())!.width)).toBe(480);

    const after = (await handle.boundingBox())!;
    await page.mouse.move(after.x + after.width / 2, y);
    await page.mouse.down();
    await page.mouse.move(20, y, { steps: 10 });
    await page.mouse.up();
    await expect(handle).toHaveAttribute('aria-valuenow', '240');
    expect(Math.round((await sidebar(page).boundingBox())!.width)).toBe(240);
  });

  test('collapsed below 768 px, expanded at 768 px', async ({ page }) => {
    await page.setViewportSize({ width: 767, height: 800 });
    await page.goto('/dashboard');
    await expect(sidebar(page)).toHaveAttribute('data-state', 'collapsed');
    await page.setViewportSize({ width: 768, height: 800 });
    await expect(sidebar(page)).toHaveAttribute('data-state', 'expanded');
  });
});

test.describe('widgets', () => {
  test('zoom buttons step by 10% and stop at 50% and 300%', async ({ page }) => {
    await popupAlreadySeen(page);
    await page.goto('/dashboard');
    const zoomIn = page.getByRole('button', { name: 'Zoom in' });
    const zoomOut = page.getByRole('button', { name: 'Zoom out' });
    await expect(page.getByLabel('Zoom 100%')).toBeVisible();
    await zoomIn.click();
    await expect(page.getByLabel('Zoom 110%')).toBeVisible();
    for (let i = 0; i < 25 && (await zoomIn.isEnabled()); i += 1) await zoomIn.click();
    await expect(page.getByLabel('Zoom 300%')).toBeVisible();
    await expect(zoomIn).toBeDisabled();
    await page.getByRole('button', { name: 'Reset zoom' }).click();
    await expect(page.getByLabel('Zoom 100%')).toBeVisible();
    for (let i = 0; i < 10 && (await zoomOut.isEnabled()); i += 1) await zoomOut.click();
    await expect(page.getByLabel('Zoom 50%')).toBeVisible();
    await expect(zoomOut).toBeDisabled();
  });

  test('with no ad network reachable, ad slots show the fallback banner', async ({ page }) => {
    await popupAlreadySeen(page);
    await page.route(/googlesyndication|doubleclick|adservice/, (route) => route.abort());
    await page.goto('/dashboard');
    await expect(page.getByTestId('ad-fallback').first()).toBeVisible({ timeout: 6_000 });
  });

  test('the ad popup waits 8 s, then can be closed only after its 5 s countdown', async ({ page }) => {
    // The clock stands still from before the page loads, so the popup's 8 s count only the time run below, however
    // long the page takes to load on a busy machine.
    const start = new Date('2026-01-05T10:00:00+05:30');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1_000));
    await page.goto('/dashboard');
    const popup = page.getByRole('dialog', { name: 'Advertisement' });
    await page.clock.runFor(7_500);
    await expect(popup).toHaveCount(0);
    await page.clock.runFor(1_000);
    await expect(popup).toBeVisible();
    const close = popup.getByRole('button', { name: 'Close advertisement' });
    await expect(close).toBeDisabled();
    await page.clock.runFor(5_100);
    await expect(close).toBeEnabled();
    await close.click();
    await expect(popup).toHaveCount(0);
  });

  test('the install banner follows the install prompt, and Later hides it for 7 days', async ({ page }) => {
    await popupAlreadySeen(page);
    const prompt = () =>
      page.evaluate(() => {
        const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt?: () => Promise<void>; userChoice?: Promise<unknown> };
        event.prompt = async () => undefined;
        event.userChoice = Promise.resolve({ outcome: 'dismissed', platform: 'web' });
        window.dispatchEvent(event);
      });
    await page.goto('/dashboard');
    const banner = page.getByRole('region', { name: 'Install Nivesh' });
    await expect(banner).toHaveCount(0);
    await prompt();
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Later' }).click();
    await expect(banner).toHaveCount(0);

    await page.reload();
    await prompt();
    await expect(page.getByRole('region', { name: 'Install Nivesh' })).toHaveCount(0);

    // Eight days later it may ask again.
    await page.evaluate(() => localStorage.setItem('nivesh.pwa_dismissed_at', String(Date.now() - 8 * 24 * 60 * 60 * 1000)));
    await page.reload();
    await prompt();
    await expect(page.getByRole('region', { name: 'Install Nivesh' })).toBeVisible();
  });

  test('the service worker at /sw.js is registered', async ({ page }) => {
    await popupAlreadySeen(page);
    await page.goto('/dashboard');
    const scriptUrl = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL ?? '';
    });
    expect(new URL(scriptUrl).pathname).toBe('/sw.js');
  });
});

test('no page has a serious or critical accessibility violation (axe-core)', async ({ page }) => {
  test.setTimeout(180_000);
  await popupAlreadySeen(page);
  const problems: string[] = [];
  for (const route of [...OPEN_ROUTES, '/login', '/register', '/no-such-page']) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const violation of violations) {
      if (violation.impact === 'serious' || violation.impact === 'critical') {
        problems.push(`${route}: ${violation.id} (${violation.impact}) ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
      }
    }
  }
  expect(problems).toEqual([]);
});
