import type { ForgotPasswordRequest, ForgotPasswordResponse } from '@nivesh/proto';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import type { MutationInput } from '../../../lib/api-client';
import { AUTH_PATHS } from '@nivesh/proto/values';

/** POST /api/auth/forgot-password: e-mail a password-reset code to the account matching username and e-mail. */
export const forgotPassword = (body: ForgotPasswordRequest, signal?: AbortSignal): Promise<ForgotPasswordResponse> =>
  apiPost(AUTH_PATHS.forgotPassword, body, { parse: parseWith((c) => c.ForgotPasswordResponseSchema), signal });

export const forgotPasswordMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'forgot-password'] as const,
    mutationFn: ({ body, signal }: MutationInput<ForgotPasswordRequest>) => forgotPassword(body, signal),
  });

export const useForgotPassword = () => useMutation(forgotPasswordMutationOptions());
