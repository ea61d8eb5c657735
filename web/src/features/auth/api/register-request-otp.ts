import { ROUTES, RegisterRequestOtpResponseSchema } from '@nivesh/proto';
import type { RegisterRequestOtpRequest, RegisterRequestOtpResponse } from '@nivesh/proto';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import type { MutationInput } from '../../../lib/api-client';

/** POST /register-request-otp: check the new account's details and e-mail a registration code. */
export const registerRequestOtp = (body: RegisterRequestOtpRequest, signal?: AbortSignal): Promise<RegisterRequestOtpResponse> =>
  apiPost(ROUTES.registerRequestOtp.path, body, { parse: parseWith(RegisterRequestOtpResponseSchema), signal });

export const registerRequestOtpMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'register-request-otp'] as const,
    mutationFn: ({ body, signal }: MutationInput<RegisterRequestOtpRequest>) => registerRequestOtp(body, signal),
  });

export const useRegisterRequestOtp = () => useMutation(registerRequestOtpMutationOptions());
