import { expect, test } from '@playwright/test';
import { popupAlreadySeen } from './support/accounts';

/** A figure with at least one digit, e.g. '₹1,498.60', '23.41%', '0.87'. */
const NUMBER = /\d/;

test.beforeEach(async ({ page }) => {
  await popupAlreadySeen(page);
});

test('dashboard → INFY on Technical Analysis with its chart and RSI → Risk Detection with its figures', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // The overview shows NIFTY 50 from the shared data, dated, not passed off as live.
  await expect(page.getByTestId('prices-as-of').first()).toContainText('Prices as of 28 Mar 2024');
  await expect(page.getByTestId('index-close')).toHaveText(NUMBER);

  await page.getByRole('navigation').getByRole('link', { name: 'Technical Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Technical Analysis', level: 1 })).toBeVisible();
  await page.getByTestId('symbol-picker').fill('infosys');
  await page.getByRole('option', { name: 'INFY — Infosys Ltd.' }).click();
  await expect(page).toHaveURL(/symbol=INFY/);
  await expect(page.getByRole('main').getByText('Infosys Ltd.', { exact: true }).first()).toBeVisible();
  // lightweight-charts draws on canvases inside the chart's container.
  await expect(page.getByTestId('price-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByText('RSI (14)').first()).toBeVisible();
  await expect(page.getByTestId('rsi-value')).toHaveText(/^\d{1,3}(\.\d+)?$/);
  await expect(page.getByTestId('prices-as-of').first()).toContainText('28 Mar 2024');

  await page.getByRole('navigation').getByRole('link', { name: 'Risk Detection' }).click();
  await expect(page.getByRole('heading', { name: 'Risk Detection', level: 1 })).toBeVisible();
  // The stock picked on Technical Analysis carries over.
  await expect(page.getByTestId('symbol-picker')).toHaveValue('INFY — Infosys Ltd.');
  for (const id of ['risk-volatility', 'risk-drawdown', 'risk-beta', 'risk-var']) {
    await expect(page.getByTestId(id)).toContainText(NUMBER);
  }
  await expect(page.getByRole('heading', { name: /fraud/i }).first()).toBeVisible();
});

test('every market page shows real figures from the shared data, dated', async ({ page }) => {
  for (const path of ['/market-sentiment', '/deep-insights?symbol=TCS']) {
    await page.goto(path);
    await expect(page.getByTestId('prices-as-of').first()).toContainText('28 Mar 2024');
  }
});

test('a bad symbol in the address is answered with a clear sentence, not a blank page', async ({ page }) => {
  await page.goto('/risk-detection?symbol=NOSUCH');
  await expect(page.getByRole('alert').filter({ hasText: 'We have no stock with the symbol NOSUCH.' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByTestId('symbol-picker')).toHaveValue('');
});
