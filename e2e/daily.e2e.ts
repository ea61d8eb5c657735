import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { popupAlreadySeen } from './support/accounts';

/**
 * The daily NSE pipeline seen from the dashboard, on the second stack (scripts/e2e-daily-stack.mjs): prices loaded
 * through D (Monday 4 Mar 2024), the local NSE stand-in publishing the days after it, and the pipeline's evenings run
 * through the stack's control endpoint (each one the `market-daily` run at that evening, which also moves the market
 * service's clock there). The evenings move the stack's data forward: one journey per start of the stack.
 */
const DAILY_URL = `http://127.0.0.1:${process.env.E2E_DAILY_PORT ?? 18081}`;
const CONTROL_URL = `http://127.0.0.1:${process.env.E2E_DAILY_CONTROL_PORT ?? 18082}`;
const D = '2024-03-04';
const D1 = '2024-03-05';
const D2 = '2024-03-06';
/** After NSE_PUBLISH_DEADLINE (21:30 India time): a day NSE has not published by then counts as delayed. */
const AFTER_DEADLINE = '22:00';
const PHONE = { width: 390, height: 844 };
/** services/market/src/ingest/freshness.ts, word for word, for NSE down on the evening of D2. */
const DELAYED = 'Updates are delayed: these prices are from 5 Mar 2024, one trading session behind NSE.';

type DayOutcome = { day: string; source: 'nse' | 'provider'; status: string };

/** Runs the pipeline's evening of `day` (20:00 India time unless `time` is given) with NSE up or down; the run's days. */
const evening = async (request: APIRequestContext, day: string, nse: 'up' | 'down', time = '20:00'): Promise<DayOutcome[]> => {
  const response = await request.post(`${CONTROL_URL}/evening`, { data: { day, nse, at: `${day}T${time}:00+05:30` }, timeout: 90_000 });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { days: DayOutcome[] }).days;
};

/** The shell's "Prices as of" bar (the dashboard's own date appears only when its overview disagrees). */
const pricesBar = (page: Page) => page.getByTestId('prices-as-of').first();

/**
 * Opens the dashboard (`first`) or reloads it, as a visitor would, and waits for its overview and the freshness answer,
 * so that no sentence is a sentence the page has decided not to show rather than one still on its way.
 */
const open = async (page: Page, first = false) => {
  const freshness = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/market/freshness' && response.ok());
  if (first) await page.goto('/');
  else await page.reload();
  await freshness;
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('index-close')).toHaveText(/\d/);
};

/** The dashboard's figures agree with the bar: no second, older date in the page, none on the NIFTY 50 card. */
const expectOneDate = async (page: Page) => {
  await expect(page.getByRole('main').getByTestId('prices-as-of')).toHaveCount(0);
  await expect(page.getByTestId('index-as-of')).toHaveCount(0);
};

