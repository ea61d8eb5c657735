import { expect, test } from '@playwright/test';
import { popupAlreadySeen } from './support/accounts';

test('TrendVision: an empty ticker is refused, infy gets a 10-day forecast with both bands and its measured accuracy', async ({ page }) => {
  test.setTimeout(120_000);
  await popupAlreadySeen(page);
  await page.goto('/ai-predictions');
  await page.getByRole('button', { name: 'Predict' }).click();
  await expect(page.getByText('Please enter a ticker symbol')).toBeVisible();

  const sent = page.waitForRequest((request) => request.url().endsWith('/predict') && request.method() === 'POST');
  // One field chooses the stock: 'infy' typed and Predict pressed forecasts INFY.
  const field = page.getByRole('combobox', { name: 'Ticker symbol' });
  await field.fill('infy');
  await page.getByRole('button', { name: 'Predict' }).click();
  expect((await sent).postDataJSON()).toEqual({ ticker: 'INFY' });

  // The first forecast of a stock back-tests its models first (a few seconds in the service's worker thread).
  const table = page.getByRole('table', { name: /forecast/i });
  await expect(table).toBeVisible({ timeout: 90_000 });
  await expect(field).toHaveValue(/^INFY — /);
  await expect(page.getByRole('region', { name: 'Forecast a stock' }).getByRole('textbox')).toHaveCount(0);
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(10);
  for (let day = 1; day <= 10; day += 1) {
    const row = rows.nth(day - 1);
    await expect(row.getByRole('rowheader')).toContainText(`Day ${day}`);
    // The forecast and both bands, in rupees to two decimals.
    expect((await row.innerText()).match(/₹[\d,]+\.\d{2}/g)?.length).toBeGreaterThanOrEqual(5);
  }
  await expect(page.getByRole('heading', { name: 'How accurate is this?' })).toBeVisible();
  await expect(page.getByText(/The 80 % band contained the actual price \d+ % of the time over [\d,]+ tests\./)).toBeVisible();
  await expect(page.getByText(/not a price target/i).first()).toBeVisible();
  // The fan chart is drawn once it is near the screen.
  await table.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('fan-chart').locator('canvas').first()).toBeVisible({ timeout: 15_000 });

  // 30 days is a premium tool: a visitor is told what it is and how to get it, and nothing is asked of the server.
  let asked30 = false;
  page.on('request', (request) => {
    if (request.url().endsWith('/predict') && request.postDataJSON()?.horizon_days === 30) asked30 = true;
  });
  const thirty = page.getByRole('radio', { name: '30 trading days (Premium)' });
  await thirty.click();
  await expect(thirty).toBeChecked();
  const note = page.getByTestId('premium-horizon-note');
  await expect(note).toContainText('part of Nivesh Premium');
  await expect(note).toContainText('log in');
  await expect(note.getByRole('link', { name: 'See Premium' })).toHaveAttribute('href', '/premium');
  expect(asked30).toBe(false);
  await note.getByRole('button', { name: /Show the 10-day forecast/ }).click();
  await expect(table.locator('tbody tr')).toHaveCount(10);
});
