import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { AUTH, OtpEmailJobSchema, sessionKey } from '@nivesh/proto';
import { RpcClient } from '@nivesh/platform';
import Redis from 'ioredis';
import { deriveSealKey, unsealCode } from '../src/common/otp-crypto';
import { Mailbox } from './support/mailbox';
import { deleteKeys, newAccount, REDIS_URL, testEnv, uniqueTag } from './support/harness';

const MAIN = path.resolve(__dirname, '../dist/main.js');

/**
 * The compiled service as its own process, so its real log output (stdout and stderr, at trace level)
 * can be searched for secrets.
 */
const startProcess = (env: Record<string, string>) =>
  new Promise<{ child: ChildProcess; output: string[] }>((resolve, reject) => {
    const output: string[] = [];
    const child = spawn(process.execPath, [MAIN], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => reject(new Error(`auth did not start:\n${output.join('')}`)), 30_000);
    const collect = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (chunk.toString().includes('service ready')) {
        clearTimeout(timer);
        resolve({ child, output });
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    child.once('exit', (code) => reject(new Error(`auth exited with ${code}:\n${output.join('')}`)));
  });

const stopProcess = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });

describe('OTP mail (the service as a process)', () => {
  const prefix = `auth-mail-${uniqueTag()}`;
  const redis = new Redis(REDIS_URL);
  const client = new RpcClient({ redisUrl: REDIS_URL, prefix });
  let mailbox: Mailbox;
  let env: Record<string, string>;
  let service: { child: ChildProcess; output: string[] };
  /** Every secret the flows below handle; none may reach the log. */
  const secrets = new Set<string>();

  beforeAll(async () => {
    mailbox = await Mailbox.start();
    env = testEnv(prefix, mailbox.url, { LOG_LEVEL: 'trace' });
    service = await startProcess(env);
    await client.connect();
  });

  afterAll(async () => {
    await client.close();
    if (service) await stopProcess(service.child);
    await mailbox.close();
    await deleteKeys(redis, `${prefix}:*`);
    await redis.quit();
  });

  const jobKeys = async (): Promise<string[]> => {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await redis.scan(cursor, 'MATCH', `${prefix}:bull:otp-email:[0-9]*`, 'COUNT', 500);
      cursor = next;
      keys.push(...found.filter((key) => /:\d+$/.test(key)));
    } while (cursor !== '0');
    return keys;
  };

  it('retries while SMTP refuses and then delivers one HTML and text mail; the job holds only the sealed code and is removed', async () => {
    const account = newAccount('mail');
    secrets.add(account.password);
    mailbox.refuseNext = 2;
    const mark = mailbox.mark();
    await client.call(AUTH.registerRequestOtp, account);

    // While SMTP refuses, the job waits in Redis: read what it holds.
    let jobData: Record<string, unknown> | undefined;
    for (let tries = 0; !jobData && tries < 200; tries += 1) {
      for (const key of await jobKeys()) {
        const raw = await redis.hget(key, 'data');
        if (raw) jobData = JSON.parse(raw) as Record<string, unknown>;
      }
      if (!jobData) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(jobData).toBeDefined();
    const job = OtpEmailJobSchema.parse(jobData);
    expect(Object.keys(jobData!).sort()).toEqual(['email', 'expires_at', 'purpose', 'sealed_code', 'username']);
    secrets.add(job.sealed_code);

    const mail = await mailbox.next(account.email, mark, 30_000);
    expect(mailbox.refused).toBe(2);
    expect(mailbox.to(account.email, mark)).toHaveLength(1);
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    secrets.add(code);

    // Sealed: AES-256-GCM under HKDF(OTP_SECRET, 'otp-mail'), iv | tag | ciphertext; the code is not in clear.
    expect(JSON.stringify(jobData)).not.toContain(code);
    expect(job.sealed_code).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(job.sealed_code, 'base64url')).toHaveLength(12 + 16 + 6);
    expect(unsealCode(deriveSealKey(env.OTP_SECRET!), job.sealed_code)).toBe(code);

    expect(mail.subject).toBe('Your Nivesh verification code');
    expect(mail.from).toBe('no-reply@nivesh.test');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Nivesh');
      expect(body).toContain(code);
      expect(body).toContain('10 minutes');
      expect(body).toContain('Nivesh staff will never ask you for this code');
    }
    expect(mail.html).toMatch(/<html/);

    // Removed when done.
    for (let tries = 0; (await jobKeys()).length && tries < 100; tries += 1) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await jobKeys()).toEqual([]);

    await client.call(AUTH.registerVerifyOtp, { email: account.email, otp: code });

    // Login, logout, reset: more codes, a token and a new password pass through the service.
    const loginMark = mailbox.mark();
    await client.call(AUTH.loginRequestOtp, { username: account.username, password: account.password });
    const loginCode = await mailbox.codeFor(account.email, loginMark);
    secrets.add(loginCode);
    const login = await client.call(AUTH.loginVerifyOtp, { username: account.username, otp: loginCode });
    secrets.add(login.access_token);
    const wrong = String((Number(loginCode) + 1) % 1_000_000).padStart(6, '0');
    await client.call(AUTH.loginVerifyOtp, { username: account.username, otp: wrong }).catch(() => undefined);

    const resetMark = mailbox.mark();
    await client.call(AUTH.forgotPassword, { username: account.username, email: account.email });
    const resetCode = await mailbox.codeFor(account.email, resetMark);
    secrets.add(resetCode);
    const newPassword = `${account.password}x`;
    secrets.add(newPassword);
    await client.call(AUTH.resetPassword, { username: account.username, email: account.email, otp: resetCode, new_password: newPassword });
    expect(await redis.keys(sessionKey(prefix, '*'))).toEqual([]);
  });

  it('writes no code, password, token or sealed code to its log', async () => {
    expect(await stopProcess(service.child)).toBe(0);
    const log = service.output.join('');
    // The log was captured at trace level and covers the flows above, failed deliveries included.
    expect(log).toContain('otp mail failed');
    expect(log).toContain('otp mail sent');
    expect(secrets.size).toBeGreaterThanOrEqual(7);
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
