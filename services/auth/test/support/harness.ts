import { randomBytes } from 'node:crypto';
import { AUTH, DomainError, type RpcDefinition } from '@nivesh/proto';
import { parseConfig, RpcClient, startService } from '@nivesh/platform';
import Redis from 'ioredis';
import { Client } from 'pg';
import type { z } from 'zod';
import { AppModule } from '../../src/app.module';
import { ConfigSchema, type Config } from '../../src/config';
import { ARGON2_OPTIONS } from '../../src/users/password-hasher';
import * as argon2 from 'argon2';
import { Mailbox } from './mailbox';

export const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nivesh';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export const uniqueTag = (): string => randomBytes(4).toString('hex');

/** A fresh account's fields (not yet stored). */
export const newAccount = (label = 'u', password?: string) => {
  const tag = uniqueTag();
  return { username: `${label}_${tag}`, email: `${label}_${tag}@example.in`, password: password ?? `Nivesh${tag}1` };
};
export type Account = ReturnType<typeof newAccount>;

/** Settings for a service under test: its own Redis prefix, fresh secrets, the test's SMTP server. */
export const testEnv = (prefix: string, smtpUrl: string, env: Record<string, string> = {}): Record<string, string> => ({
  DATABASE_URL,
  REDIS_URL,
  REDIS_PREFIX: prefix,
  LOG_LEVEL: 'error',
  JWT_SECRET: randomBytes(32).toString('hex'),
  OTP_SECRET: randomBytes(32).toString('hex'),
  SMTP_URL: smtpUrl,
  MAIL_FROM: 'Nivesh <no-reply@nivesh.test>',
  ...env,
});

/** Deletes every Redis key under a prefix. */
export const deleteKeys = async (redis: Redis, pattern: string): Promise<void> => {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
};

const hashes = new Map<string, Promise<string>>();
/** An argon2id hash with the service's parameters, computed once per password. */
export const hashOnce = (password: string): Promise<string> => {
  if (!hashes.has(password)) hashes.set(password, argon2.hash(password, ARGON2_OPTIONS));
  return hashes.get(password)!;
};

export type AuthHarness = Awaited<ReturnType<typeof startAuth>>;

/** The auth service in-process on a unique prefix, with an RPC client, an SMTP server, Redis and PostgreSQL. */
export const startAuth = async (label: string, env: Record<string, string> = {}) => {
  const prefix = `auth-${label}-${uniqueTag()}`;
  const mailbox = await Mailbox.start();
  const config: Config = parseConfig(ConfigSchema, testEnv(prefix, mailbox.url, env));
  const { app } = await startService({ service: 'auth', module: AppModule.register(config), config, handleSignals: false });
  const client = new RpcClient({ redisUrl: REDIS_URL, prefix });
  await client.connect();
  const redis = new Redis(REDIS_URL);
  const pg = new Client({ connectionString: DATABASE_URL });
  await pg.connect();

  const call = <D extends RpcDefinition>(def: D, payload: z.input<D['payload']>) => client.call(def, payload);

  /** The DomainError a call fails with (the test fails if it succeeds). */
  const fail = async <D extends RpcDefinition>(def: D, payload: z.input<D['payload']>): Promise<DomainError> => {
    const outcome = await client.call(def, payload).then(
      (result: unknown) => ({ ok: true as const, result }),
      (error: unknown) => ({ ok: false as const, error }),
    );
    if (outcome.ok) throw new Error(`${def.pattern} unexpectedly succeeded: ${JSON.stringify(outcome.result)}`);
    if (!(outcome.error instanceof DomainError)) throw outcome.error;
    return outcome.error;
  };

  /** Stores a user directly (fast path for tests that are not about registration). */
  const seedUser = async (account: Account, isAdmin = false): Promise<string> => {
    const { rows } = await pg.query<{ id: string }>(
      'INSERT INTO auth.users (username, email, password_hash, is_admin) VALUES ($1, $2, $3, $4) RETURNING id',
      [account.username, account.email.toLowerCase(), await hashOnce(account.password), isAdmin],
    );
    return rows[0]!.id;
  };

  /** Logs in with password and the mailed code; the login-verify response. */
  const loginWithCode = async (account: Account) => {
    const mark = mailbox.mark();
    await call(AUTH.loginRequestOtp, { username: account.username, password: account.password });
    const otp = await mailbox.codeFor(account.email.toLowerCase(), mark);
    return call(AUTH.loginVerifyOtp, { username: account.username, otp });
  };

  /** Lets the next code for any address go out at once, as if 30 s had passed. */
  const clearCooldowns = () => deleteKeys(redis, `${prefix}:otp-cooldown:*`);

  const stop = async () => {
    await app.close();
    await client.close();
    await mailbox.close();
    await deleteKeys(redis, `${prefix}:*`);
    await redis.quit();
    await pg.end();
  };

  return { prefix, config, app, client, redis, pg, mailbox, call, fail, seedUser, loginWithCode, clearCooldowns, stop };
};
