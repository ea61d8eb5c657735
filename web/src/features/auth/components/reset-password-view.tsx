import { PasswordSchema } from '@nivesh/proto';
import { useState } from 'react';
import { useResetPassword } from '../api/reset-password';
import { DEFAULT_TEXTS } from '../hooks/use-auth-flow';
import type { Flow, ResetStep } from '../hooks/use-auth-flow';
import { useResend } from '../hooks/use-resend';
import { AUTH_TEXTS, AUTH_UI_TEXTS } from '../texts';
import { AuthForm } from './auth-form';
import { Field, NewPasswordField } from './form-field';
import { LinkButton } from './link-button';
import { OtpField } from './otp-field';
import { ResendButton } from './resend-button';
import { SubmitButton } from './submit-button';

/** The emailed reset code and a new password; on success sign in opens again. */
export function ResetPasswordView({ flow, step }: { flow: Flow; step: ResetStep }) {
  const [otp, setOtp] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const resetPassword = useResetPassword();
  const { remaining, resend } = useResend(flow, 'password_reset', step.username, step.email);

  const submit = () => {
    if (flow.busy) return;
    const code = otp.trim();
    if (code === '') return flow.fail(AUTH_UI_TEXTS.codeMissing);
    if (!PasswordSchema.safeParse(newPassword).success) return flow.fail(AUTH_TEXTS.passwordRule);
    void flow.run(async (signal) => {
      await resetPassword.mutateAsync({ body: { username: step.username, email: step.email, otp: code, new_password: newPassword }, signal });
      flow.go({ kind: 'signin', username: step.username }, AUTH_TEXTS.passwordResetSuccess);
    }, DEFAULT_TEXTS);
  };

  return (
    <>
      <AuthForm busy={flow.busy} onSubmit={submit}>
        <Field label="Username" name="username" readOnly value={step.username} className="read-only" />
        <OtpField value={otp} onChange={setOtp} />
        <NewPasswordField label="New password" name="new_password" value={newPassword} onChange={setNewPassword} />
        <SubmitButton label="Reset password" busy={flow.busy} wait={flow.waits.submit} />
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
