import type { ResetPasswordRequest, ResetPasswordResponse } from '@nivesh/proto';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import type { MutationInput } from '../../../lib/api-client';
import { AUTH_PATHS } from '@nivesh/proto/values';

/** POST /api/auth/reset-password: set a new password with the reset code. */
export const resetPassword = (body: ResetPasswordRequest, signal?: AbortSignal): Promise<ResetPasswordResponse> =>
  apiPost(AUTH_PATHS.resetPassword, body, { parse: parseWith((c) => c.ResetPasswordResponseSchema), signal });

export const resetPasswordMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'reset-password'] as const,
    mutationFn: ({ body, signal }: MutationInput<ResetPasswordRequest>) => resetPassword(body, signal),
  });

export const useResetPassword = () => useMutation(resetPasswordMutationOptions());
