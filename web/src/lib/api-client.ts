/**
 * The one HTTP client of the web app: it owns the base address and turns every failure into an
 * `ApiError` with a readable message. The gateway answers errors as `{ "detail": message }`.
 */

/** Empty by default: the app is served by the gateway, so requests go to the same origin. */
const baseUrl: string = import.meta.env.VITE_API_BASE_URL ?? '';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status, or 0 when the request never got an answer (network down, aborted). */
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export type GetOptions<T> = {
  /** Narrows the parsed body to T, or returns null when the body is not what was expected. */
  parse: (body: unknown) => T | null;
  signal?: AbortSignal;
  /** Non-2xx statuses whose body is still a valid answer (e.g. 503 from /readyz). */
  acceptStatuses?: readonly number[];
};

const detailOf = (body: unknown): string | null =>
  typeof body === 'object' && body !== null && 'detail' in body && typeof body.detail === 'string' ? body.detail : null;

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
};

export const apiGet = async <T>(path: string, options: GetOptions<T>): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}${path}`, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'The server could not be reached. Check your connection and try again.');
  }

  const body = await readJson(response);
  if (!response.ok && !(options.acceptStatuses ?? []).includes(response.status)) {
    throw new ApiError(response.status, detailOf(body) ?? `The server answered ${response.status}.`);
  }
  const parsed = options.parse(body);
  if (parsed === null) {
    throw new ApiError(response.status, 'The server sent an answer this page does not understand.');
  }
  return parsed;
};
