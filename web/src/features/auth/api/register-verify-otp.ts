import type { RegisterVerifyOtpRequest, RegisterVerifyOtpResponse } from '@nivesh/proto';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import type { MutationInput } from '../../../lib/api-client';
import { AUTH_PATHS } from '@nivesh/proto/values';

/** POST /register-verify-otp: create the account with the e-mailed code. */
export const registerVerifyOtp = (body: RegisterVerifyOtpRequest, signal?: AbortSignal): Promise<RegisterVerifyOtpResponse> =>
  apiPost(AUTH_PATHS.registerVerifyOtp, body, { parse: parseWith((c) => c.RegisterVerifyOtpResponseSchema), signal });

export const registerVerifyOtpMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'register-verify-otp'] as const,
    mutationFn: ({ body, signal }: MutationInput<RegisterVerifyOtpRequest>) => registerVerifyOtp(body, signal),
  });

export const useRegisterVerifyOtp = () => useMutation(registerVerifyOtpMutationOptions());
