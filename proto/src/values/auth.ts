/** The paths of the auth routes, by their names in `ROUTES`. */
export const AUTH_PATHS = {
  registerRequestOtp: '/register-request-otp',
  registerVerifyOtp: '/register-verify-otp',
  loginRequestOtp: '/login-request-otp',
  loginVerifyOtp: '/login-verify-otp',
  getUserEmail: '/get-user-email',
  resendOtp: '/resend-otp',
  forgotPassword: '/api/auth/forgot-password',
  resetPassword: '/api/auth/reset-password',
  login: '/auth/login',
  me: '/me',
  logout: '/logout',
} as const;
