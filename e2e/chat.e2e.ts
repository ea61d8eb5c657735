import { expect, type Locator, type Page, test } from '@playwright/test';
import { popupAlreadySeen } from './support/accounts';

/** The floating chat's box on the page. */
const boxOf = async (locator: Locator) => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('the chat window is not on the page');
  return box;
};

const expectInsideWindow = async (page: Page, chat: Locator) => {
  const viewport = page.viewportSize()!;
  const box = await boxOf(chat);
  expect(box.x).toBeGreaterThanOrEqual(9);
  expect(box.y).toBeGreaterThanOrEqual(9);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width - 9);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height - 9);
  expect(box.width).toBeGreaterThanOrEqual(300);
  expect(box.height).toBeGreaterThanOrEqual(400);
  expect(box.width).toBeLessThanOrEqual(viewport.width * 0.9 + 1);
  expect(box.height).toBeLessThanOrEqual(viewport.height * 0.9 + 1);
};

/** Opens the floating chat on Technical Analysis at a viewport size, once its opening question is answered. */
const openChat = async (page: Page, width: number, height: number) => {
  await page.setViewportSize({ width, height });
  await popupAlreadySeen(page);
  await page.goto('/technical-analysis');
  await page.getByRole('button', { name: 'Open Warren AI chat' }).click();
  const chat = page.locator('#floating-chat');
  await expect(chat).toBeVisible();
  const input = chat.getByLabel('Ask Warren AI');
  // The automatic opening question is answered first; the input is free again once it is.
  await expect(chat.getByText(/as of \d{1,2} [A-Z][a-z]{2} \d{4}/).first()).toBeVisible({ timeout: 30_000 });
  await expect(input).toBeEnabled();
  return { chat, input };
};

test('Warren AI on Technical Analysis: a dated RSI answer, a SEBI Compliance Block with a suggestion, and a window that stays in bounds across a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { chat, input } = await openChat(page, 1280, 800);

  await input.fill('What does the RSI say right now?');
  await input.press('Enter');
  await expect(chat.getByText('What does the RSI say right now?')).toBeVisible();
  await expect(chat.getByText(/RSI was [\d.]+ as of \d{1,2} [A-Z][a-z]{2} \d{4}/).last()).toBeVisible({ timeout: 30_000 });

  await input.fill('should I buy INFY now?');
  await input.press('Enter');
  await expect(chat.getByText('SEBI Compliance Block')).toBeVisible({ timeout: 30_000 });
  await expect(chat.getByText('Try this instead:')).toBeVisible();

  // Dragged far past the bottom right, the window stays 10–20 px inside; resized past the screen, at most 90 %.
  const handle = chat.getByLabel('Move chat');
  const start = await boxOf(handle);
  await page.mouse.move(start.x + 40, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(start.x + 3_000, start.y + 3_000, { steps: 8 });
  await page.mouse.up();
  await expectInsideWindow(page, chat);

  const grip = chat.getByLabel('Resize chat');
  const corner = await boxOf(grip);
  await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2);
  await page.mouse.down();
  await page.mouse.move(corner.x - 2_000, corner.y - 2_000, { steps: 8 });
  await page.mouse.up();
  await expectInsideWindow(page, chat);
  const before = await boxOf(chat);

  await page.reload();
  await page.getByRole('button', { name: 'Open Warren AI chat' }).click();
  await expect(chat).toBeVisible();
  const after = await boxOf(chat);
  expect(Math.round(after.x)).toBe(Math.round(before.x));
  expect(Math.round(after.y)).toBe(Math.round(before.y));
  expect(Math.round(after.width)).toBe(Math.round(before.width));
  expect(Math.round(after.height)).toBe(Math.round(before.height));
});

test('Warren AI at 390 px: an out-of-scope question gets one honest sentence and the nearest topics as buttons, and a tap answers from that guide', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { chat, input } = await openChat(page, 390, 844);

  await input.fill('How do I claim a refund for a cancelled train ticket?');
  await input.press('Enter');
  await expect(chat.getByText('I don’t have a guide on that yet.', { exact: false })).toBeVisible({ timeout: 30_000 });
  const topics = chat.getByRole('group', { name: 'Topics I have guides on' });
  await expect(topics.getByRole('button')).toHaveCount(3);
  const first = topics.getByRole('button').first();
  const title = (await first.textContent())!.trim();
  // Nothing in the chat is wider than the phone's screen.
  for (const button of await topics.getByRole('button').all()) {
    const box = await boxOf(button);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }

  await expect(input).toBeEnabled();
  await first.click();
  await expect(chat.getByText(`Source: Warren AI’s guide “${title}”`, { exact: false }).last()).toBeVisible({ timeout: 30_000 });
});
