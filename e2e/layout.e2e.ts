import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { popupAlreadySeen } from './support/accounts';

/** The open routes, read from the app's route table so a new page is checked too; /login and /register among them. */
const OPEN_ROUTES = [...readFileSync(path.resolve(__dirname, '../web/src/app/router.tsx'), 'utf8').matchAll(/\{ path: '([^']+)', access: 'open'/g)].map(
  (match) => match[1]!,
);
const PHONE = { width: 390, height: 844 };
const THEMES = ['light', 'dark'] as const;

/** Opens a page in a theme and waits until its data and lazily loaded parts are in. */
const open = async (page: Page, route: string) => {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.page-loading, .query-loading, .chart-placeholder[role="status"]')).toHaveCount(0, { timeout: 15_000 });
  // A chart's canvas loads once it nears the window: those on screen are drawn, those further down keep their box.
  await page.waitForFunction(() => Array.from(document.querySelectorAll('.chart-figure-loading')).every((loading) => loading.getBoundingClientRect().top >= window.innerHeight), undefined, {
    timeout: 15_000,
  });
};

/**
 * What sticks out sideways: elements whose box leaves the window (or, with `withinPanels`, the card they sit in). An
 * element is exempt when a box that clips it (overflow other than visible: a scrolling table, the ticker's track)
 * is itself in place; a scrolling box is how a wide table is allowed to be wider than the screen.
 */
