import { useState } from 'react';
import { useLoginRequestOtp } from '../api/login-request-otp';
import { DEFAULT_TEXTS } from '../hooks/use-auth-flow';
import type { Flow } from '../hooks/use-auth-flow';
import { AUTH_TEXTS, AUTH_UI_TEXTS } from '../texts';
import { AuthForm } from './auth-form';
import { Field } from './form-field';
import { LinkButton } from './link-button';
import { SubmitButton } from './submit-button';

type SignInViewProps = { flow: Flow; initialUsername?: string };

/** Username and password; on success a login code is emailed and the code view opens. */
export function SignInView({ flow, initialUsername }: SignInViewProps) {
  const [username, setUsername] = useState(initialUsername ?? '');
  const [password, setPassword] = useState('');
  const loginRequest = useLoginRequestOtp();

  const submit = () => {
    if (flow.busy) return;
    const name = username.trim();
    if (name === '' || password === '') return flow.fail(AUTH_UI_TEXTS.signInMissingFields);
    void flow.run(async (signal) => {
      await loginRequest.mutateAsync({ body: { username: name, password }, signal });
      flow.go({ kind: 'code', purpose: 'login', username: name });
    }, DEFAULT_TEXTS);
  };

  return (
    <>
      <AuthForm busy={flow.busy} onSubmit={submit}>
        <Field label="Username" name="username" autoComplete="username" required autoFocus value={username} onChange={(e) => setUsername(e.target.value)} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          title={AUTH_TEXTS.passwordInputTitle}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="auth-row">
          <LinkButton onClick={() => flow.go({ kind: 'forgot', username: username.trim() })} disabled={flow.busy}>
            Forgot password?
          </LinkButton>
        </div>
        <SubmitButton label="Sign in" busy={flow.busy} wait={flow.waits.submit} />
      </AuthForm>
      <p className="auth-switch">
        <LinkButton onClick={() => flow.go({ kind: 'register' })} disabled={flow.busy}>
          Don&apos;t have an account? Create one
        </LinkButton>
      </p>
    </>
  );
}
