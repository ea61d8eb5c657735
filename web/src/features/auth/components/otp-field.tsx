import { Field } from './form-field';

type OtpFieldProps = { value: string; onChange: (value: string) => void; maxLength?: number };

/** The emailed verification code's input; it takes the focus when its view opens. */
export function OtpField({ value, onChange, maxLength }: OtpFieldProps) {
  return (
    <Field
      label="Verification code"
      name="otp"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={maxLength}
      required
      autoFocus
      className="otp-input"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
