import { expect, test } from '@playwright/test';
import { logInAs, newAccount, popupAlreadySeen, registerByApi } from './support/accounts';
import { APRIL_1_FILES, importBhavcopy, restoreDatasetEnd } from './support/market-data';

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
  await page.getByLabel('Trade book (CSV or JSON file)').setInputFiles({ name: 'tradebook.csv', mimeType: 'text/csv', buffer: Buffer.from(TRADEBOOK) });
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
  await page.getByLabel('Trade book (CSV or JSON file)').setInputFiles({ name: 'tradebook.csv', mimeType: 'text/csv', buffer: Buffer.from(TRADEBOOK) });
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

test('a price alert fires after the import of a day that crosses it: a notification in the app and an e-mail', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = newAccount();
  await registerByApi(request, account);
  await popupAlreadySeen(page);
  await logInAs(page, request, account);

  await page.goto('/portfolio');
  const alerts = page.getByRole('region', { name: 'Price alerts' });
  await expect(alerts.getByText('No alerts yet. Set one below.')).toBeVisible({ timeout: 30_000 });
  const stock = alerts.getByRole('combobox', { name: 'Stock' });
  await expect(stock).toBeEnabled({ timeout: 30_000 });
  await stock.fill('RELIANCE');
  await stock.press('Enter');
  await alerts.getByLabel('Alert me when').selectOption({ label: 'The close is above a price' });
  await alerts.getByLabel('Price, ₹').fill('2980');
  await alerts.getByRole('button', { name: 'Set alert' }).click();
  const list = alerts.getByRole('list', { name: 'Your alerts' });
  await expect(list).toContainText('RELIANCE closes at or above ₹2,980');
  await expect(list).toContainText('Not fired yet');
  await expect(page.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible({ timeout: 30_000 });

  // An operator imports the NSE files of 1 April 2024, when RELIANCE closed at ₹2,985.15.
  try {
    importBhavcopy(APRIL_1_FILES);
    const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
    await expect(async () => {
      await page.reload();
      await expect(bell).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 45_000 });
    await bell.click();
    const dialog = page.getByRole('dialog', { name: 'Notifications' });
    await expect(dialog).toContainText('RELIANCE closed at ₹2,985.15 on 1 Apr 2024, above your alert level of ₹2,980');
    await dialog.getByRole('button', { name: 'Mark all read' }).click();
    await dialog.getByRole('button', { name: 'Close notifications' }).click();
    await expect(page.getByRole('button', { name: 'Notifications, none unread' })).toBeVisible();

    // The same sentence by e-mail, in the development mailbox.
    await expect(async () => {
      const { messages } = (await (await request.get(`/dev/mailbox?to=${encodeURIComponent(account.email)}`)).json()) as { messages: { text: string }[] };
      expect(messages.some((mail) => mail.text.includes('RELIANCE closed at ₹2,985.15 on 1 Apr 2024, above your alert level of ₹2,980.'))).toBe(true);
    }).toPass({ timeout: 30_000 });
  } finally {
    await restoreDatasetEnd();
  }
});
