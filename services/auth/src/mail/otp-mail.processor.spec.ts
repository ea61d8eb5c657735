import { UnrecoverableError } from 'bullmq';
import type { Logger } from '@nivesh/platform';
import type { Config } from '../config';
import { OtpCrypto } from '../common/otp-crypto';
import type { Mailer } from './mailer';
import { OtpMailProcessor } from './otp-mail.processor';
import type { UsersRepository } from '../users/users.repository';

const config = { OTP_SECRET: 'k'.repeat(32), REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: 'unit' } as Config;

describe('OtpMailProcessor', () => {
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() } as unknown as Logger;
  const crypto = new OtpCrypto(config);
  const asha = { id: '0b6f2a52-6d0e-4a55-9d1e-2f3a4b5c6d7e', username: 'asha', email: 'asha@example.in', disabledAt: null };
  const users = { findById: jest.fn(async (id: string) => (id === asha.id ? asha : null)) } as unknown as UsersRepository;
  const job = (sealed: string) => ({
    email: 'asha@example.in',
    username: 'asha',
    purpose: 'registration' as const,
    sealed_code: sealed,
    expires_at: '2026-01-01T10:10:00.000Z',
  });

  it('opens the sealed code and mails it; logs neither code nor payload', async () => {
    const mailer = { send: jest.fn().mockResolvedValue(undefined) };
    const processor = new OtpMailProcessor(config, logger, crypto, mailer as unknown as Mailer, users);
    await processor.sendOtp(job(crypto.seal('314159')), { id: '7' });
    expect(mailer.send).toHaveBeenCalledTimes(1);
    expect(mailer.send.mock.calls[0][0]).toMatchObject({ to: 'asha@example.in', subject: 'Your Nivesh verification code' });
    expect(mailer.send.mock.calls[0][0].text).toContain('314159');
    expect(JSON.stringify((logger.info as jest.Mock).mock.calls)).not.toContain('314159');
  });

  it('lets an SMTP failure propagate, so the queue retries it', async () => {
    const mailer = { send: jest.fn().mockRejectedValue(new Error('451 try later')) };
    const processor = new OtpMailProcessor(config, logger, crypto, mailer as unknown as Mailer, users);
    await expect(processor.sendOtp(job(crypto.seal('314159')))).rejects.toThrow('451 try later');
  });

  it('gives up at once on a code sealed under another key', async () => {
    const mailer = { send: jest.fn() };
    const processor = new OtpMailProcessor(config, logger, crypto, mailer as unknown as Mailer, users);
    const foreign = new OtpCrypto({ ...config, OTP_SECRET: 'z'.repeat(32) }).seal('314159');
    await expect(processor.sendOtp(job(foreign))).rejects.toBeInstanceOf(UnrecoverableError);
    expect(mailer.send).not.toHaveBeenCalled();
  });

  describe('alert mails', () => {
    const alerts = [
      { symbol: 'RELIANCE', date: '2024-03-28', message: 'RELIANCE closed at ₹2,971.70 on 28 Mar 2024, above your alert level of ₹2,950' },
      { symbol: 'TCS', date: '2024-03-28', message: 'TCS closed at ₹3,876.30 on 28 Mar 2024, a new 52-week low' },
    ];

    it("mails the account's own address, one line per alert, found by the account id the portfolio service queued", async () => {
      const mailer = { send: jest.fn().mockResolvedValue(undefined) };
      const processor = new OtpMailProcessor(config, logger, crypto, mailer as unknown as Mailer, users);
      await processor.sendAlerts({ user_id: asha.id, alerts });
      expect(mailer.send).toHaveBeenCalledTimes(1);
      const mail = mailer.send.mock.calls[0][0];
      expect(mail).toMatchObject({ to: 'asha@example.in', subject: 'Nivesh: 2 of your alerts fired (RELIANCE, TCS)' });
      expect(mail.text).toContain('- RELIANCE closed at ₹2,971.70 on 28 Mar 2024, above your alert level of ₹2,950.');
      expect(mail.text).toContain('not advice to buy or sell');
      expect(mail.html).toContain('<li>TCS closed at ₹3,876.30 on 28 Mar 2024, a new 52-week low.</li>');
    });

    it('sends nothing, and does not retry, for an account that is gone or disabled', async () => {
      const mailer = { send: jest.fn() };
      const disabled = { findById: jest.fn(async () => ({ ...asha, disabledAt: new Date() })) } as unknown as UsersRepository;
      await new OtpMailProcessor(config, logger, crypto, mailer as unknown as Mailer, users).sendAlerts({ user_id: 'not-a-uuid', alerts });
      await new OtpMailProcessor(config, logger, crypto, mailer as unknown as Mailer, users).sendAlerts({ user_id: '1b6f2a52-6d0e-4a55-9d1e-2f3a4b5c6d7e', alerts });
      await new OtpMailProcessor(config, logger, crypto, mailer as unknown as Mailer, disabled).sendAlerts({ user_id: asha.id, alerts });
      expect(mailer.send).not.toHaveBeenCalled();
    });
  });
});