const sticksOut = (page: Page, withinPanels = false) =>
  page.evaluate((panels) => {
    const width = document.documentElement.clientWidth;
    const clippedInside = (element: Element, right: number) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const rect = box.getBoundingClientRect();
        if (rect.left >= -1 && rect.right <= right + 1) return true;
      }
      return false;
    };
    const name = (element: Element) => `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
    const found: string[] = [];
    const scopes = panels ? Array.from(document.querySelectorAll('main .panel')) : [document.body];
    for (const scope of scopes) {
      const limit = panels ? scope.getBoundingClientRect() : { left: 0, right: width };
      for (const element of Array.from(scope.querySelectorAll('*'))) {
        const rect = element.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
        const out = rect.right > limit.right + 1 || rect.left < limit.left - 1 || (!panels && rect.width > width + 1);
        if (out && !clippedInside(element, limit.right)) found.push(`${name(element)} (${Math.round(rect.left)}–${Math.round(rect.right)} px) "${(element.textContent ?? '').trim().slice(0, 40)}"`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, width, found: found.slice(0, 5) };
  }, withinPanels);

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The floating controls over the page: the zoom control and, on the chat pages, the chat bubble. */
const floatingBoxes = async (page: Page): Promise<Box[]> => {
  const boxes: Box[] = [];
  for (const control of [page.getByRole('group', { name: 'Page zoom' }), page.getByRole('button', { name: 'Open Warren AI chat' })]) {
    if (await control.count()) boxes.push((await control.boundingBox())!);
  }
  return boxes;
};

/** The market pages (README, 'The market pages'). */
const MARKET_ROUTES = ['/', '/technical-analysis', '/market-sentiment', '/risk-detection', '/deep-insights'];

/**
 * Figures under something that floats, at the top of the page and at each screenful down. A figure is any text of
 * the page holding a digit (prices, changes, dates), measured as the boxes its characters take; what floats is
 * every fixed or sticky element outside the page's column (the zoom control, the chat bubble, bars docked to an
 * edge). Only the part of a figure in the page's viewing area counts: the window less the bars docked at its top
 * and bottom, as the page's scroll padding declares them (a figure scrolled behind the top bar is out of view, not
 * covered). The viewing area must keep at least 80% of the window's height.
 */
const coveredFigures = (page: Page) =>
  page.evaluate(async () => {
    const main = document.getElementById('main-content')!;
    const root = getComputedStyle(document.documentElement);
    const top = parseFloat(root.scrollPaddingTop) || 0;
    const bottom = window.innerHeight - (parseFloat(root.scrollPaddingBottom) || 0);
    if (bottom - top < window.innerHeight * 0.8) return [`the bars docked at the edges leave only ${Math.round(bottom - top)} px of ${window.innerHeight} for the page`];
    const floating = Array.from(document.body.querySelectorAll('*')).filter((element) => {
      if (main.contains(element) || element.contains(main)) return false;
      const style = getComputedStyle(element);
      if (style.position !== 'fixed' && style.position !== 'sticky') return false;
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0;
    });
    const name = (element: Element) => element.getAttribute('aria-label') ?? `${element.tagName.toLowerCase()}.${Array.from(element.classList).join('.')}`;
    const found = new Set<string>();
    const range = document.createRange();
    const scan = () => {
      const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = (node.textContent ?? '').trim();
        if (!/\d/.test(text) || getComputedStyle(node.parentElement!).visibility === 'hidden') continue;
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects())) {
          const shown = { left: rect.left, right: rect.right, top: Math.max(rect.top, top), bottom: Math.min(rect.bottom, bottom) };
          if (rect.width === 0 || shown.bottom <= shown.top) continue;
          for (const element of floating) {
            const box = element.getBoundingClientRect();
            if (box.left < shown.right && shown.left < box.right && box.top < shown.bottom && shown.top < box.bottom) found.add(`'${text.slice(0, 30)}' under ${name(element)}`);
          }
        }
      }
    };
    const step = Math.max(1, Math.floor(bottom - top));
    for (let y = 0; ; y += step) {
      window.scrollTo(0, y);
      await new Promise(requestAnimationFrame);
      scan();
      if (window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1) break;
    }
    window.scrollTo(0, 0);
    return Array.from(found).slice(0, 8);
  });

/** A tap on the zoom control once it has faded: the control must not take it, so the page's zoom stays as it was. */
const tapFadedZoom = async (page: Page, route: string): Promise<string[]> => {
  const control = page.getByRole('group', { name: 'Page zoom' });
  await expect(control, `${route}: the zoom control fades after 5 s`).toHaveClass(/is-idle/, { timeout: 10_000 });
  const zoomIn = (await page.getByRole('button', { name: 'Zoom in' }).boundingBox())!;
  const [x, y] = [zoomIn.x + zoomIn.width / 2, zoomIn.y + zoomIn.height / 2];
  const problems: string[] = [];
  const target = await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('button')?.getAttribute('aria-label') ?? null, [x, y]);
  if (target !== null) problems.push(`${route}: the faded zoom control still takes taps ('${target}' is under the finger)`);
  await page.touchscreen.tap(x, y);
  await page.waitForTimeout(300);
  if (!(await page.getByLabel('Zoom 100%').count())) problems.push(`${route}: a tap on the faded zoom control zoomed the page`);
  return problems;
};

test.describe('on a 390 px phone', () => {
  // A touch screen, so the zoom control shows its pinch hint as it does on a phone.
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  for (const theme of THEMES) {
    test(`every open page fits in the ${theme} theme, with nothing left under the floating controls`, async ({ page }) => {
      test.setTimeout(300_000);
      expect(OPEN_ROUTES).toEqual(expect.arrayContaining(['/login', '/register', ...MARKET_ROUTES]));
      await popupAlreadySeen(page);
      await page.addInitScript((chosen) => localStorage.setItem('nivesh.theme', chosen), theme);
      const problems: string[] = [];
      for (const route of OPEN_ROUTES) {
        await open(page, route);
        await expect(page.locator('html'), route).toHaveAttribute('data-theme', theme);
        const { scrollWidth, found } = await sticksOut(page);
        if (scrollWidth > PHONE.width) problems.push(`${route}: the page is ${scrollWidth} px wide`);
        for (const element of found) problems.push(`${route}: ${element} is outside the screen`);

        // Each 'Prices as of' line, once scrolled to, and the last line of the page at the very end of the scroll are
        // clear of the zoom control and the chat bubble.
        const lines = page.getByTestId('prices-as-of');
        for (let i = 0; i < (await lines.count()); i += 1) {
          const line = lines.nth(i);
          if (!(await line.isVisible()) || (await line.locator('xpath=ancestor::*[@inert]').count())) continue;
          await line.scrollIntoViewIfNeeded();
          const box = (await line.boundingBox())!;
          if ((await floatingBoxes(page)).some((control) => overlaps(box, control))) problems.push(`${route}: '${await line.innerText()}' is under a floating control`);
        }
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const last = page.locator('.site-footer p');
        const lastBox = (await last.boundingBox())!;
        if ((await floatingBoxes(page)).some((control) => overlaps(lastBox, control))) problems.push(`${route}: the page's last line stays under a floating control`);

        // On the market pages no figure is under a floating control, wherever the page is scrolled.
        if (MARKET_ROUTES.includes(route)) {
          for (const figure of await coveredFigures(page)) problems.push(`${route}: ${figure}`);
          if (route === MARKET_ROUTES[0]) problems.push(...(await tapFadedZoom(page, route)));
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

test('at 1366 × 800 the technical chart starts above the fold and nothing floats over its range buttons', async ({ page }) => {
  await popupAlreadySeen(page);
  const viewport = { width: 1366, height: 800 };
  await page.setViewportSize(viewport);
  await open(page, '/technical-analysis?symbol=RELIANCE');
  const chart = page.getByTestId('price-chart').getByRole('img');
  await expect(chart).toBeVisible();
  const problems: string[] = [];
  // At least a fifth of the window shows the chart itself before any scrolling.
  const { y } = (await chart.boundingBox())!;
  if (y > viewport.height * 0.8) problems.push(`the chart starts ${Math.round(y)} px down a window ${viewport.height} px tall`);
  // Each range button answers a click at its centre, and no fixed or sticky element outside the page overlaps it.
  for (const button of await page.getByRole('group', { name: 'Chart range' }).getByRole('button').all()) {
    const over = await button.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const main = document.getElementById('main-content')!;
      const found = element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)) ? [] : ['something at its centre'];
      for (const other of Array.from(document.body.querySelectorAll('*'))) {
        if (main.contains(other) || other.contains(main) || !['fixed', 'sticky'].includes(getComputedStyle(other).position)) continue;
        const rect = other.getBoundingClientRect();
        if (rect.width && rect.height && rect.left < box.right && box.left < rect.right && rect.top < box.bottom && box.top < rect.bottom) {
          found.push(other.getAttribute('aria-label') ?? other.className.toString());
        }
      }
      return found;
    });
    for (const what of over) problems.push(`'${await button.innerText()}' is under ${what}`);
  }
  expect(problems).toEqual([]);
});

