import { EmailSchema, PasswordSchema, UsernameSchema } from '@nivesh/proto';
import { useState } from 'react';
import { useRegisterRequestOtp } from '../api/register-request-otp';
import { DEFAULT_TEXTS } from '../hooks/use-auth-flow';
import type { Flow } from '../hooks/use-auth-flow';
import { AUTH_TEXTS, AUTH_UI_TEXTS } from '../texts';
import { AuthForm } from './auth-form';
import { Field, NewPasswordField } from './form-field';
import { firstIssue } from './form-validation';
import { LinkButton } from './link-button';
import { SubmitButton } from './submit-button';

/** Username, email and password; on success a registration code is emailed and the code view opens. */
export function RegisterView({ flow }: { flow: Flow }) {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const registerRequest = useRegisterRequestOtp();

  const submit = () => {
    if (flow.busy) return;
    const name = username.trim();
    const address = email.trim();
    if (name === '' || address === '' || password === '') return flow.fail(AUTH_UI_TEXTS.registerMissingFields);
    const problem =
      firstIssue(UsernameSchema.safeParse(name)) ??
      firstIssue(EmailSchema.safeParse(address)) ??
      (PasswordSchema.safeParse(password).success ? null : AUTH_TEXTS.passwordRule);
    if (problem) return flow.fail(problem);
    void flow.run(
      async (signal) => {
        await registerRequest.mutateAsync({ body: { username: name, email: address, password }, signal });
        flow.go({ kind: 'code', purpose: 'registration', username: name, email: address });
      },
      { ...DEFAULT_TEXTS, registration: true },
    );
  };

  return (
    <>
      <AuthForm busy={flow.busy} onSubmit={submit}>
        <Field label="Username" name="username" autoComplete="username" required autoFocus value={username} onChange={(e) => setUsername(e.target.value)} />
        <Field label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <NewPasswordField label="Password" name="password" value={password} onChange={setPassword} />
        <SubmitButton label="Create account" busy={flow.busy} wait={flow.waits.submit} />
      </AuthForm>
      <p className="auth-switch">
        <LinkButton onClick={() => flow.go({ kind: 'signin' })} disabled={flow.busy}>
          Already have an account? Sign in
        </LinkButton>
      </p>
    </>
  );
}
