// Shared by the bench scripts that measure logged-in routes and by the chaos suite: a local mailbox for the codes the
// auth service mails, and a session for an account made with the auth CLI.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { ROOT } from './common.mjs';

/**
 * A local SMTP server on a free port that keeps the last six-digit code mailed to each address; point the stack's
 * SMTP_URL at `url`. `close()` stops it.
 */
export const startMailbox = () =>
  new Promise((resolve) => {
    const codes = new Map();
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks = [];
        stream.on('data', (chunk) => chunks.push(chunk));
        stream.on('end', () => {
          const code = /\b(\d{6})\b/.exec(Buffer.concat(chunks).toString('utf8'))?.[1];
          for (const rcpt of session.envelope.rcptTo) if (code) codes.set(rcpt.address.toLowerCase(), code);
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address();
      resolve({ codes, url: `smtp://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(done)) });
    });
  });

const postJson = async (base, url, body) => {
  const response = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
};

/**
 * An access token for `account` ({username, email, password}): the account is created with the auth service's CLI
 * (create-admin, against `env`'s database), then logged in through the gateway at `base` with the code `mailbox`
 * receives. The auth service and the gateway must be running with SMTP_URL = mailbox.url.
 */
export const logInNewAccount = async ({ base, env, mailbox, account }) => {
  const created = spawnSync(
    process.execPath,
    [path.join(ROOT, 'services/auth/dist/cli/create-admin.js'), '--username', account.username, '--email', account.email, '--password', account.password],
    { env: { ...process.env, ...env }, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`create-admin failed: ${created.stderr}`);
  const address = account.email.toLowerCase();
  mailbox.codes.delete(address);
  await postJson(base, '/login-request-otp', { username: account.username, password: account.password });
  for (let attempt = 0; attempt < 100 && !mailbox.codes.has(address); attempt++) await new Promise((resolve) => setTimeout(resolve, 100));
  const otp = mailbox.codes.get(address);
  if (!otp) throw new Error(`no login code arrived for ${account.email}`);
  return (await postJson(base, '/login-verify-otp', { username: account.username, otp })).access_token;
};
