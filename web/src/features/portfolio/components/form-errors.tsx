/**
 * A checked form's problems under it: the draft's, one per line, else the server's refusal after `lead` ("Not added:").
 * `id` is what the form's aria-describedby names.
 */
export function FormErrors({ id, errors, serverError, lead }: { id: string; errors: readonly string[]; serverError: string | null; lead: string }) {
  if (errors.length) {
    return (
      <ul id={id} className="form-error add-errors" role="alert">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
    );
  }
  return serverError ? (
    <p id={id} className="form-error" role="alert">
      {lead} {serverError}
    </p>
  ) : null;
}
