import { z } from 'zod';
import { OtpPurposeSchema } from '../jobs';
import { defineRoute } from '../http';
import { defineRpc, systemPatterns } from '../rpc';
import { ADMIN_RPC } from './admin';
import {
  EmailSchema,
  EmptyBodySchema,
  IdSchema,
  IsoDateTimeSchema,
  LOGIN_REQUEST_TIMEOUT_MS,
  LoginPasswordSchema,
  MessageResponseSchema,
  OTP_VERIFY_TIMEOUT_MS,
  OtpSchema,
  PasswordSchema,
  UsernameSchema,
  withCaller,
} from './common';
import { AUTH_PATHS } from '../values/auth';

const TAG = 'auth';
const AUTH_DEADLINE_MS = 10_000;
/** Sends mail, creates an account or a session, or changes a password: run at most once per request. */
const AUTH_WRITE = { deadlineMs: AUTH_DEADLINE_MS, sideEffects: true };

// ---- bodies ---------------------------------------------------------------------------------

/** Which flow an OTP belongs to; the same three values as the OTP mail job. */
export const OtpTypeSchema = OtpPurposeSchema;
export type OtpType = z.infer<typeof OtpTypeSchema>;

/** The answer to every call that sends a code by e-mail. */
export const OtpSentResponseSchema = z.object({
  message: z.string(),
  /** Seconds until the code expires. */
  expires_in_seconds: z.number().int().positive(),
  /** Seconds before another code may be requested (the client's resend countdown). */
  resend_after_seconds: z.number().int().nonnegative(),
});
export type OtpSentResponse = z.infer<typeof OtpSentResponseSchema>;

/** The signed-in user as the client keeps it (section 3 "Session user"). */
export const UserSchema = z.object({
  user_id: IdSchema,
  username: z.string(),
  email: z.email(),
  is_admin: z.boolean(),
  is_premium: z.boolean(),
  created_at: IsoDateTimeSchema,
  premium_expires_at: IsoDateTimeSchema.nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const RegisterRequestOtpRequestSchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type RegisterRequestOtpRequest = z.infer<typeof RegisterRequestOtpRequestSchema>;
export const RegisterRequestOtpResponseSchema = OtpSentResponseSchema;
export type RegisterRequestOtpResponse = z.infer<typeof RegisterRequestOtpResponseSchema>;

export const RegisterVerifyOtpRequestSchema = z.object({ email: EmailSchema, otp: OtpSchema });
export type RegisterVerifyOtpRequest = z.infer<typeof RegisterVerifyOtpRequestSchema>;
/** The account exists; the client returns to sign in. */
export const RegisterVerifyOtpResponseSchema = z.object({
  message: z.string(),
  user_id: IdSchema,
  username: z.string(),
});
export type RegisterVerifyOtpResponse = z.infer<typeof RegisterVerifyOtpResponseSchema>;

export const LoginRequestOtpRequestSchema = z.object({ username: UsernameSchema, password: LoginPasswordSchema });
export type LoginRequestOtpRequest = z.infer<typeof LoginRequestOtpRequestSchema>;
export const LoginRequestOtpResponseSchema = OtpSentResponseSchema;
export type LoginRequestOtpResponse = z.infer<typeof LoginRequestOtpResponseSchema>;

export const LoginVerifyOtpRequestSchema = z.object({ username: UsernameSchema, otp: OtpSchema });
export type LoginVerifyOtpRequest = z.infer<typeof LoginVerifyOtpRequestSchema>;
/** The login-verify response of section 3, plus the token type and the session's end. */
export const LoginVerifyOtpResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  expires_at: IsoDateTimeSchema,
  username: z.string(),
  user_id: IdSchema,
  is_admin: z.boolean(),
  is_premium: z.boolean(),
  premium_expires_at: IsoDateTimeSchema.nullable(),
});
export type LoginVerifyOtpResponse = z.infer<typeof LoginVerifyOtpResponseSchema>;

export const GetUserEmailRequestSchema = z.object({ username: UsernameSchema });
export type GetUserEmailRequest = z.infer<typeof GetUserEmailRequestSchema>;
export const GetUserEmailResponseSchema = z.object({ email: z.email() });
export type GetUserEmailResponse = z.infer<typeof GetUserEmailResponseSchema>;

