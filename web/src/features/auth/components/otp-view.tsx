import { OTP_LENGTH, OtpSchema } from '@nivesh/proto';
import type { LoginVerifyOtpResponse } from '@nivesh/proto';
import { useState } from 'react';
import { useLoginVerifyOtp } from '../api/login-verify-otp';
import { useRegisterVerifyOtp } from '../api/register-verify-otp';
import type { CodeStep, Flow } from '../hooks/use-auth-flow';
import { useResend } from '../hooks/use-resend';
import { AUTH_TEXTS, AUTH_UI_TEXTS } from '../texts';
import { AuthForm } from './auth-form';
import { firstIssue } from './form-validation';
import { LinkButton } from './link-button';
import { OtpField } from './otp-field';
import { ResendButton } from './resend-button';
import { SubmitButton } from './submit-button';

type OtpViewProps = { flow: Flow; step: CodeStep; onLoggedIn: (response: LoginVerifyOtpResponse) => Promise<void> };

/** The emailed code that confirms a registration (then sign in) or a login (then the session starts). */
export function OtpView({ flow, step, onLoggedIn }: OtpViewProps) {
  const [otp, setOtp] = useState('');
  const registerVerify = useRegisterVerifyOtp();
  const loginVerify = useLoginVerifyOtp();
  const { remaining, resend } = useResend(flow, step.purpose, step.username, step.purpose === 'registration' ? step.email : undefined);

  const submit = () => {
    if (flow.busy) return;
    const code = otp.trim();
    if (code === '') return flow.fail(AUTH_UI_TEXTS.codeMissing);
    const problem = firstIssue(OtpSchema.safeParse(code));
    if (problem) return flow.fail(problem);
    if (step.purpose === 'registration') {
      void flow.run(
        async (signal) => {
          await registerVerify.mutateAsync({ body: { email: step.email, otp: code }, signal });
          flow.go({ kind: 'signin', username: step.username }, AUTH_TEXTS.registrationSuccess);
        },
        { network: AUTH_TEXTS.otpNetworkError, invalid: AUTH_TEXTS.otpVerificationFailed, registration: true },
      );
      return;
    }
    void flow.run(
      async (signal) => {
        const response = await loginVerify.mutateAsync({ body: { username: step.username, otp: code }, signal });
        await onLoggedIn(response);
      },
      { network: AUTH_TEXTS.otpNetworkError, invalid: AUTH_TEXTS.otpVerificationFailed },
    );
  };

  return (
    <>
      <AuthForm busy={flow.busy} onSubmit={submit}>
        <OtpField value={otp} onChange={setOtp} maxLength={OTP_LENGTH} />
        <SubmitButton label="Verify" busy={flow.busy} wait={flow.waits.submit} />
        <ResendButton remaining={remaining} disabled={flow.busy} onClick={resend} />
      </AuthForm>
      <p className="auth-switch">
        <LinkButton onClick={() => flow.go({ kind: 'signin', username: step.username })} disabled={flow.busy}>
          Back to sign in
        </LinkButton>
      </p>
    </>
  );
}
