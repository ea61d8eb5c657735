import { expect, test } from '@playwright/test';
import { logInAs, newAccount, popupAlreadySeen, registerByApi } from './support/accounts';

const TRADEBOOK = [
  'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date',
  'INFY,INE009A01021,2023-06-01,NSE,EQ,EQ,buy,false,10.000000,1300.000000,80000001,1300000000000001,2023-06-01T10:00:00,',
  'TCS,INE467B01029,2023-06-02,NSE,EQ,EQ,buy,false,4.000000,3250.000000,80000002,1300000000000002,2023-06-02T10:00:00,',
  'HDFCBANK,INE040A01034,2023-07-03,NSE,EQ,EQ,buy,false,12.000000,1700.000000,80000003,1300000000000003,2023-07-03T10:00:00,',
].join('\n');

test('Portfolio: import a trade book, see the holdings at the latest close, XIRR against NIFTY 50 and the allocation', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = newAccount();
  await registerByApi(request, account);
  await popupAlreadySeen(page);
  await logInAs(page, request, account);

  await page.goto('/portfolio');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  await page.getByLabel('Trade book (CSV file)').setInputFiles({ name: 'tradebook.csv', mimeType: 'text/csv', buffer: Buffer.from(TRADEBOOK) });
  await page.getByRole('button', { name: 'Import trade book' }).click();
  await expect(page.getByTestId('import-result')).toContainText(/3 trades/, { timeout: 30_000 });

  const holdings = page.getByRole('region', { name: 'Holdings', exact: true });
  await expect(holdings.getByRole('row', { name: /INFY/ })).toBeVisible({ timeout: 30_000 });
  await expect(holdings.getByRole('row', { name: /HDFCBANK/ })).toBeVisible();
  await expect(page.getByTestId('portfolio-as-of')).toContainText('28 Mar 2024');
  await expect(page.getByTestId('xirr-sentence')).toContainText('NIFTY 50');
  await expect(page.getByRole('list', { name: 'Sectors by share of the value' })).toContainText('IT');
  await expect(page.getByTestId('value-chart')).toBeVisible();

  // Importing the same book again adds nothing.
  await page.getByLabel('Trade book (CSV file)').setInputFiles({ name: 'tradebook.csv', mimeType: 'text/csv', buffer: Buffer.from(TRADEBOOK) });
  await page.getByRole('button', { name: 'Import trade book' }).click();
  await expect(page.getByTestId('import-result')).toContainText(/already/);
});

test('the example portfolio is open to visitors and says it is an example', async ({ page }) => {
  await popupAlreadySeen(page);
  await page.goto('/portfolio-fixed');
  await expect(page.getByText(/This is an example portfolio/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Holdings', exact: true }).getByRole('row', { name: /RELIANCE/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import trade book' })).toHaveCount(0);
});
