/**
 * Texts the auth service answers with, in one place so tests and the web client can find them. Those the
 * specification quotes are verbatim.
 */
export const MESSAGES = {
  invalidCredentials: 'Invalid username or password',
  usernameExists: 'Username already exists',
  emailExists: 'Email already exists',
  invalidCode: 'Invalid or expired OTP. Please check the code or request a new one.',
  tooManyCodes: 'Too many incorrect codes. Please request a new code.',
  resendCooldown: (seconds: number) => `Please wait ${seconds} seconds before requesting another code.`,
  accountLocked: 'Too many failed attempts for this account. Please try again later.',
  emailNotFound: 'Could not find user email for resending OTP',
  notAuthenticated: 'Not authenticated',
  registrationCodeSent: 'A verification code has been sent to your email.',
  loginCodeSent: 'A login code has been sent to your email.',
  resetCodeSent: 'If the username and email match an account, a password reset code has been sent to that email.',
  codeResent: 'If a code is pending for this email, a new one has been sent.',
  registered: 'Registration successful! Please log in.',
  passwordReset: 'Password reset successfully! You can now login with your new password.',
  loggedOut: 'Logged out',
  accountDisabled: 'This account has been disabled. Please contact Nivesh support if you think this is a mistake.',
} as const;

/** What a disable did to the account's sessions, in a sentence. */
const sessionsEnded = (count: number): string =>
  count === 0 ? 'They had no open sessions.' : count === 1 ? 'Their open session ended at once.' : `Their ${count} open sessions ended at once.`;

/** What the admin's account calls answer, and the audit log's summaries (read after the admin's name). */
export const ADMIN_MESSAGES = {
  adminRequired: 'Admin access required',
  userNotFound: 'That account does not exist. It may have been removed; reload the list.',
  granted: (username: string) => `${username} is now an admin. Their open sessions have admin access at once.`,
  revoked: (username: string) => `${username} is no longer an admin. Their open sessions lost admin access at once.`,
  alreadyAdmin: (username: string) => `${username} is already an admin; nothing changed.`,
  alreadyNotAdmin: (username: string) => `${username} is not an admin; nothing changed.`,
  disabled: (username: string, ended: number) => `${username} is disabled and cannot log in. ${sessionsEnded(ended)}`,
  enabled: (username: string) => `${username} is enabled again and can log in.`,
  alreadyDisabled: (username: string) => `${username} is already disabled; nothing changed.`,
  alreadyEnabled: (username: string) => `${username} is not disabled; nothing changed.`,
  selfRevoke: 'You cannot remove your own admin access. Ask another admin to do it.',
  selfDisable: 'You cannot disable your own account. Ask another admin to do it.',
  lastAdmin: (username: string) => `${username} is the only admin left, so admin access stays. Make someone else an admin first.`,
  configuredAdmin: (username: string) =>
    `${username} is an admin by the server's ADMIN_USERNAMES setting and would be made admin again at their next login. Remove the name from that setting first.`,
  summary: {
    grant_admin: (username: string) => `made ${username} an admin`,
    revoke_admin: (username: string) => `removed admin access from ${username}`,
    disable: (username: string) => `disabled ${username}`,
    enable: (username: string) => `enabled ${username} again`,
  },
} as const;
