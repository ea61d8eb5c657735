import { OTP_RESEND_COOLDOWN_SECONDS } from '@nivesh/proto';
import { useEffect } from 'react';
import { useCountdown } from '../../../hooks/use-countdown';
import { ApiError } from '../../../lib/api-client';
import { useGetUserEmail } from '../api/get-user-email';
import { useResendOtp } from '../api/resend-otp';
import { AuthFlowError } from '../error-message';
import { AUTH_TEXTS, AUTH_UI_TEXTS } from '../texts';
import { DEFAULT_TEXTS } from './use-auth-flow';
import type { Flow } from './use-auth-flow';

/**
 * Resends a code; the countdown starts when the code step opens and again after each resend, and runs on while
 * the server asks to wait longer (a refusal's Retry-After).
 */
export const useResend = (flow: Flow, otpType: 'registration' | 'login' | 'password_reset', username: string, knownEmail?: string) => {
  const cooldown = useCountdown(OTP_RESEND_COOLDOWN_SECONDS);
  const { restart } = cooldown;
  const remaining = Math.max(cooldown.remaining, flow.waits.resend);
  const getUserEmail = useGetUserEmail();
  const resendOtp = useResendOtp();

  useEffect(() => {
    restart();
  }, [restart]);

  const resend = () => {
    if (flow.busy || remaining > 0) return;
    void flow.run(
      async (signal) => {
        let email = knownEmail;
        if (email === undefined) {
          try {
            email = (await getUserEmail.mutateAsync({ body: { username }, signal })).email;
          } catch (error) {
            // A refusal (429) says how long to wait; any other failure means the address is unknown here.
            if (error instanceof ApiError && (error.kind === 'aborted' || error.kind === 'network' || error.status === 429)) throw error;
            throw new AuthFlowError(AUTH_TEXTS.resendEmailNotFound);
          }
        }
        await resendOtp.mutateAsync({ body: { email, otp_type: otpType }, signal });
        restart();
        flow.say(AUTH_UI_TEXTS.codeResent);
      },
      DEFAULT_TEXTS,
      'resend',
    );
  };

  return { remaining, resend };
};
