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
} as const;
