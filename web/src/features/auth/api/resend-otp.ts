import { ROUTES, ResendOtpResponseSchema } from '@nivesh/proto';
import type { ResendOtpRequest, ResendOtpResponse } from '@nivesh/proto';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import type { MutationInput } from '../../../lib/api-client';

/** POST /resend-otp: e-mail a fresh code for registration, login or password reset. */
export const resendOtp = (body: ResendOtpRequest, signal?: AbortSignal): Promise<ResendOtpResponse> =>
  apiPost(ROUTES.resendOtp.path, body, { parse: parseWith(ResendOtpResponseSchema), signal });

export const resendOtpMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'resend-otp'] as const,
    mutationFn: ({ body, signal }: MutationInput<ResendOtpRequest>) => resendOtp(body, signal),
  });

export const useResendOtp = () => useMutation(resendOtpMutationOptions());
