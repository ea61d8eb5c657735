import type { LoginVerifyOtpResponse } from '@nivesh/proto';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../lib/navigation';
import { PREMIUM_STATUS_KEY } from '../../../lib/premium-status';
import { startSession } from '../../../lib/session';
import { meQueryOptions } from '../api/get-me';
import { AuthFlowError } from '../error-message';
import { AUTH_TEXTS } from '../texts';

/**
 * After a verified login code: starts the session, refreshes the user, re-checks premium on this device (section 4),
 * then hands over the `callback` target.
 */
export const useCompleteLogin = (onLoggedIn: (target: string) => void) => {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();

  return async (response: LoginVerifyOtpResponse) => {
    try {
      startSession(response);
    } catch {
      throw new AuthFlowError(AUTH_TEXTS.authStateFailed);
    }
    // Whoever logged in before on this page, premium is asked afresh; the stored flag stands in until it answers.
    void queryClient.invalidateQueries({ queryKey: PREMIUM_STATUS_KEY });
    try {
      try {
        await queryClient.fetchQuery({ ...meQueryOptions(response.user_id), staleTime: 0 });
      } catch (failure) {
        // The login stands; the flags are re-checked on the next load.
        console.log('Could not refresh the user after login', failure);
      }
      onLoggedIn(safeRedirectPath(searchParams.get('callback')));
    } catch {
      throw new AuthFlowError(AUTH_TEXTS.loginProcessingFailed);
    }
  };
};
