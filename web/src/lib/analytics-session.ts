/**
 * Usage analytics, only for a signed-in user who turned it on in /profile (off by default, section 7): an analytics
 * session from the first page, a page visit for each route change after it, an action for each API request the app
 * makes (how long it took and whether it worked, never what it sent or got back), and the session's end. Calls carry
 * the bearer token from local storage; a failure only logs a warning (section 8).
 */
import type {
  AnalyticsActionRequest,
  AnalyticsPageVisitRequest,
  AnalyticsSessionEndRequest,
  AnalyticsSessionStartRequest,
  AnalyticsSessionStartResponse,
} from '@nivesh/proto';
import type { RequestOutcome } from './api-client';
import { apiPost } from './api-client';
import { getToken } from './session';
import { ANALYTICS_PATHS } from '@nivesh/proto/values';

const ANALYTICS_TIMEOUT_MS = 10_000;

/** An action as the app records it; the session and page are added by the client. */
export type AnalyticsAction = Omit<AnalyticsActionRequest, 'session_id' | 'page_name'>;

/** How the client reaches the server; tests replace it. */
export type AnalyticsTransport = {
  start: (body: AnalyticsSessionStartRequest) => Promise<Pick<AnalyticsSessionStartResponse, 'session_id'>>;
  end: (body: AnalyticsSessionEndRequest, keepalive: boolean) => Promise<unknown>;
  pageVisit: (body: AnalyticsPageVisitRequest) => Promise<unknown>;
  action: (body: AnalyticsActionRequest) => Promise<unknown>;
};

export type AnalyticsClient = {
  /** Opens the session on `page`, or records a visit of `page` in the open one. */
  visit: (page: string) => void;
  action: (action: AnalyticsAction) => void;
  /** Ends the open session; `keepalive` when the page is going away. */
  close: (keepalive: boolean) => void;
  isOpen: () => boolean;
};

type Options = { transport?: AnalyticsTransport; warn?: (message: string, error: unknown) => void };

const recorded = () => true;

/** Only the id is read from the start's answer: the full contract would load zod for a call nobody waits for. */
const sessionStarted = (body: unknown): Pick<AnalyticsSessionStartResponse, 'session_id'> | null =>
  typeof body === 'object' && body !== null && 'session_id' in body && typeof body.session_id === 'string'
    ? { session_id: body.session_id }
    : null;

const httpTransport: AnalyticsTransport = {
  start: (body) => apiPost(ANALYTICS_PATHS.analyticsSessionStart, body, { parse: sessionStarted, timeoutMs: ANALYTICS_TIMEOUT_MS }),
  // After a logout the token is gone, and a session/end without one could only be refused.
  end: async (body, keepalive) =>
    getToken() === null ? undefined : apiPost(ANALYTICS_PATHS.analyticsSessionEnd, body, { parse: recorded, keepalive, timeoutMs: ANALYTICS_TIMEOUT_MS }),
  pageVisit: (body) => apiPost(ANALYTICS_PATHS.analyticsPageVisit, body, { parse: recorded, timeoutMs: ANALYTICS_TIMEOUT_MS }),
  action: (body) => apiPost(ANALYTICS_PATHS.analyticsAction, body, { parse: recorded, timeoutMs: ANALYTICS_TIMEOUT_MS }),
};

export const createAnalyticsClient = ({
  transport = httpTransport,
  warn = (message, error) => console.warn(message, error),
}: Options = {}): AnalyticsClient => {
  /** The open session's id once the server has answered (null: it could not be started). */
  let session: Promise<string | null> | null = null;
  let currentPage: string | null = null;
  let warned = false;

  const fail = (error: unknown) => {
    // One warning per page load: with the server down, every request of the app would add one.
    if (warned) return;
    warned = true;
    warn('Usage analytics could not be recorded.', error);
  };

  /** Runs `call` with the open session's id, if it started. */
  const withSession = (call: (sessionId: string) => Promise<unknown>) => {
    if (!session) return;
    void session.then((id) => (id === null ? undefined : call(id))).catch(fail);
  };

  return {
    visit: (page) => {
      if (!session) {
        currentPage = page;
        session = transport.start({ page_name: page }).then(
          (answer) => answer.session_id,
          (error: unknown) => {
            fail(error);
            return null;
          },
        );
        return;
      }
      if (page === currentPage) return;
      const referrer = currentPage;
      currentPage = page;
      withSession((id) => transport.pageVisit({ session_id: id, page_name: page, referrer_page: referrer }));
    },
    action: (action) => {
      const page = currentPage;
      withSession((id) => transport.action({ ...action, session_id: id, page_name: page }));
    },
    close: (keepalive) => {
      withSession((id) => transport.end({ session_id: id }, keepalive));
      session = null;
      currentPage = null;
    },
    isOpen: () => session !== null,
  };
};

// ---- API requests as actions -----------------------------------------------------------------

/** The part of the app a request belongs to, by its path: the category of its action. */
export const requestCategory = (path: string): string => {
  if (path.startsWith('/api/market/')) return 'market';
  if (path.startsWith('/api/premium/')) return 'premium';
  if (path.startsWith('/chat/')) return 'chat';
  if (path === '/predict' || path.startsWith('/api/predictions/')) return 'prediction';
  if (path.startsWith('/api/admin/') || path.startsWith('/api/system/')) return 'admin';
  if (/^\/(me|logout|get-user-email|resend-otp|(login|register)-[a-z-]+|auth\/.+|api\/auth\/.+)$/.test(path)) return 'account';
  return 'other';
};

/** Analytics and visitor calls record (or read) the recording itself: they are not actions of the user. */
const RECORDING_PATHS = /^\/api\/(analytics|visitor)\//;

/** The action a finished request records, or null for one that is not an action (a recording call, a cancelled one). */
export const actionOfRequest = ({ method, path, durationMs, error }: RequestOutcome): AnalyticsAction | null => {
  if (RECORDING_PATHS.test(path) || error?.kind === 'aborted') return null;
  return {
    action_type: 'api_request',
    action_category: requestCategory(path),
    action_target: `${method} ${path}`.slice(0, 256),
    response_time_ms: Math.round(durationMs),
    success: error === null,
    error_message: error === null ? null : error.message.slice(0, 2_000),
    action_data: error === null ? null : { status: error.status, kind: error.kind },
  };
};
