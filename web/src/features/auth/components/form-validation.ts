import { AUTH_TEXTS } from '../texts';

/** The first message of a failed zod check, or null when the value passed. */
export const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }): string | null =>
  result.success ? null : (result.error?.issues[0]?.message ?? AUTH_TEXTS.unexpectedError);
