import { ApiError } from '../../../lib/api-client';

/** Ask once more after a failure, unless the server refused or has no such post (4xx): that answer would only come again. */
export const retryUnlessRefused = (failures: number, error: Error): boolean =>
  failures < 1 && !(error instanceof ApiError && error.kind === 'http' && error.status >= 400 && error.status < 500);
