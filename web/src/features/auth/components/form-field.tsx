import { useId } from 'react';
import type { InputHTMLAttributes } from 'react';
import { AUTH_TEXTS } from '../texts';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string };

/** A labelled input with an optional hint below it. */
export function Field({ label, hint, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={hint ? hintId : undefined} {...input} />
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type NewPasswordFieldProps = { label: string; name: string; value: string; onChange: (value: string) => void };

/** A password being chosen (registration, reset): the specification's input title, shown as a hint too. */
export function NewPasswordField({ label, name, value, onChange }: NewPasswordFieldProps) {
  return (
    <Field
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      title={AUTH_TEXTS.passwordInputTitle}
      hint={AUTH_TEXTS.passwordInputTitle}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
