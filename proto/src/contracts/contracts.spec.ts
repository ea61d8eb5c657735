import { CHAT, ChatQueryRequestSchema, ChatTechnicalStartRequestSchema } from './chat';
import { AnalyticsActionRequestSchema, AnalyticsOverviewQuerySchema } from './analytics';
import {
  LoginVerifyOtpResponseSchema,
  RegisterRequestOtpRequestSchema,
  ResendOtpRequestSchema,
  ResetPasswordRequestSchema,
} from './auth';
import { PASSWORD_RULE_MESSAGE } from './common';
import { PREDICTION_ROUTES, PredictPayloadSchema, PredictRequestSchema } from './prediction';
import { PREMIUM_TOOLS, PREMIUM_TOOL_LIST } from '../premium-tools';
import { ROUTES } from '../routes';
import type { RouteDefinition } from '../http';
import { PremiumStatusQuerySchema, SubscribeRequestSchema } from './premium';
import { VisitorTrackRequestSchema } from './visitor';

describe('auth bodies', () => {
  it('registration refuses a weak password with the spec message', () => {
    const result = RegisterRequestOtpRequestSchema.safeParse({ username: 'asha', email: 'asha@example.in', password: 'short1' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([PASSWORD_RULE_MESSAGE]);
    expect(result.error?.issues[0]?.path).toEqual(['password']);
  });

  it('reset applies the password rule to new_password', () => {
    const body = { username: 'asha', email: 'asha@example.in', otp: '123456', new_password: 'onlyletters' };
    expect(ResetPasswordRequestSchema.safeParse(body).success).toBe(false);
    expect(ResetPasswordRequestSchema.parse({ ...body, new_password: 'letters123' }).new_password).toBe('letters123');
  });

  it('ignores unknown fields rather than refusing them', () => {
    const parsed = RegisterRequestOtpRequestSchema.parse({ username: 'asha', email: 'asha@example.in', password: 'secret123', extra: 1 });
    expect(parsed).toEqual({ username: 'asha', email: 'asha@example.in', password: 'secret123' });
  });

  it('resend-otp accepts exactly the three otp types', () => {
    for (const otp_type of ['registration', 'password_reset', 'login']) {
      expect(ResendOtpRequestSchema.safeParse({ email: 'a@example.in', otp_type }).success).toBe(true);
    }
    expect(ResendOtpRequestSchema.safeParse({ email: 'a@example.in', otp_type: 'signup' }).success).toBe(false);
  });

  it('the login-verify response carries the fields of section 3', () => {
    const keys = Object.keys(LoginVerifyOtpResponseSchema.shape);
    expect(keys).toEqual(
      expect.arrayContaining(['access_token', 'username', 'user_id', 'is_admin', 'is_premium', 'premium_expires_at']),
    );
  });
});

describe('chat bodies', () => {
  it('technical start defaults the ticker to RELIANCE and upper-cases a given one', () => {
    expect(ChatTechnicalStartRequestSchema.parse({})).toEqual({ ticker: 'RELIANCE' });
    expect(ChatTechnicalStartRequestSchema.parse({ ticker: 'infy' })).toEqual({ ticker: 'INFY' });
  });

  it('trims the query and refuses an empty or over-long one', () => {
    const base = { context_id: 'ctx-1', session_id: 'sess-1' };
    expect(ChatQueryRequestSchema.parse({ ...base, user_query: '  What is RSI?\n' }).user_query).toBe('What is RSI?');
    expect(ChatQueryRequestSchema.safeParse({ ...base, user_query: '   ' }).success).toBe(false);
    expect(ChatQueryRequestSchema.safeParse({ ...base, user_query: 'x'.repeat(2001) }).success).toBe(false);
    expect(ChatQueryRequestSchema.safeParse({ ...base, user_query: 'x'.repeat(2000) }).success).toBe(true);
  });

  it('chat calls carry no caller', () => {
    expect(CHAT.sentimentQuery.payload.safeParse({ context_id: 'c', session_id: 's', user_query: 'hi' }).success).toBe(true);
  });
});

describe('prediction bodies', () => {
  it('sends the ticker in upper case and defaults the horizon', () => {
    expect(PredictRequestSchema.parse({ ticker: 'reliance' })).toEqual({ ticker: 'RELIANCE', horizon_days: 10 });
  });

  it('takes up to 30 trading days, of which the days beyond 10 are the premium tool', () => {
    expect(PredictRequestSchema.parse({ ticker: 'infy', horizon_days: 30 }).horizon_days).toBe(30);
    expect(PredictRequestSchema.safeParse({ ticker: 'infy', horizon_days: 31 }).error?.issues[0]?.message).toBe('Forecasts reach at most 30 trading days ahead');
    const gate = PREDICTION_ROUTES.predict.premiumTool;
    expect(gate.tool).toBe('trendvisionLongHorizon');
    expect(gate.appliesTo(PredictRequestSchema.parse({ ticker: 'INFY' }))).toBe(false);
    expect(gate.appliesTo(PredictRequestSchema.parse({ ticker: 'INFY', horizon_days: 11 }))).toBe(true);
  });

  it('says "Please enter a ticker symbol" for an empty ticker', () => {
    const result = PredictRequestSchema.safeParse({ ticker: '' });
    expect(result.error?.issues[0]?.message).toBe('Please enter a ticker symbol');
  });

  it('the RPC payload takes a caller when there is one', () => {
    expect(PredictPayloadSchema.safeParse({ ticker: 'TCS' }).success).toBe(true);
    const caller = { user_id: 'u1', session_id: 's1', is_admin: false };
    expect(PredictPayloadSchema.parse({ ticker: 'TCS', caller }).caller).toEqual(caller);
  });
});

describe('premium bodies', () => {
  it("defaults the ip address to 'unknown' and requires a fingerprint", () => {
    expect(PremiumStatusQuerySchema.parse({ device_fingerprint: 'fp' })).toEqual({ device_fingerprint: 'fp', ip_address: 'unknown' });
    expect(PremiumStatusQuerySchema.safeParse({ ip_address: '1.2.3.4' }).success).toBe(false);
  });

  it('subscribe takes plan_id, device_fingerprint and ip_address', () => {
    const body = { plan_id: 'premium_monthly', device_fingerprint: 'fp', ip_address: '203.0.113.9' };
    expect(SubscribeRequestSchema.parse(body)).toEqual(body);
  });
});

describe('analytics and visitor bodies', () => {
  it('coerces days from the query string, default 7, within 1..365', () => {
    expect(AnalyticsOverviewQuerySchema.parse({})).toEqual({ days: 7 });
    expect(AnalyticsOverviewQuerySchema.parse({ days: '30' })).toEqual({ days: 30 });
    for (const days of ['0', '366', '2.5', 'abc']) {
      expect(AnalyticsOverviewQuerySchema.safeParse({ days }).success).toBe(false);
    }
  });

  it('an action defaults to success and takes an error message when it failed', () => {
    expect(AnalyticsActionRequestSchema.parse({ action_type: 'click' }).success).toBe(true);
    const failed = AnalyticsActionRequestSchema.parse({ action_type: 'predict', success: false, error_message: 'boom', response_time_ms: 120 });
    expect(failed).toMatchObject({ success: false, error_message: 'boom', response_time_ms: 120 });
  });

  it('a heartbeat takes session_duration instead of page_load_time; its page is kept as the app page', () => {
    const body = { session_id: 'visitor_1700000000000_ab12cd', page_url: 'https://nivesh.example/', user_agent: 'UA', screen_resolution: '1920x1080', session_duration: 30000 };
    expect(VisitorTrackRequestSchema.parse(body)).toEqual({ ...body, page_url: '/' });
  });
});

describe('premium tools', () => {
  it('are each gated by a route, and every gate names a listed tool', () => {
    const gated = Object.values(ROUTES as Record<string, RouteDefinition>).flatMap((route) => (route.premiumTool ? [route.premiumTool.tool] : []));
    expect(new Set(gated)).toEqual(new Set(Object.keys(PREMIUM_TOOLS)));
    for (const tool of PREMIUM_TOOL_LIST) {
      expect(tool.description).toMatch(/^[A-Z0-9].*\.$/);
      expect(tool.path).toMatch(/^\//);
    }
  });
});
