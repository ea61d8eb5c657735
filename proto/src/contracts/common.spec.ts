import type { z } from 'zod';
import {
  EmailSchema,
  OtpSchema,
  PASSWORD_RULE_MESSAGE,
  PasswordSchema,
  TickerSchema,
  UsernameSchema,
} from './common';

const firstMessage = (result: z.ZodSafeParseResult<unknown>): string | undefined =>
  result.success ? undefined : result.error.issues[0]?.message;

describe('password rule', () => {
  it('uses the exact message of the specification', () => {
    expect(PASSWORD_RULE_MESSAGE).toBe(
      'Password must be 8-20 characters, include at least one letter and one number, and may contain special characters.',
    );
  });

  it.each(['abcdefg1', 'A1bcdefgh', 'p@ss w0rd!', 'Zz9!@#$%^&*()_+-=[]', '12345678a', 'abcdefghijklmnopqr1s'])(
    'accepts %p',
    (password) => {
      expect(PasswordSchema.safeParse(password).success).toBe(true);
    },
  );

  it.each([
    ['too short', 'abc1234'],
    ['too long', 'abcdefghijklmnopqrs12'],
    ['no digit', 'abcdefghij'],
    ['no letter', '12345678!'],
    ['empty', ''],
    ['control character', 'abcd\n1234'],
  ])('refuses a password that is %s, with the spec message only', (_why, password) => {
    const result = PasswordSchema.safeParse(password);
    expect(result.success).toBe(false);
    expect(firstMessage(result)).toBe(PASSWORD_RULE_MESSAGE);
    expect(result.error?.issues).toHaveLength(1);
  });

  it('refuses a non-string with the spec message', () => {
    expect(firstMessage(PasswordSchema.safeParse(12345678))).toBe(PASSWORD_RULE_MESSAGE);
  });
});

describe('one-time code', () => {
  it('accepts exactly six digits (surrounding spaces trimmed)', () => {
    expect(OtpSchema.parse('012345')).toBe('012345');
    expect(OtpSchema.parse(' 987654 ')).toBe('987654');
  });

  it.each(['12345', '1234567', '12a456', '', '12 456'])('refuses %p', (otp) => {
    expect(OtpSchema.safeParse(otp).success).toBe(false);
  });

  it('refuses a number (codes may start with 0, so they travel as strings)', () => {
    expect(OtpSchema.safeParse(123456).success).toBe(false);
  });
});

describe('ticker', () => {
  it('upper-cases and trims', () => {
    expect(TickerSchema.parse('reliance')).toBe('RELIANCE');
    expect(TickerSchema.parse(' tcs ')).toBe('TCS');
    expect(TickerSchema.parse('m&m')).toBe('M&M');
    expect(TickerSchema.parse('bajaj-auto')).toBe('BAJAJ-AUTO');
    expect(TickerSchema.parse('nifty 50')).toBe('NIFTY 50');
  });

  it('says "Please enter a ticker symbol" when empty', () => {
    expect(firstMessage(TickerSchema.safeParse(''))).toBe('Please enter a ticker symbol');
    expect(firstMessage(TickerSchema.safeParse('   '))).toBe('Please enter a ticker symbol');
  });

  it.each(['RELI  ANCE', 'TCS.NS', 'A'.repeat(21), '<script>'])('refuses %p', (ticker) => {
    expect(TickerSchema.safeParse(ticker).success).toBe(false);
  });
});

describe('username and e-mail', () => {
  it('accepts 3-32 letters, digits, _ . -', () => {
    expect(UsernameSchema.parse('ab_c.d-1')).toBe('ab_c.d-1');
    expect(UsernameSchema.safeParse('a'.repeat(32)).success).toBe(true);
  });

  it.each(['ab', 'a'.repeat(33), 'has space', 'emoji😀', 'semi;colon'])('refuses username %p', (username) => {
    expect(UsernameSchema.safeParse(username).success).toBe(false);
  });

  it('accepts an address and refuses a non-address or one over 254 characters', () => {
    expect(EmailSchema.safeParse('investor@example.in').success).toBe(true);
    expect(EmailSchema.safeParse('not-an-email').success).toBe(false);
    expect(EmailSchema.safeParse(`${'a'.repeat(64)}@${'b'.repeat(186)}.com`).success).toBe(false);
  });
});
