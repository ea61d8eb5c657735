import { PASSWORD_INPUT_TITLE, PASSWORD_RULE_MESSAGE } from '@nivesh/proto';

/** Every text of the accounts screens that the specification quotes (sections 4, 5 and 8), verbatim. */
export const AUTH_TEXTS = {
  registrationSuccess: 'Registration successful! Please log in.',
  passwordResetSuccess: 'Password reset successfully! You can now login with your new password.',
  forgotPasswordMissingField: 'Please enter both your username and email address',
  passwordRule: PASSWORD_RULE_MESSAGE,
  passwordInputTitle: PASSWORD_INPUT_TITLE,
  networkError: 'Network error. Please check your connection and ensure the server is running.',
  otpNetworkError: 'Network error during OTP verification. Please check your connection.',
  unexpectedError: 'An unexpected error occurred. Please try again.',
  otpVerificationFailed: 'OTP verification failed. Please try again.',
  loginProcessingFailed: 'Login processing failed. Please try again.',
  authStateFailed: 'Failed to set authentication state',
  resendEmailNotFound: 'Could not find user email for resending OTP',
  /** The fallback of the direct login (POST /auth/login). */
  loginFailed: 'Login failed',
  userExists: 'User/email already exists',
} as const;

/** Texts of this screen that the specification does not quote. */
export const AUTH_UI_TEXTS = {
  signInMissingFields: 'Please enter your username and password.',
  registerMissingFields: 'Please enter a username, an email address and a password.',
  codeMissing: 'Please enter the verification code from your email.',
  codeResent: 'A new verification code has been sent to your email.',
} as const;
