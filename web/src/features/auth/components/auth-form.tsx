import type { FormEvent, ReactNode } from 'react';

type AuthFormProps = { busy: boolean; onSubmit: () => void; children: ReactNode };

/** A view's form: the views check their fields themselves, so the browser's own validation is off. */
export function AuthForm({ busy, onSubmit, children }: AuthFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form className="auth-form" noValidate onSubmit={submit} aria-busy={busy}>
      {children}
    </form>
  );
}
