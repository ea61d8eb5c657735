import { OTP_VERIFY_TIMEOUT_MS } from '@nivesh/proto';
import type { LoginVerifyOtpRequest, LoginVerifyOtpResponse } from '@nivesh/proto';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import type { MutationInput } from '../../../lib/api-client';
import { AUTH_PATHS } from '@nivesh/proto/values';

/** POST /login-verify-otp: exchange the login code for the session; gives up after 30 s. */
export const loginVerifyOtp = (body: LoginVerifyOtpRequest, signal?: AbortSignal): Promise<LoginVerifyOtpResponse> =>
  apiPost(AUTH_PATHS.loginVerifyOtp, body, { parse: parseWith((c) => c.LoginVerifyOtpResponseSchema), signal, timeoutMs: OTP_VERIFY_TIMEOUT_MS });

export const loginVerifyOtpMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'login-verify-otp'] as const,
    mutationFn: ({ body, signal }: MutationInput<LoginVerifyOtpRequest>) => loginVerifyOtp(body, signal),
  });

export const useLoginVerifyOtp = () => useMutation(loginVerifyOtpMutationOptions());
