import { expect, test } from '@playwright/test';
import { logInAs, newAccount, popupAlreadySeen, registerByApi } from './support/accounts';

test('Undervalued Analytics: P/E under 25 with ROE over 15 % gives a table with filing dates, and a stock opens with its P/E history', async ({ page, request }) => {
  test.setTimeout(120_000);
  const account = newAccount();
  await registerByApi(request, account);
  await popupAlreadySeen(page);
  await logInAs(page, request, account);

  await page.goto('/undervalued-analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Undervalued Analytics' })).toBeVisible();
  await page.getByLabel('Highest P/E (price ÷ earnings per share)').fill('25');
  await page.getByLabel('Lowest ROE (return on equity), %').fill('15');
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page).toHaveURL(/pe_max=25/);
  await expect(page).toHaveURL(/roe_min=15/);

  // The previous answer stays on screen, marked busy, until the filtered one arrives: wait for it.
  await expect(page.locator('section.screener-results')).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 });
  // Every row passes both filters and names the filing behind its figures, with its publication date.
  const rows = page.locator('table.screener-table tbody tr');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(page.getByTestId('screener-summary')).toContainText('prices of');
  await expect(rows.first()).toContainText(/published \d{1,2} [A-Z][a-z]{2} 20\d\d/);
  // Stocks the filters cannot judge are listed with the reason.
  await expect(page.getByRole('heading', { name: /Not judged/ })).toBeVisible();

  // Open the first stock: its valuation with the P/E and P/B history and the filings behind it.
  const symbol = (await rows.first().locator('.screener-symbol a').innerText()).trim();
  await rows.first().locator('.screener-symbol a').click();
  await expect(page).toHaveURL(new RegExp(`symbol=${encodeURIComponent(symbol)}`));
  const valuation = page.getByTestId('stock-valuation');
  await expect(valuation.getByRole('heading', { level: 2 })).toContainText('valuation', { timeout: 30_000 });
  await expect(valuation.getByTestId('valuation-chart')).toHaveAttribute('aria-label', /P\/E/);
  await expect(valuation.locator('canvas').first()).toBeVisible();
  await expect(valuation.getByRole('table', { name: /filing/i })).toBeVisible();
});

test('Undervalued Analytics is for logged-in users; an impossible range is refused with a sentence', async ({ page, request }) => {
  await popupAlreadySeen(page);
  expect((await request.get('/api/fundamentals/screener')).status()).toBe(401);
  await page.goto('/undervalued-analytics');
  await expect(page).toHaveURL(/\/$/);

  const account = newAccount();
  await registerByApi(request, account);
  await logInAs(page, request, account);
  await page.goto('/undervalued-analytics?pe_min=30&pe_max=20');
  await expect(page.getByText(/The lowest P\/E asked for \(30\) is above the highest \(20\)/)).toBeVisible({ timeout: 30_000 });
});

const PHONE = { width: 390, height: 844 };

for (const theme of ['light', 'dark'] as const) {
  test(`Undervalued Analytics on a 390 px phone (${theme}): each stock is a card, every figure in view beside its label, nothing sideways`, async ({ page, request }) => {
    test.setTimeout(120_000);
    const account = newAccount();
    await registerByApi(request, account);
    await popupAlreadySeen(page);
    await logInAs(page, request, account);
    await page.addInitScript((chosen) => localStorage.setItem('nivesh.theme', chosen), theme);
    await page.setViewportSize(PHONE);

    await page.goto('/undervalued-analytics');
    await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
    const cards = page.getByRole('list', { name: /Stocks that pass the filters/ });
    await expect(cards.getByRole('listitem').first()).toBeVisible({ timeout: 30_000 });
    // No table whose figure columns would sit off-screen beside the company.
    await expect(page.locator('table.screener-table')).toHaveCount(0);

    const problems = await cards.evaluate((list, width) => {
      const found: string[] = [];
      const inView = (rect: DOMRect) => rect.width > 0 && rect.height > 0 && rect.left >= -1 && rect.right <= width + 1;
      const figures = Array.from(list.querySelectorAll('.measure-value, .measure-context'));
      if (figures.length === 0) found.push('no figures');
      for (const figure of figures) {
        const rect = figure.getBoundingClientRect();
        if (rect.width === 0 || getComputedStyle(figure).visibility === 'hidden') continue;
        const stock = figure.closest('li')?.querySelector('.screener-symbol a')?.textContent ?? '?';
        const text = `${stock}: "${(figure.textContent ?? '').trim()}"`;
        if (!inView(rect)) found.push(`${text} is off-screen (${Math.round(rect.left)}–${Math.round(rect.right)} px)`);
        // Its label: the term of the row it is in, in view, on the same line as the row's figure.
        const label = figure.closest('dd')?.previousElementSibling;
        if (!(label instanceof HTMLElement) || label.tagName !== 'DT' || !label.textContent?.trim()) {
          found.push(`${text} has no label`);
          continue;
        }
        const labelRect = label.getBoundingClientRect();
        const row = label.parentElement!.getBoundingClientRect();
        if (!inView(labelRect) || getComputedStyle(label).visibility === 'hidden') found.push(`${text}: its label "${label.textContent}" is not in view`);
        if (labelRect.top < row.top - 1 || labelRect.bottom > row.bottom + 1 || rect.top < row.top - 1 || rect.bottom > row.bottom + 1)
          found.push(`${text} is not beside its label "${label.textContent}"`);
      }
      // Nothing in the results sticks out of its card or of the screen.
      for (const card of Array.from(list.children)) {
        const box = card.getBoundingClientRect();
        if (!inView(box)) found.push(`the card of ${card.querySelector('.screener-symbol a')?.textContent} is wider than the screen`);
        for (const element of Array.from(card.querySelectorAll('*'))) {
          const rect = element.getBoundingClientRect();
          if (rect.width && (rect.left < box.left - 1 || rect.right > box.right + 1)) found.push(`${element.tagName.toLowerCase()} "${element.textContent?.slice(0, 30)}" leaves its card`);
        }
      }
      return found.slice(0, 10);
    }, PHONE.width);
    expect(problems).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The P/E row reads as the stock's P/E, its medians beside it under the same label.
    const first = cards.getByRole('listitem').first();
    const pe = first.locator('dt', { hasText: /^P\/E$/ });
    await expect(pe).toBeVisible();
    await expect(pe.locator('xpath=following-sibling::dd[1]')).toContainText(/5y median .* · (sector|banks) /);

    // Sorting works without the table's headers.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'P/E' });
    await page.getByRole('combobox', { name: 'Order' }).selectOption({ label: 'Highest first' });
    const values = await cards.evaluate((list) =>
      Array.from(list.querySelectorAll('li'), (item) => item.querySelector('.screener-card-figures > div:first-child .measure-value')?.textContent ?? ''),
    );
    const numbers = values.map((value) => Number(value.replace(/,/g, '').replace('−', '-'))).filter((value) => Number.isFinite(value));
    expect(numbers.length).toBeGreaterThan(1);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
  });
}
