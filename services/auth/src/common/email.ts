/** E-mail addresses are compared and stored lower-cased. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Usernames are unique regardless of case. */
export const usernameKey = (username: string): string => username.trim().toLowerCase();
