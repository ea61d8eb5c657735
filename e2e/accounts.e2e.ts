import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { codeFrom, newAccount, popupAlreadySeen, type Account } from './support/accounts';

const REGISTERED = 'Registration successful! Please log in.';
const RESET_DONE = 'Password reset successfully! You can now login with your new password.';

const dialog = (page: Page) => page.getByRole('dialog');

test.beforeEach(async ({ page }) => {
  await popupAlreadySeen(page);
});

const register = async (page: Page, request: APIRequestContext, account: Account) => {
  await page.goto('/register');
  await dialog(page).getByLabel('Username').fill(account.username);
  await dialog(page).getByLabel('Email').fill(account.email);
  await dialog(page).getByLabel('Password', { exact: true }).fill(account.password);
  const code = await codeFrom(request, account.email, () => dialog(page).getByRole('button', { name: 'Create account' }).click());
  await dialog(page).getByLabel('Verification code').fill(code);
  await dialog(page).getByRole('button', { name: 'Verify' }).click();
  await expect(dialog(page)).toContainText(REGISTERED);
};

const signIn = async (page: Page, request: APIRequestContext, username: string, password: string, email: string) => {
  await dialog(page).getByLabel('Username').fill(username);
  await dialog(page).getByLabel('Password', { exact: true }).fill(password);
  return codeFrom(request, email, () => dialog(page).getByRole('button', { name: 'Sign in' }).click());
};

test('register, read the code from the mailbox, verify, log in with a code, stay logged in across a reload, log out', async ({ page, request }) => {
  const account = newAccount();
  await register(page, request, account);

  const code = await signIn(page, request, account.username, account.password, account.email);
  await dialog(page).getByLabel('Verification code').fill(code);
  await dialog(page).getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  const sidebar = page.getByRole('complementary');
  await expect(sidebar).toContainText(account.username);
  await expect(sidebar).toContainText('Standard User');
  expect(await page.evaluate(() => Object.keys(localStorage).sort())).toEqual(
    expect.arrayContaining(['token', 'user_id', 'username', 'email', 'is_admin', 'is_premium', 'login_timestamp']),
  );

  await page.reload();
  await expect(page.getByRole('complementary')).toContainText(account.username);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect((await request.get('/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('complementary')).not.toContainText(account.username);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  // Logout ended the session on the server: the old token no longer works.
  expect((await request.get('/me', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(401);
});

test('forgot password: a code by mail, a new password, then log in with it', async ({ page, request }) => {
  const account = newAccount();
  await register(page, request, account);

  await dialog(page).getByRole('button', { name: 'Forgot password?' }).or(dialog(page).getByRole('link', { name: 'Forgot password?' })).click();
  await dialog(page).getByLabel('Username').fill(account.username);
  await dialog(page).getByLabel('Email').fill(account.email);
  const resetCode = await codeFrom(request, account.email, () => dialog(page).getByRole('button', { name: 'Send code' }).click());
  await expect(dialog(page).getByLabel('Username')).toHaveValue(account.username);
  await expect(dialog(page).getByLabel('Username')).not.toBeEditable();
  await dialog(page).getByLabel('Verification code').fill(resetCode);
  const newPassword = `${account.password}x2`;
  await dialog(page).getByLabel('New password').fill(newPassword);
  await dialog(page).getByRole('button', { name: 'Reset password' }).click();
  await expect(dialog(page)).toContainText(RESET_DONE);

  const code = await signIn(page, request, account.username, newPassword, account.email);
  await dialog(page).getByLabel('Verification code').fill(code);
  await dialog(page).getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('complementary')).toContainText(account.username);
});

test('after five wrong codes even the right code fails', async ({ page, request }) => {
  const account = newAccount();
  await register(page, request, account);

  const code = await signIn(page, request, account.username, account.password, account.email);
  const wrong = code === '000000' ? '111111' : '000000';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await dialog(page).getByLabel('Verification code').fill(wrong);
    await dialog(page).getByRole('button', { name: 'Verify' }).click();
    await expect(dialog(page).getByRole('alert')).toBeVisible();
  }
  await dialog(page).getByLabel('Verification code').fill(code);
  await dialog(page).getByRole('button', { name: 'Verify' }).click();
  await expect(dialog(page).getByRole('alert')).toBeVisible();
  await expect(page).not.toHaveURL(/\/dashboard$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
