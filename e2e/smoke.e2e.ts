import { expect, test } from '@playwright/test';

test('the whole stack serves the app, answers health and readiness, and completes an RPC round trip', async ({ page, request }) => {
  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual(expect.objectContaining({ status: 'ok' }));

  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
  const readiness = await ready.json();
  expect(readiness.status).toBe('ready');
  for (const part of ['postgres', 'redis', 'auth', 'premium', 'chat', 'prediction', 'tracking', 'market', 'portfolio', 'content']) {
    expect(readiness.checks[part]).toBe('ok');
  }

  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  const csp = response?.headers()['content-security-policy'] ?? '';
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  await expect(page).toHaveTitle(/Nivesh/);
  await expect(page.getByTestId('app-version')).toHaveText('v2.1.22092025');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // Visitors see no system status (it is on /admin); every page dates its prices instead.
  await expect(page.getByTestId('prices-as-of').first()).toContainText('Prices as of');
  await expect(page.getByRole('heading', { name: 'System status' })).toHaveCount(0);

  // The gateway asks the tracking service over Redis Streams and back.
  const ping = await request.get('/api/system/ping?service=tracking');
  expect(await ping.json()).toMatchObject({ pong: true, service: 'tracking' });
  expect((await request.get('/api/system/status')).status()).toBe(401);

  // A visitor event is queued for the tracking service and acknowledged with 202; a bad one is refused with a sentence.
  const tracking = await request.post('/api/visitor/track', { data: { session_id: 'visitor_1', page_url: '/' } });
  expect(tracking.status()).toBe(202);
  expect(await tracking.json()).toEqual({ accepted: true });
  const badTrack = await request.post('/api/visitor/track', { data: { page_url: '/' } });
  expect(badTrack.status()).toBe(400);
  expect((await badTrack.json()).detail).toContain('session_id');
  // A bad ticker is a 400 with the specification's words, checked at the gateway before any service is asked.
  const empty = await request.post('/predict', { data: { ticker: ' ' } });
  expect(empty.status()).toBe(400);
  expect((await empty.json()).detail).toContain('Please enter a ticker symbol');
});

test('a browser navigation to an app route gets the SPA, an unknown API path gets a JSON 404', async ({ page, request }) => {
  const response = await page.goto('/dashboard');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const missing = await request.get('/api/does-not-exist');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toEqual(expect.objectContaining({ detail: expect.any(String) }));
});