test.describe('the daily pipeline on the dashboard', () => {
  test.use({ baseURL: DAILY_URL });

  test.beforeEach(async ({ page }) => {
    await popupAlreadySeen(page);
  });

  test('after a replayed day "Prices as of" moves forward; NSE down past the deadline says updates are delayed, NSE back clears it', async ({
    page,
    request,
  }) => {
    test.setTimeout(150_000);

    await test.step(`the evening of ${D}: nothing new, prices current`, async () => {
      expect(await evening(request, D, 'up')).toEqual([]);
      await open(page, true);
      await expect(pricesBar(page)).toContainText('Prices as of 4 Mar 2024');
      await expect(page.getByTestId('prices-freshness')).toHaveCount(0);
      await expectOneDate(page);
    });

    await test.step(`the evening of ${D1}: NSE publishes, the run imports it, the date moves forward`, async () => {
      expect(await evening(request, D1, 'up')).toEqual([expect.objectContaining({ day: D1, source: 'nse', status: 'imported' })]);
      await open(page);
      await expect(pricesBar(page)).toContainText('Prices as of 5 Mar 2024');
      await expect(page.getByTestId('prices-freshness')).toHaveCount(0);
      await expectOneDate(page);
    });

    await test.step(`the evening of ${D2}, NSE down past the deadline: the prices stay, and the bar says updates are delayed`, async () => {
      expect(await evening(request, D2, 'down', AFTER_DEADLINE)).toEqual([expect.objectContaining({ day: D2, source: 'nse', status: 'failed' })]);
      await open(page);
      await expect(page.getByTestId('prices-freshness')).toHaveText(DELAYED);
      await expect(pricesBar(page)).toContainText('Prices as of 5 Mar 2024');
      await expect(pricesBar(page)).toHaveAttribute('data-stale', 'true');
      await expectOneDate(page);
    });

    await test.step('on a phone the delayed sentence wraps inside the window', async () => {
      await page.setViewportSize(PHONE);
      const sentence = page.getByTestId('prices-freshness');
      await expect(sentence).toBeVisible();
      const box = (await sentence.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    });

    await test.step(`NSE back, the evening of ${D2} run again: the date moves forward and the sentence is gone`, async () => {
      expect(await evening(request, D2, 'up', AFTER_DEADLINE)).toEqual([expect.objectContaining({ day: D2, source: 'nse', status: 'imported' })]);
      await open(page);
      await expect(pricesBar(page)).toContainText('Prices as of 6 Mar 2024');
      await expect(page.getByTestId('prices-freshness')).toHaveCount(0);
      await expect(pricesBar(page)).not.toHaveAttribute('data-stale', 'true');
      await expectOneDate(page);
    });
  });
});

test.describe("TrendVision under the registered profile (the daily stack is a research analyst's deployment)", () => {
  test.use({ baseURL: DAILY_URL });

  test("shows the current forecast under the analyst's registration, links to the disclosures, and fits 1366 and 390 px", async ({ page }) => {
    test.setTimeout(150_000);
    await popupAlreadySeen(page);
    await page.setViewportSize({ width: 1366, height: 800 });
    await page.goto('/ai-predictions');
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/predict' && response.request().method() === 'POST', { timeout: 120_000 });
    await page.getByRole('combobox', { name: 'Ticker symbol' }).fill('INFY');
    await page.getByRole('button', { name: 'Predict' }).click();
    const forecast = (await (await answered).json()) as { as_of: string; research_analyst?: { registration_number: string }; illustration?: unknown };
    // The answer itself names the analyst, and is made on the latest prices (D or later), not 30 days back.
    expect(forecast.research_analyst?.registration_number).toBe('INH000000001');
    expect(forecast.illustration).toBeUndefined();
    expect(forecast.as_of >= D).toBe(true);

    const panel = page.getByRole('region', { name: 'Infosys Ltd. (INFY): the next 10 trading days' });
    await expect(panel).toBeVisible({ timeout: 90_000 });
    const analyst = panel.getByTestId('research-analyst');
    await expect(analyst).toHaveText('Research by Nivesh Research (test), SEBI-registered research analyst, registration INH000000001. Read the disclosures.');
    await expect(page.getByTestId('illustration-reason')).toHaveCount(0);
    await expect(panel.locator(`time[datetime="${forecast.as_of}"]`).first()).toBeVisible();
    await expect(page.getByTestId('footer-registration')).toContainText('registration INH000000001');
    // What of TrendVision is automated and how it is measured, as SEBI's January 2025 circulars ask.
    const ai = panel.getByTestId('ai-note-trendvision');
    await expect(ai).toContainText('made automatically by statistical models');
    await expect(ai).toContainText('walk-forward back-test');

    await page.setViewportSize(PHONE);
    await expect(analyst).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    for (const box of [analyst, ai, panel.getByRole('table', { name: 'Forecast closing prices' })]) {
      const { x, width } = (await box.boundingBox())!;
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x + width).toBeLessThanOrEqual(PHONE.width);
    }

    // The disclosures, in /about's compliance section, and what the audit records keep in its privacy section.
    await analyst.getByRole('link', { name: 'Read the disclosures.' }).click();
    await expect(page).toHaveURL(/\/about#disclosures$/);
    await expect(page.getByRole('heading', { name: "The research analyst's disclosures" })).toBeVisible();
    expect(await page.getByTestId('ra-disclosures').locator('li').count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId('audit-privacy')).toContainText('kept as an audit record for 5 years');
    // Every AI feature, what of it is automated and what has been measured of it.
    await expect(page.getByTestId('ai-surfaces').locator('li')).toHaveCount(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
});
