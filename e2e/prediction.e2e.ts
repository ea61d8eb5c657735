import { expect, test, type Page } from '@playwright/test';
import { popupAlreadySeen } from './support/accounts';

const DESKTOP = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The dataset's prices end on 28 Mar 2024: under the default `education` profile a forecast uses none after 27 Feb. */
const CUTOFF = Date.UTC(2024, 1, 27);

/** The one sentence saying why the forecast is old; its day is captured. */
const REASON =
  /^Under SEBI’s rules for education platforms \(circular of 8 May 2026\), forecasts for a named stock use prices at least 30 days old, so this one was made on (\d{1,2} [A-Z][a-z]{2} \d{4}) and is shown with what happened since\.$/;

/** What became of the forecast: every one of its ten days has closed since 27 Feb, so no day is still to come. */
const OUTCOME = /^Of the 10 forecast days since, (\d+|none) closed inside the 80 % band and (\d+|none) inside the 95 % band\.$/;

const count = (words: string) => (words === 'none' ? 0 : Number(words));

/** The forecast as an illustration: made on a day 30 or more days before the latest prices, with its outcome. */
const expectIllustration = async (page: Page) => {
  const reason = page.getByTestId('illustration-reason');
  await expect(reason).toBeVisible();
  const made = REASON.exec((await reason.innerText()).trim())?.[1];
  expect(made, 'the sentence on why the forecast is 30 days old').toBeTruthy();
  expect(Date.parse(`${made} UTC`)).toBeLessThanOrEqual(CUTOFF);
  await expect(page.getByText(/Under SEBI’s rules for education platforms/)).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: `Infosys Ltd. (INFY): the forecast made on ${made}, beside what happened` })).toBeVisible();

  const outcome = page.getByTestId('forecast-outcome');
  await expect(outcome).toBeVisible();
  const [, hits80 = '', hits95 = ''] = OUTCOME.exec((await outcome.innerText()).trim()) ?? [];
  expect(hits80, 'the outcome summary').not.toBe('');
  // A close inside the 80 % band is inside the wider 95 % one too.
  expect(count(hits80)).toBeLessThanOrEqual(count(hits95));
  expect(count(hits95)).toBeLessThanOrEqual(10);
  // Never a forecast of the days to come.
  await expect(page.getByText(/the next \d+ trading days/)).toHaveCount(0);
  return made!;
};

test('TrendVision: an empty ticker is refused; infy gets its forecast of 30 days ago beside what happened since, with both bands and its measured accuracy', async ({ page }) => {
  test.setTimeout(120_000);
  await popupAlreadySeen(page);
  await page.setViewportSize(DESKTOP);
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
  const made = await expectIllustration(page);
  await expect(table.getByRole('columnheader', { name: 'Actual close' })).toBeVisible();
  for (let day = 1; day <= 10; day += 1) {
    const row = rows.nth(day - 1);
    await expect(row.getByRole('rowheader')).toContainText(`Day ${day}`);
    // The forecast, the actual close since and both bands, in rupees to two decimals.
    expect((await row.innerText()).match(/₹[\d,]+\.\d{2}/g)?.length).toBeGreaterThanOrEqual(6);
    await expect(row).not.toContainText('Not yet');
  }
  await expect(page.getByText(`Based on closing prices up to ${made}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'How accurate is this?' })).toBeVisible();
  await expect(page.getByText(/The 80 % band contained the actual price \d+ % of the time over [\d,]+ tests\./)).toBeVisible();
  await expect(page.getByText(/not a price target/i).first()).toBeVisible();
  // The fan chart is drawn once it is near the screen, with the actual closes since as a line of their own.
  await table.scrollIntoViewIfNeeded();
  await expect(page.getByTestId('fan-chart').locator('canvas').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('list', { name: 'What the chart shows' })).toContainText('Actual closes since the forecast was made');
  await expect(page.getByTestId('fan-chart')).toHaveAttribute('aria-label', /The actual closes of the 10 forecast days since run to ₹[\d,]+\.\d{2} on \d{1,2} [A-Z][a-z]{2} 2024\./);
  // The track record of the back-tests stays below it.
  await expect(page.getByRole('heading', { level: 2, name: 'Track record' })).toBeVisible();

  // On a phone: the same illustration and outcome, each actual close under its forecast, and nothing wider than the screen.
  await page.setViewportSize(PHONE);
  await expectIllustration(page);
  await expect(rows.first().getByText('Actual', { exact: true })).toBeVisible();
  await expect(page.getByTestId('fan-chart').locator('canvas').first()).toBeVisible();
  // The ten days still fit the screen without scrolling the table sideways.
  await expect(page.getByRole('region', { name: /the forecast made on/ }).getByText(/Scroll the table sideways/)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  for (const box of [page.getByTestId('illustration-reason'), page.getByTestId('forecast-outcome'), table]) {
    const { x, width } = (await box.boundingBox())!;
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x + width).toBeLessThanOrEqual(PHONE.width);
  }
  await page.setViewportSize(DESKTOP);

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
