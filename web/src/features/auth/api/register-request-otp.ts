import type { RegisterRequestOtpRequest, RegisterRequestOtpResponse } from '@nivesh/proto';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import type { MutationInput } from '../../../lib/api-client';
import { AUTH_PATHS } from '@nivesh/proto/values';

/** POST /register-request-otp: check the new account's details and e-mail a registration code. */
export const registerRequestOtp = (body: RegisterRequestOtpRequest, signal?: AbortSignal): Promise<RegisterRequestOtpResponse> =>
  apiPost(AUTH_PATHS.registerRequestOtp, body, { parse: parseWith((c) => c.RegisterRequestOtpResponseSchema), signal });

export const registerRequestOtpMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'register-request-otp'] as const,
    mutationFn: ({ body, signal }: MutationInput<RegisterRequestOtpRequest>) => registerRequestOtp(body, signal),
  });

export const useRegisterRequestOtp = () => useMutation(registerRequestOtpMutationOptions());