export const ResendOtpRequestSchema = z.object({ email: EmailSchema, otp_type: OtpTypeSchema });
export type ResendOtpRequest = z.infer<typeof ResendOtpRequestSchema>;
export const ResendOtpResponseSchema = OtpSentResponseSchema;
export type ResendOtpResponse = z.infer<typeof ResendOtpResponseSchema>;

export const ForgotPasswordRequestSchema = z.object({ username: UsernameSchema, email: EmailSchema });
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequestSchema>;
export const ForgotPasswordResponseSchema = OtpSentResponseSchema;
export type ForgotPasswordResponse = z.infer<typeof ForgotPasswordResponseSchema>;

export const ResetPasswordRequestSchema = z.object({
  username: UsernameSchema,
  email: EmailSchema,
  otp: OtpSchema,
  new_password: PasswordSchema,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequestSchema>;
export const ResetPasswordResponseSchema = MessageResponseSchema;
export type ResetPasswordResponse = z.infer<typeof ResetPasswordResponseSchema>;

/**
 * Direct login: the credentials plus the login code e-mailed by /login-request-otp, so the code stays a
 * real second factor on this route too.
 */
export const LoginRequestSchema = z.object({ username: UsernameSchema, password: LoginPasswordSchema, otp: OtpSchema });
export type LoginRequest = z.infer<typeof LoginRequestSchema>;
/** Carries the token under both names the client reads (`access_token`, `token`). */
export const LoginResponseSchema = z.object({
  access_token: z.string(),
  token: z.string(),
  token_type: z.literal('bearer'),
  expires_at: IsoDateTimeSchema,
  user: UserSchema,
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const MeRequestSchema = EmptyBodySchema;
export type MeRequest = z.infer<typeof MeRequestSchema>;
export const MeResponseSchema = UserSchema;
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const LogoutRequestSchema = EmptyBodySchema;
export type LogoutRequest = z.infer<typeof LogoutRequestSchema>;
export const LogoutResponseSchema = MessageResponseSchema;
export type LogoutResponse = z.infer<typeof LogoutResponseSchema>;

// ---- RPC payloads (the HTTP input, plus the caller where a session is required) ---------------

export const MePayloadSchema = withCaller(MeRequestSchema);
export type MePayload = z.infer<typeof MePayloadSchema>;
export const LogoutPayloadSchema = withCaller(LogoutRequestSchema);
export type LogoutPayload = z.infer<typeof LogoutPayloadSchema>;

/** RPC patterns answered by services/auth. */
export const AUTH = {
  ...systemPatterns('auth'),
  registerRequestOtp: defineRpc('auth', 'registerRequestOtp', RegisterRequestOtpRequestSchema, RegisterRequestOtpResponseSchema, AUTH_WRITE),
  registerVerifyOtp: defineRpc('auth', 'registerVerifyOtp', RegisterVerifyOtpRequestSchema, RegisterVerifyOtpResponseSchema, AUTH_WRITE),
  loginRequestOtp: defineRpc('auth', 'loginRequestOtp', LoginRequestOtpRequestSchema, LoginRequestOtpResponseSchema, AUTH_WRITE),
  loginVerifyOtp: defineRpc('auth', 'loginVerifyOtp', LoginVerifyOtpRequestSchema, LoginVerifyOtpResponseSchema, AUTH_WRITE),
  getUserEmail: defineRpc('auth', 'getUserEmail', GetUserEmailRequestSchema, GetUserEmailResponseSchema),
  resendOtp: defineRpc('auth', 'resendOtp', ResendOtpRequestSchema, ResendOtpResponseSchema, AUTH_WRITE),
  forgotPassword: defineRpc('auth', 'forgotPassword', ForgotPasswordRequestSchema, ForgotPasswordResponseSchema, AUTH_WRITE),
  resetPassword: defineRpc('auth', 'resetPassword', ResetPasswordRequestSchema, ResetPasswordResponseSchema, AUTH_WRITE),
  login: defineRpc('auth', 'login', LoginRequestSchema, LoginResponseSchema, AUTH_WRITE),
  me: defineRpc('auth', 'me', MePayloadSchema, MeResponseSchema),
  logout: defineRpc('auth', 'logout', LogoutPayloadSchema, LogoutResponseSchema, { sideEffects: true }),
  ...ADMIN_RPC,
};

// ---- HTTP routes ----------------------------------------------------------------------------

export const AUTH_ROUTES = {
  registerRequestOtp: defineRoute({
    method: 'POST',
    path: AUTH_PATHS.registerRequestOtp,
    tag: TAG,
    summary: 'Start registration: check username, e-mail and password and e-mail a one-time code.',
    auth: 'none',
    input: RegisterRequestOtpRequestSchema,
    response: RegisterRequestOtpResponseSchema,
    rpc: AUTH.registerRequestOtp,
    rateLimitPerMinute: 10,
  }),
  registerVerifyOtp: defineRoute({
    method: 'POST',
    path: AUTH_PATHS.registerVerifyOtp,
    tag: TAG,
    summary: 'Finish registration with the e-mailed one-time code; the account is created.',
    auth: 'none',
    input: RegisterVerifyOtpRequestSchema,
    response: RegisterVerifyOtpResponseSchema,
    rpc: AUTH.registerVerifyOtp,
    rateLimitPerMinute: 20,
  }),
  loginRequestOtp: defineRoute({
    method: 'POST',
    path: AUTH_PATHS.loginRequestOtp,
    tag: TAG,
    summary: 'Check username and password and e-mail a login one-time code.',
    auth: 'none',
    input: LoginRequestOtpRequestSchema,
    response: LoginRequestOtpResponseSchema,
    rpc: AUTH.loginRequestOtp,
    rateLimitPerMinute: 10,
    clientTimeoutMs: LOGIN_REQUEST_TIMEOUT_MS,
  }),
  loginVerifyOtp: defineRoute({
    method: 'POST',
    path: AUTH_PATHS.loginVerifyOtp,
    tag: TAG,
    summary: 'Exchange the login one-time code for an access token.',
    auth: 'none',
    input: LoginVerifyOtpRequestSchema,
    response: LoginVerifyOtpResponseSchema,
    rpc: AUTH.loginVerifyOtp,
    rateLimitPerMinute: 20,
    clientTimeoutMs: OTP_VERIFY_TIMEOUT_MS,
  }),
  getUserEmail: defineRoute({
    method: 'POST',
    path: AUTH_PATHS.getUserEmail,
    tag: TAG,
    summary: "Look up a user's e-mail address (used to resend a login code).",
    auth: 'none',
    input: GetUserEmailRequestSchema,
    response: GetUserEmailResponseSchema,
    rpc: AUTH.getUserEmail,
    rateLimitPerMinute: 10,
  }),
  resendOtp: defineRoute({
    method: 'POST',
    path: AUTH_PATHS.resendOtp,
    tag: TAG,
    summary: 'E-mail a fresh one-time code for registration, login or password reset.',
    auth: 'none',
    input: ResendOtpRequestSchema,
    response: ResendOtpResponseSchema,
    rpc: AUTH.resendOtp,
    rateLimitPerMinute: 10,
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: AUTH_PATHS.forgotPassword,
    tag: TAG,
    summary: 'Start a password reset: e-mail a one-time code to the account matching username and e-mail.',
    auth: 'none',
    input: ForgotPasswordRequestSchema,
    response: ForgotPasswordResponseSchema,
    rpc: AUTH.forgotPassword,
    rateLimitPerMinute: 10,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: AUTH_PATHS.resetPassword,
    tag: TAG,
    summary: "Set a new password with the reset code; the user's sessions end.",
    auth: 'none',
    input: ResetPasswordRequestSchema,
    response: ResetPasswordResponseSchema,
    rpc: AUTH.resetPassword,
    rateLimitPerMinute: 10,
  }),
  login: defineRoute({
    method: 'POST',
    path: AUTH_PATHS.login,
    tag: TAG,
    summary: 'Direct login with username, password and the e-mailed login code (from /login-request-otp); returns a token and the user.',
    auth: 'none',
    input: LoginRequestSchema,
    response: LoginResponseSchema,
    rpc: AUTH.login,
    rateLimitPerMinute: 10,
  }),
  me: defineRoute({
    method: 'GET',
    path: AUTH_PATHS.me,
    tag: TAG,
    summary: 'The signed-in user.',
    auth: 'user',
    input: MeRequestSchema,
    response: MeResponseSchema,
    rpc: AUTH.me,
  }),
  logout: defineRoute({
    method: 'POST',
    path: AUTH_PATHS.logout,
    tag: TAG,
    summary: 'End the current session; its token stops working at once.',
    auth: 'user',
    input: LogoutRequestSchema,
    response: LogoutResponseSchema,
    rpc: AUTH.logout,
    rateLimitPerMinute: 20,
  }),
};
