import type { ResendOtpRequest, ResendOtpResponse } from '@nivesh/proto';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import type { MutationInput } from '../../../lib/api-client';
import { AUTH_PATHS } from '@nivesh/proto/values';

/** POST /resend-otp: e-mail a fresh code for registration, login or password reset. */
export const resendOtp = (body: ResendOtpRequest, signal?: AbortSignal): Promise<ResendOtpResponse> =>
  apiPost(AUTH_PATHS.resendOtp, body, { parse: parseWith((c) => c.ResendOtpResponseSchema), signal });

export const resendOtpMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'resend-otp'] as const,
    mutationFn: ({ body, signal }: MutationInput<ResendOtpRequest>) => resendOtp(body, signal),
  });

export const useResendOtp = () => useMutation(resendOtpMutationOptions());
