/**
 * Identifying details a visitor might type into a question, each with what stands in for it when the question is
 * logged: e-mail addresses, PAN, Aadhaar, phone and account or card numbers, UPI ids.
 */
const PERSONAL: ReadonlyArray<readonly [RegExp, string]> = [
  [/[\w.+-]+@[\w-]+\.[\w.-]+/g, '[e-mail]'],
  [/\b[\w.-]+@[a-z]{2,}\b/gi, '[UPI id]'],
  [/\b[A-Z]{5}\d{4}[A-Z]\b/gi, '[PAN]'],
  [/\b\d{4}[ -]?\d{4}[ -]?\d{4}(?:[ -]?\d{4})?\b/g, '[number]'],
  [/(?:\+?91[ -]?)?\b[6-9]\d{4}[ -]?\d{5}\b/g, '[phone]'],
  [/\b\d{6,}\b/g, '[number]'],
];

/** A question without personal data, to be logged apart from its conversation. */
export const withoutPersonalData = (question: string): string =>
  PERSONAL.reduce((text, [pattern, stand]) => text.replace(pattern, stand), question).replace(/\s+/g, ' ').trim().slice(0, 500);
