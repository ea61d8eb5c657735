import { LOGIN_REQUEST_TIMEOUT_MS } from '@nivesh/proto';
import type { LoginRequestOtpRequest, LoginRequestOtpResponse } from '@nivesh/proto';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import type { MutationInput } from '../../../lib/api-client';
import { AUTH_PATHS } from '@nivesh/proto/values';

/** POST /login-request-otp: check username and password and e-mail a login code; gives up after 60 s. */
export const loginRequestOtp = (body: LoginRequestOtpRequest, signal?: AbortSignal): Promise<LoginRequestOtpResponse> =>
  apiPost(AUTH_PATHS.loginRequestOtp, body, { parse: parseWith((c) => c.LoginRequestOtpResponseSchema), signal, timeoutMs: LOGIN_REQUEST_TIMEOUT_MS });

export const loginRequestOtpMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'login-request-otp'] as const,
    mutationFn: ({ body, signal }: MutationInput<LoginRequestOtpRequest>) => loginRequestOtp(body, signal),
  });

export const useLoginRequestOtp = () => useMutation(loginRequestOtpMutationOptions());
