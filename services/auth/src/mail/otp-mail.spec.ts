import { composeOtpMail, OTP_MAIL_SUBJECT } from './otp-mail';

describe('the OTP mail', () => {
  const mail = composeOtpMail({ to: 'asha@example.in', username: 'asha<b>', purpose: 'login', code: '042317' });

  it('names the product, the code, its 10-minute lifetime and that staff never ask for it, in text and HTML', () => {
    expect(mail.to).toBe('asha@example.in');
    expect(mail.subject).toBe(OTP_MAIL_SUBJECT);
    expect(mail.subject).toBe('Your Nivesh verification code');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Nivesh');
      expect(body).toContain('042317');
      expect(body).toContain('10 minutes');
      expect(body).toContain('Nivesh staff will never ask you for this code');
    }
  });

  it('puts the code first among six-digit numbers (clients read the first one)', () => {
    expect(/\b(\d{6})\b/.exec(mail.text)?.[1]).toBe('042317');
  });

  it('escapes the username in HTML', () => {
    expect(mail.html).toContain('asha&lt;b&gt;');
    expect(mail.html).not.toContain('asha<b>');
  });

  it('says what the code is for', () => {
    expect(composeOtpMail({ to: 'a@example.in', username: 'a', purpose: 'registration', code: '111111' }).text).toContain('creating your account');
    expect(composeOtpMail({ to: 'a@example.in', username: 'a', purpose: 'password_reset', code: '111111' }).text).toContain('reset your password');
    expect(mail.text).toContain('sign in');
  });
});
