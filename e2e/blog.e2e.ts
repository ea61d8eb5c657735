import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createAdmin, logInAs, newAccount, popupAlreadySeen, registerByApi } from './support/accounts';

test('Blog: an admin writes and publishes a post; a visitor sees its excerpt, a logged-in reader the whole post', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const title = `Reading volume bars ${randomBytes(3).toString('hex')}`;
  const admin = newAccount();
  createAdmin(admin);
  const writer = await browser.newPage();
  await popupAlreadySeen(writer);
  await logInAs(writer, request, admin);

  await writer.goto('/blog?edit=new');
  const editor = writer.getByRole('form', { name: 'Post editor' });
  await editor.getByLabel('Title').fill(title);
  await editor.getByLabel('Tags').fill('Volume');
  await editor.getByLabel('Text (Markdown)').fill(
    'Volume is the number of shares that changed hands.\n\nA **high-volume** day says many people traded; it does not say which way the price goes next. <script>alert(1)</script>',
  );
  await expect(writer.getByTestId('preview-body').locator('strong')).toHaveText('high-volume', { timeout: 15_000 });
  await expect(writer.getByTestId('preview-body').locator('script')).toHaveCount(0);
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(writer.getByText('Saved.')).toBeVisible({ timeout: 15_000 });
  await editor.getByRole('button', { name: 'Publish' }).click();
  await expect(writer.getByText('Published: everyone can see it now.')).toBeVisible({ timeout: 15_000 });
  await writer.close();

  // A visitor: the post's excerpt in the list, and a prompt to log in for the rest.
  const visitor = await browser.newPage();
  await popupAlreadySeen(visitor);
  await visitor.goto('/blog');
  await expect(visitor.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  const published = visitor.getByRole('region', { name: 'Published posts' });
  await expect(published.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 30_000 });
  await expect(published).toContainText('Volume is the number of shares that changed hands.');
  await published.getByRole('link', { name: title }).first().click();
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(visitor.getByText('Log in to read the whole post. An account is free.')).toBeVisible();
  await expect(visitor.getByTestId('post-body')).toHaveCount(0);
  const slug = new URL(visitor.url()).pathname;
  await visitor.close();

  // A logged-in reader: the whole post, rendered, with no script in it.
  const reader = await browser.newPage();
  const account = newAccount();
  await registerByApi(request, account);
  await popupAlreadySeen(reader);
  await logInAs(reader, request, account);
  await reader.goto(slug);
  const body = reader.getByTestId('post-body');
  await expect(body).toContainText('it does not say which way the price goes next', { timeout: 30_000 });
  await expect(body.locator('strong')).toHaveText('high-volume');
  await expect(body.locator('script')).toHaveCount(0);
  await expect(reader).toHaveTitle(new RegExp(title));
  await reader.close();
});
