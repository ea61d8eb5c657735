/** Paths that open the login screen; never a place to return to after logging in. */
const LOGIN_PATHS = new Set(['/login', '/register']);

/**
 * A `callback` query value as a same-origin path to navigate to, or the fallback: absolute URLs,
 * protocol-relative `//host` addresses and anything leaving the origin are refused.
 */
export const safeRedirectPath = (value: string | null | undefined, fallback = '/dashboard'): string => {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  try {
    const url = new URL(value, window.location.origin);
    if (url.origin !== window.location.origin || LOGIN_PATHS.has(url.pathname)) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
};
