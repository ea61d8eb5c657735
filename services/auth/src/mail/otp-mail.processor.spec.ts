import { UnrecoverableError } from 'bullmq';
import type { Logger } from '@nivesh/proto/node';
import type { Config } from '../config';
import { OtpCrypto } from '../otp/otp-crypto';
import type { Mailer } from './mailer';
import { OtpMailProcessor } from './otp-mail.processor';

const config = { OTP_SECRET: 'k'.repeat(32), REDIS_URL: 'redis://127.0.0.1:6379', REDIS_PREFIX: 'unit' } as Config;

describe('OtpMailProcessor', () => {
  const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn() } as unknown as Logger;
  const crypto = new OtpCrypto(config);
  const job = (sealed: string) => ({
    email: 'asha@example.in',
    username: 'asha',
    purpose: 'registration' as const,
    sealed_code: sealed,
    expires_at: '2026-01-01T10:10:00.000Z',
  });

  it('opens the sealed code and mails it; logs neither code nor payload', async () => {
    const mailer = { send: jest.fn().mockResolvedValue(undefined) };
    const processor = new OtpMailProcessor(config, logger, crypto, mailer as unknown as Mailer);
    await processor.sendOtp(job(crypto.seal('314159')), { id: '7' });
    expect(mailer.send).toHaveBeenCalledTimes(1);
    expect(mailer.send.mock.calls[0][0]).toMatchObject({ to: 'asha@example.in', subject: 'Your Nivesh verification code' });
    expect(mailer.send.mock.calls[0][0].text).toContain('314159');
    expect(JSON.stringify((logger.info as jest.Mock).mock.calls)).not.toContain('314159');
  });

  it('lets an SMTP failure propagate, so the queue retries it', async () => {
    const mailer = { send: jest.fn().mockRejectedValue(new Error('451 try later')) };
    const processor = new OtpMailProcessor(config, logger, crypto, mailer as unknown as Mailer);
    await expect(processor.sendOtp(job(crypto.seal('314159')))).rejects.toThrow('451 try later');
  });

  it('gives up at once on a code sealed under another key', async () => {
    const mailer = { send: jest.fn() };
    const processor = new OtpMailProcessor(config, logger, crypto, mailer as unknown as Mailer);
    const foreign = new OtpCrypto({ ...config, OTP_SECRET: 'z'.repeat(32) }).seal('314159');
    await expect(processor.sendOtp(job(foreign))).rejects.toBeInstanceOf(UnrecoverableError);
    expect(mailer.send).not.toHaveBeenCalled();
  });
});
