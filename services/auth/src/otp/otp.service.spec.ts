import { DomainError } from '@nivesh/proto';
import type { Clock } from '../common/clock';
import type { OtpMailQueue } from '../mail/otp-mail.queue';
import type { Config } from '../config';
import { MESSAGES } from '../messages';
import type { NewChallenge, OpenChallenge, OtpChallengeRepository } from './otp-challenge.repository';
import type { OtpCooldownRepository } from './otp-cooldown.repository';
import { OtpCrypto } from '../common/otp-crypto';
import { OtpService } from './otp.service';

const NOW = new Date('2026-01-01T10:00:00Z');

/** An in-memory stand-in for the challenge table, with the same conditions as the SQL. */
class FakeChallenges {
  rows = new Map<string, OpenChallenge & { purpose: string; email: string; consumed: boolean }>();
  consumeCalls = 0;

  async replace(challenge: NewChallenge) {
    for (const [id, row] of this.rows) if (row.purpose === challenge.purpose && row.email === challenge.email && !row.consumed) this.rows.delete(id);
    const id = `c${this.rows.size + 1}-${Math.random()}`;
    this.rows.set(id, { id, purpose: challenge.purpose, email: challenge.email, codeHash: challenge.codeHash, attempts: 0, expiresAt: challenge.expiresAt, userId: challenge.userId, consumed: false });
  }

  async findOpen(purpose: string, email: string) {
    return [...this.rows.values()].find((row) => row.purpose === purpose && row.email === email && !row.consumed);
  }

  async consume(id: string, codeHash: Buffer, now: Date) {
    this.consumeCalls += 1;
    const row = this.rows.get(id);
    if (!row || row.consumed || !row.codeHash.equals(codeHash) || row.attempts >= 5 || row.expiresAt <= now) return false;
    row.attempts += 1;
    row.consumed = true;
    return true;
  }

  async countWrongCode(id: string) {
    const row = this.rows.get(id);
    if (!row || row.consumed || row.attempts >= 5) return undefined;
    row.attempts += 1;
    return row.attempts;
  }
}

const setup = () => {
  const challenges = new FakeChallenges();
  const cooldown = { acquire: jest.fn().mockResolvedValue(undefined) };
  const mail = { enqueue: jest.fn().mockResolvedValue(undefined) };
  const clock = { now: () => NOW } as Clock;
  const crypto = new OtpCrypto({ OTP_SECRET: 's'.repeat(32) } as Config);
  const service = new OtpService(
    challenges as unknown as OtpChallengeRepository,
    cooldown as unknown as OtpCooldownRepository,
    crypto,
    mail as unknown as OtpMailQueue,
    clock,
  );
  const issue = async () => {
    await service.issue({ purpose: 'login', email: 'a@example.in', username: 'asha', userId: 'u1' });
    const job = mail.enqueue.mock.calls.at(-1)![0] as { sealed_code: string };
    return crypto.unseal(job.sealed_code);
  };
  return { service, challenges, cooldown, mail, issue };
};

const rejection = (promise: Promise<unknown>) => promise.then(() => undefined, (error: DomainError) => error);

describe('OtpService', () => {
  it('stores a hash, and mails the sealed code with the expiry 10 minutes on', async () => {
    const { challenges, mail, issue } = setup();
    const code = await issue();
    expect(code).toMatch(/^\d{6}$/);
    const job = mail.enqueue.mock.calls[0]![0];
    expect(job).toEqual({ email: 'a@example.in', username: 'asha', purpose: 'login', sealed_code: expect.any(String), expires_at: '2026-01-01T10:10:00.000Z' });
    expect(JSON.stringify(job)).not.toContain(code);
    const [row] = challenges.rows.values();
    expect(row!.codeHash.toString('latin1')).not.toContain(code);
  });

  it('accepts the right code once', async () => {
    const { service, issue } = setup();
    const code = await issue();
    await expect(service.verify('login', 'a@example.in', code)).resolves.toBeUndefined();
    expect(await rejection(service.verify('login', 'a@example.in', code))).toMatchObject({ code: 'bad_request', message: MESSAGES.invalidCode });
  });

  it('refuses a code of another purpose or address', async () => {
    const { service, issue } = setup();
    const code = await issue();
    expect((await rejection(service.verify('password_reset', 'a@example.in', code)))?.code).toBe('bad_request');
    expect((await rejection(service.verify('login', 'b@example.in', code)))?.code).toBe('bad_request');
  });

  it('kills the challenge at the fifth wrong code; the right one then fails too', async () => {
    const { service, challenges, issue } = setup();
    const code = await issue();
    const wrong = code === '000000' ? '000001' : '000000';
    const codes = [];
    for (let i = 0; i < 5; i += 1) codes.push((await rejection(service.verify('login', 'a@example.in', wrong)))?.code);
    expect(codes).toEqual(['bad_request', 'bad_request', 'bad_request', 'bad_request', 'gone']);
    expect(await rejection(service.verify('login', 'a@example.in', code))).toMatchObject({ code: 'gone', message: MESSAGES.tooManyCodes });
    expect(challenges.consumeCalls).toBe(0);
  });

  it('accepts the right code on the fifth attempt', async () => {
    const { service, issue } = setup();
    const code = await issue();
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 4; i += 1) await rejection(service.verify('login', 'a@example.in', wrong));
    await expect(service.verify('login', 'a@example.in', code)).resolves.toBeUndefined();
  });

  it('refuses an expired code', async () => {
    const { service, challenges, issue } = setup();
    const code = await issue();
    for (const row of challenges.rows.values()) row.expiresAt = NOW;
    expect((await rejection(service.verify('login', 'a@example.in', code)))?.code).toBe('bad_request');
  });

  it('a new code replaces the old one', async () => {
    const { service, challenges, issue } = setup();
    const first = await issue();
    let second = await issue();
    while (second === first) second = await issue();
    expect(challenges.rows.size).toBe(1);
    expect((await rejection(service.verify('login', 'a@example.in', first)))?.code).toBe('bad_request');
    await expect(service.verify('login', 'a@example.in', second)).resolves.toBeUndefined();
  });

  it('turns a running cooldown into rate_limited with retry_after_seconds', async () => {
    const { service, cooldown } = setup();
    await expect(service.startCooldown('login', 'a@example.in')).resolves.toBeUndefined();
    expect(cooldown.acquire).toHaveBeenCalledWith('login', 'a@example.in', 30);
    cooldown.acquire.mockResolvedValueOnce(17);
    const error = await rejection(service.startCooldown('login', 'a@example.in'));
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'rate_limited', details: { retry_after_seconds: 17 } });
  });
});
