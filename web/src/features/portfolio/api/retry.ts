import { ApiError } from '../../../lib/api-client';

/**
 * Ask once more after a failure, unless the server refused the request (4xx: a lost login, a bad request): that
 * answer would only come again, a second later.
 */
export const retryUnlessRefused = (failures: number, error: Error): boolean =>
  failures < 1 && !(error instanceof ApiError && error.kind === 'http' && error.status >= 400 && error.status < 500);
