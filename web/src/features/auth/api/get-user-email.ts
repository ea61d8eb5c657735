import type { GetUserEmailRequest, GetUserEmailResponse } from '@nivesh/proto';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiPost, parseWith } from '../../../lib/api-client';
import type { MutationInput } from '../../../lib/api-client';
import { AUTH_PATHS } from '@nivesh/proto/values';

/** POST /get-user-email: the e-mail address of a username (to resend a login code). */
export const getUserEmail = (body: GetUserEmailRequest, signal?: AbortSignal): Promise<GetUserEmailResponse> =>
  apiPost(AUTH_PATHS.getUserEmail, body, { parse: parseWith((c) => c.GetUserEmailResponseSchema), signal });

export const getUserEmailMutationOptions = () =>
  mutationOptions({
    mutationKey: ['auth', 'get-user-email'] as const,
    mutationFn: ({ body, signal }: MutationInput<GetUserEmailRequest>) => getUserEmail(body, signal),
  });

export const useGetUserEmail = () => useMutation(getUserEmailMutationOptions());
