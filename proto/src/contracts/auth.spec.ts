import { AUTH, AUTH_ROUTES, LoginRequestSchema, LoginResponseSchema, OtpSentResponseSchema } from './auth';

describe('auth contract', () => {
  it('direct login takes the e-mailed login code with the credentials', () => {
    expect(Object.keys(LoginRequestSchema.shape)).toEqual(['username', 'password', 'otp']);
    expect(LoginRequestSchema.safeParse({ username: 'asha', password: 'secret123' }).success).toBe(false);
    expect(LoginRequestSchema.safeParse({ username: 'asha', password: 'secret123', otp: '12345' }).success).toBe(false);
    expect(LoginRequestSchema.parse({ username: ' asha ', password: 'secret123', otp: ' 042317 ' })).toEqual({
      username: 'asha',
      password: 'secret123',
      otp: '042317',
    });
    expect(AUTH.login.payload).toBe(LoginRequestSchema);
    expect(AUTH_ROUTES.login.input).toBe(LoginRequestSchema);
  });

  it('direct login answers the token under both names, its type and end, and the user', () => {
    expect(Object.keys(LoginResponseSchema.shape).sort()).toEqual(['access_token', 'expires_at', 'token', 'token_type', 'user']);
  });

  it('every code-sending call tells the code lifetime and the resend countdown', () => {
    const sent = { message: 'sent', expires_in_seconds: 600, resend_after_seconds: 30 };
    for (const def of [AUTH.registerRequestOtp, AUTH.loginRequestOtp, AUTH.resendOtp, AUTH.forgotPassword]) {
      expect(def.result).toBe(OtpSentResponseSchema);
      expect(def.result.parse(sent)).toEqual(sent);
    }
  });
});
