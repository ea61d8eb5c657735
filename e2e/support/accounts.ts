import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type APIRequestContext, type Page, test } from '@playwright/test';

export type Account = { username: string; email: string; password: string };

export const newAccount = (): Account => {
  const tag = randomBytes(4).toString('hex');
  return { username: `e2e_${tag}`, email: `e2e_${tag}@example.com`, password: `Nivesh${tag}1` };
};

type Mail = { id: string; text: string };

const mailbox = async (request: APIRequestContext, email: string): Promise<Mail[]> => {
  const response = await request.get(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: Mail[] }).messages;
};

/** Runs an action that mails a code, and returns the code from the new message in the development mailbox. */
export const codeFrom = async (request: APIRequestContext, email: string, action: () => Promise<unknown>): Promise<string> => {
  const seen = new Set((await mailbox(request, email)).map((mail) => mail.id));
  await action();
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const fresh = (await mailbox(request, email)).find((mail) => !seen.has(mail.id));
    const code = fresh && /\b(\d{6})\b/.exec(fresh.text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no code arrived for ${email}`);
};

/** Creates an admin account with the project's CLI, against the stack's database and Redis. */
export const createAdmin = (account: Account): void => {
  const result = spawnSync(
    process.execPath,
    [path.resolve(__dirname, '../../services/auth/dist/cli/create-admin.js'), '--username', account.username, '--email', account.email, '--password', account.password],
    { env: process.env, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`create-admin failed: ${result.stderr}`);
};

/**
 * Asks for a login code. Every test logs in from 127.0.0.1, and the route allows ten a minute from one address: on a
 * 429 it waits as long as the answer says, as the web app does, and asks again (the test's time limit grows by the
 * wait).
 */
const requestLoginCode = async (request: APIRequestContext, account: Account): Promise<void> => {
  for (let attempt = 1; ; attempt += 1) {
    const response = await request.post('/login-request-otp', { data: { username: account.username, password: account.password } });
    if (response.ok()) return;
    const body = await response.text();
    if (response.status() !== 429 || attempt >= 3) throw new Error(`login-request-otp: ${response.status()} ${body}`);
    const seconds = Number(response.headers()['retry-after'] ?? (JSON.parse(body) as { retry_after_seconds?: number }).retry_after_seconds ?? 60);
    test.info().setTimeout(test.info().timeout + (seconds + 5) * 1000);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  }
};

/** Logs in through the API (password, then the mailed code) and puts the session where the web app keeps it. */
export const logInAs = async (page: Page, request: APIRequestContext, account: Account): Promise<void> => {
  const code = await codeFrom(request, account.email, () => requestLoginCode(request, account));
  const verified = await request.post('/login-verify-otp', { data: { username: account.username, otp: code } });
  if (!verified.ok()) throw new Error(`login-verify-otp: ${verified.status()}`);
  const session = (await verified.json()) as Record<string, unknown>;
  await page.addInitScript(
    ({ session: s, email }) => {
      if (localStorage.getItem('token')) return;
      localStorage.setItem('token', String(s.access_token));
      localStorage.setItem('user_id', String(s.user_id));
      localStorage.setItem('username', String(s.username));
      localStorage.setItem('email', email);
      localStorage.setItem('is_admin', String(s.is_admin));
      localStorage.setItem('is_premium', String(s.is_premium));
      localStorage.setItem('premium_expires_at', s.premium_expires_at ? String(s.premium_expires_at) : '');
      localStorage.setItem('login_timestamp', String(Date.now()));
    },
    { session, email: account.email },
  );
};

/** Registers an account through the API (request, mailed code, verify). */
export const registerByApi = async (request: APIRequestContext, account: Account): Promise<void> => {
  const code = await codeFrom(request, account.email, async () => {
    const response = await request.post('/register-request-otp', { data: account });
    if (!response.ok()) throw new Error(`register-request-otp: ${response.status()} ${await response.text()}`);
  });
  const verified = await request.post('/register-verify-otp', { data: { email: account.email, otp: code } });
  if (!verified.ok()) throw new Error(`register-verify-otp: ${verified.status()}`);
};

/** Marks today's ad popup as shown (web/src/features/ads/ad-rules.ts), so it does not cover tests about other things. */
export const popupAlreadySeen = async (page: Page): Promise<void> => {
  await page.addInitScript(() => {
    const now = new Date();
    const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    localStorage.setItem('nivesh.ad_popup_day', day);
  });
};
