import { EmailSchema } from '@nivesh/proto';
import { useState } from 'react';
import { useForgotPassword } from '../api/forgot-password';
import { DEFAULT_TEXTS } from '../hooks/use-auth-flow';
import type { Flow } from '../hooks/use-auth-flow';
import { AUTH_TEXTS } from '../texts';
import { AuthForm } from './auth-form';
import { Field } from './form-field';
import { firstIssue } from './form-validation';
import { LinkButton } from './link-button';
import { SubmitButton } from './submit-button';

type ForgotPasswordViewProps = { flow: Flow; initialUsername?: string };

/** Username and email; on success a reset code is emailed and the reset password view opens. */
export function ForgotPasswordView({ flow, initialUsername }: ForgotPasswordViewProps) {
  const [username, setUsername] = useState(initialUsername ?? '');
  const [email, setEmail] = useState('');
  const forgotPassword = useForgotPassword();

  const submit = () => {
    if (flow.busy) return;
    const name = username.trim();
    const address = email.trim();
    if (name === '' || address === '') return flow.fail(AUTH_TEXTS.forgotPasswordMissingField);
    const problem = firstIssue(EmailSchema.safeParse(address));
    if (problem) return flow.fail(problem);
    void flow.run(async (signal) => {
      await forgotPassword.mutateAsync({ body: { username: name, email: address }, signal });
      flow.go({ kind: 'reset', username: name, email: address });
    }, DEFAULT_TEXTS);
  };

  return (
    <>
      <AuthForm busy={flow.busy} onSubmit={submit}>
        <Field label="Username" name="username" autoComplete="username" required autoFocus value={username} onChange={(e) => setUsername(e.target.value)} />
        <Field label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <SubmitButton label="Send code" busy={flow.busy} wait={flow.waits.submit} />
      </AuthForm>
      <p className="auth-switch">
        <LinkButton onClick={() => flow.go({ kind: 'signin', username: username.trim() })} disabled={flow.busy}>
          Back to sign in
        </LinkButton>
      </p>
    </>
  );
}
