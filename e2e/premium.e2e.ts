import { expect, test, type Page } from '@playwright/test';
import { logInAs, newAccount, popupAlreadySeen, registerByApi } from './support/accounts';

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Sidebar' });

/** Ads, the premium ticker and the upgrade button: what a free user sees and a premium one on the allowed device does not. */
const expectAdFree = async (page: Page, adFree: boolean) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const ads = page.locator('[data-testid^="ad-slot-"]');
  if (adFree) await expect(ads).toHaveCount(0);
  else await expect.poll(() => ads.count()).toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: 'Premium benefits' })).toHaveCount(adFree ? 0 : 1);
  await expect(sidebar(page).getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(adFree ? 0 : 1);
};

test.describe('premium with the payment simulator', () => {
  test('subscribe, pay, lose the ads, meet the one-device rule on another browser, cancel', async ({ browser, request }) => {
    const account = newAccount();
    await registerByApi(request, account);

    // The first device: a laptop.
    const laptop = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await laptop.newPage();
    await popupAlreadySeen(page);
    await logInAs(page, request, account);
    await expectAdFree(page, false);

    await page.goto('/premium');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    // The simulator's hosted checkout, standing in for Razorpay's.
    await expect(page).toHaveURL(/\/dev\/pay\/sub_[A-Za-z0-9]{14}$/);
    await expect(page.getByText('This is a test payment page. No real money is taken.')).toBeVisible();
    await page.getByRole('button', { name: 'Pay ₹200' }).click();

    // The success page shows what the server knows, once the webhooks are in.
    await expect(page).toHaveURL(/\/payment\/success\?subscription_id=/);
    await expect(page.getByTestId('payment-state')).toHaveAttribute('data-state', 'active', { timeout: 20_000 });

    await expectAdFree(page, true);
    await expect(sidebar(page).getByText('Nivesh Premium', { exact: true })).toBeVisible();

    // The premium tool: 30-day forecasts with every model's back-test side by side (the first asks back-test first).
    await page.goto('/ai-predictions?symbol=INFY&days=30');
    await expect(page.getByRole('radio', { name: '30 trading days (Premium)' })).toBeChecked();
    await expect(page.getByRole('table', { name: /forecast/i }).locator('tbody tr')).toHaveCount(30, { timeout: 90_000 });
    const models = page.getByRole('table', { name: /each model/i });
    await expect(models.locator('tbody tr')).toHaveCount(5);
    await expect(models.getByText('Shown above')).toHaveCount(1);

    // The second device: a phone, another browser with its own fingerprint, signed in to the same account (its
    // session carried over, since a second login code may not be asked for within half a minute).
    const session = await page.evaluate(() => Object.fromEntries(['token', 'user_id', 'username', 'email', 'is_admin', 'login_timestamp'].map((key) => [key, localStorage.getItem(key) ?? ''])));
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/128.0 Mobile Safari/537.36' });
    const phonePage = await phone.newPage();
    await popupAlreadySeen(phonePage);
    await phonePage.addInitScript((values) => {
      if (!localStorage.getItem('token')) for (const [key, value] of Object.entries(values)) localStorage.setItem(key, value);
    }, session);
    await phonePage.goto('/dashboard');
    const conflict = phonePage.getByTestId('device-conflict');
    await expect(conflict).toContainText('Device Session Conflict: Premium is in use on another device.');
    // Limited access on this device: the advertisements stay, nothing asks the account to pay a second time, and
    // moving premium here is the one offer (the banner's and the sidebar's); the premium tool points to it too.
    await expect.poll(() => phonePage.locator('[data-testid^="ad-slot-"]').count()).toBeGreaterThan(0);
    await expect(phonePage.getByRole('region', { name: 'Premium benefits' })).toHaveCount(0);
    await expect(phonePage.getByText(/Go Premium|Upgrade to Premium|Upgrade Now/)).toHaveCount(0);
    await expect(conflict.getByRole('button', { name: 'Use Premium on this device' })).toBeVisible();
    await sidebar(phonePage).getByRole('button', { name: 'Expand sidebar' }).click();
    await expect(sidebar(phonePage).getByRole('button', { name: 'Use Premium on this device' })).toBeVisible();
    await expect(sidebar(phonePage).getByRole('button', { name: 'Upgrade to Premium' })).toHaveCount(0);
    await sidebar(phonePage).getByRole('button', { name: 'Collapse sidebar' }).click();
    await phonePage.goto('/ai-predictions?symbol=INFY&days=30');
    await expect(phonePage.getByTestId('premium-horizon-note')).toContainText('Your Premium is active on another device.');

    // Cancel on the laptop: premium stays to the end of the paid period.
    await page.goto('/premium');
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('button', { name: /^(Yes, cancel|Confirm cancel|Cancel premium)/ }).click();
    await expect(page.getByText(/Premium stays active until \d{1,2} [A-Z][a-z]{2,3} \d{4}\./).first()).toBeVisible();

    await phone.close();
    await laptop.close();
  });
});
