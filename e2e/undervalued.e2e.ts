import { expect, test } from '@playwright/test';
import { logInAs, newAccount, popupAlreadySeen, registerByApi } from './support/accounts';

test('Undervalued Analytics: P/E under 25 with ROE over 15 % gives a table with filing dates, and a stock opens with its P/E history', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = newAccount();
  await registerByApi(request, account);
  await popupAlreadySeen(page);
  await logInAs(page, request, account);

  await page.goto('/undervalued-analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Undervalued Analytics' })).toBeVisible();
  await page.getByLabel('Highest P/E (price ÷ earnings per share)').fill('25');
  await page.getByLabel('Lowest ROE (return on equity), %').fill('15');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/pe_max=25/);
  await expect(page).toHaveURL(/roe_min=15/);

  // Every row passes both filters and names the filing behind its figures, with its publication date.
  const rows = page.locator('table.screener-table tbody tr');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(page.getByTestId('screener-summary')).toContainText('prices of');
  await expect(rows.first()).toContainText(/published \d{1,2} [A-Z][a-z]{2} 20\d\d/);
  // Stocks the filters cannot judge are listed with the reason.
  await expect(page.getByRole('heading', { name: /Not judged/ })).toBeVisible();

  // Open the first stock: its valuation with the P/E and P/B history and the filings behind it.
  const symbol = (await rows.first().locator('.screener-symbol a').innerText()).trim();
  await rows.first().locator('.screener-symbol a').click();
  await expect(page).toHaveURL(new RegExp(`symbol=${encodeURIComponent(symbol)}`));
  const valuation = page.getByTestId('stock-valuation');
  await expect(valuation.getByRole('heading', { level: 2 })).toContainText('valuation', { timeout: 30_000 });
  await expect(valuation.getByTestId('valuation-chart')).toHaveAttribute('aria-label', /P\/E/);
  await expect(valuation.locator('canvas').first()).toBeVisible();
  await expect(valuation.getByRole('table', { name: /filing/i })).toBeVisible();
});

test('Undervalued Analytics is for logged-in users; an impossible range is refused with a sentence', async ({ page, request }) => {
  await popupAlreadySeen(page);
  expect((await request.get('/api/fundamentals/screener')).status()).toBe(401);
  await page.goto('/undervalued-analytics');
  await expect(page).toHaveURL(/\/$/);

  const account = newAccount();
  await registerByApi(request, account);
  await logInAs(page, request, account);
  await page.goto('/undervalued-analytics?pe_min=30&pe_max=20');
  await expect(page.getByText(/The lowest P\/E asked for \(30\) is above the highest \(20\)/)).toBeVisible({ timeout: 30_000 });
});
