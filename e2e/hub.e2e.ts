import { expect, test } from '@playwright/test';
import { logInAs, newAccount, popupAlreadySeen, registerByApi } from './support/accounts';

test('Intelligence Hub: a report on RELIANCE streams in, agent by agent, then the composed report and how it was made', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = newAccount();
  await registerByApi(request, account);
  await popupAlreadySeen(page);
  await logInAs(page, request, account);

  await page.goto('/multi-agent?symbol=RELIANCE');
  await expect(page.getByRole('heading', { level: 1, name: 'Intelligence Hub' })).toBeVisible();
  const agents = page.getByRole('region', { name: 'Agents' });
  for (const name of ['Technical agent', 'Sentiment agent', 'Risk agent', 'Valuation agent', 'Forecast agent', 'News agent']) {
    await expect(agents.getByRole('article', { name })).toBeVisible();
  }
  // The progress line counts the cards as they fill in; the composed report follows the last one.
  const report = page.getByRole('region', { name: 'Report: Reliance Industries Ltd. (RELIANCE)' });
  await expect(report).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('hub-compliance')).toBeVisible();
  // Each card ends in a status said in words (a slow agent would say it ran out of time rather than hold the report).
  for (const name of ['technical', 'sentiment', 'risk', 'valuation', 'forecast', 'news']) {
    await expect(page.getByTestId(`hub-agent-${name}`)).toHaveAttribute('data-status', /^(ok|unavailable|timed_out|failed)$/);
  }
  await expect(page.getByTestId('hub-agent-technical')).toContainText('Done');

  await page.getByText('How this was made').click();
  await expect(page.getByRole('region', { name: 'How the Technical agent worked' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run again' })).toBeEnabled();
});