test('on wide screens the market pages keep every table and chart inside its card', async ({ page }) => {
  test.setTimeout(180_000);
  await popupAlreadySeen(page);
  const problems: string[] = [];
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 1920, height: 1080 },
  ]) {
    await page.setViewportSize(viewport);
    for (const route of ['/', '/technical-analysis', '/market-sentiment', '/risk-detection?range=max', '/deep-insights']) {
      await open(page, route);
      const { scrollWidth, found } = await sticksOut(page, true);
      if (scrollWidth > viewport.width) problems.push(`${route} at ${viewport.width} px: the page is ${scrollWidth} px wide`);
      for (const element of found) problems.push(`${route} at ${viewport.width} px: ${element} spills out of its card`);
      // A table is wider than its card only where it can be scrolled, and then it says so.
      for (const box of await page.locator('.table-scroll[data-overflows]').all()) {
        await expect(box.locator('xpath=following-sibling::p[1]')).toHaveText('Scroll the table sideways to see all its columns.');
      }
    }
  }
  expect(problems).toEqual([]);
});

test('on a phone a wide table scrolls inside its card and says so, and unusual trading days stack', async ({ page }) => {
  await popupAlreadySeen(page);
  await page.setViewportSize(PHONE);
  await open(page, '/deep-insights?symbol=RELIANCE');
  const returns = page.getByRole('region', { name: 'Returns by period table' });
  await expect(returns).toBeVisible();
  await expect(returns.locator('xpath=following-sibling::p[1]')).toHaveText('Scroll the table sideways to see all its columns.');
  // The correlation figures are in view without scrolling.
  const nifty = page.getByTestId('correlation-NIFTY 50').getByRole('cell').first();
  const niftyBox = (await nifty.boundingBox())!;
  expect(niftyBox.x + niftyBox.width).toBeLessThanOrEqual(PHONE.width);

  await open(page, '/risk-detection?symbol=ZEEL&range=max');
  const day = page.locator('.risk-flags tbody tr').first();
  await expect(day).toBeVisible();
  const dayBox = (await day.boundingBox())!;
  expect(dayBox.x + dayBox.width).toBeLessThanOrEqual(PHONE.width);
  // Date and kind on top, what happened in full below them.
  const [date, what] = [(await day.getByRole('rowheader').boundingBox())!, (await day.getByRole('cell').nth(1).boundingBox())!];
  expect(what.y).toBeGreaterThan(date.y);
});

test.describe('on a phone, while a market page waits for its figures', () => {
  test.use({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });

  test('nothing in view moves when the figures arrive (cumulative layout shift under 0.05)', async ({ page }) => {
    test.setTimeout(120_000);
    await popupAlreadySeen(page);
    // Every market answer arrives 700 ms late, as on a slow phone network, so each page shows its loading state first.
    await page.route('**/api/market/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.addInitScript(() => {
      const shifts: { value: number; nodes: string[] }[] = [];
      (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
          if (entry.hadRecentInput) continue;
          const nodes = (entry.sources ?? []).map(({ node }) =>
            node instanceof Element ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${Array.from(node.classList).join('.')}` : String(node?.nodeName),
          );
          shifts.push({ value: entry.value, nodes });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const problems: string[] = [];
    for (const route of ['/', '/technical-analysis', '/market-sentiment', '/risk-detection', '/deep-insights']) {
      await open(page, route);
      await page.waitForTimeout(500);
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: { value: number; nodes: string[] }[] }).__shifts);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      if (total >= 0.05) problems.push(`${route}: layout shift ${total.toFixed(3)} (${shifts.map((shift) => shift.nodes.join(', ')).join('; ')})`);
    }
    expect(problems).toEqual([]);
  });
});
