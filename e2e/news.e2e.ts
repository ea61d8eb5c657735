import { expect, test } from '@playwright/test';
import { popupAlreadySeen } from './support/accounts';

test('AI News: filtered to INFY and its results, generated from its filings, with the price reaction after it', async ({ page }) => {
  test.setTimeout(90_000);
  await popupAlreadySeen(page);
  await page.goto('/ai-news');
  await expect(page.getByRole('heading', { level: 1, name: 'AI News' })).toBeVisible();
  const filters = page.getByRole('search', { name: 'Filter news' });
  const stock = filters.getByRole('combobox', { name: 'Stock' });
  await expect(stock).toBeEnabled({ timeout: 30_000 });
  await stock.fill('INFY');
  await stock.press('Enter');
  await filters.getByLabel('Kind').selectOption({ label: 'Results' });
  await expect(page).toHaveURL(/symbol=INFY/);

  const list = page.getByRole('list', { name: 'News and events' });
  const q3 = list.getByRole('article', { name: 'Infosys Q3 FY2024 results: revenue ₹38,821 cr, up 1.3% year on year; EPS ₹14.76' });
  await expect(q3).toBeVisible({ timeout: 30_000 });
  await expect(q3).toContainText('Generated from NSE filings');
  await expect(q3.getByRole('link', { name: 'INFY on Technical Analysis' })).toBeVisible();
  await expect(q3.getByRole('table', { name: /^Price reaction: INFY from the close of 11 Jan 2024\. Moves around news are history, not predictions\./ })).toBeVisible();
  // Every item shown is an INFY result, once the list has caught up with both filters (the stock's own list can show
  // for a moment before the kind applies).
  const headlines = () => list.getByRole('article').evaluateAll((items) => items.map((item) => item.querySelector('h2')?.textContent ?? ''));
  await expect.poll(async () => (await headlines()).filter((headline) => !/^Infosys (Q\d )?FY\d{4} results/.test(headline)), { timeout: 15_000 }).toEqual([]);
  expect((await headlines()).length).toBeGreaterThan(1);
});
