/**
 * Visitor tracking, always on (sections 7 and 9): an anonymous page view on each route change, a heartbeat every 30 s
 * while the tab is visible and one as it is hidden, and the browser session's end by a beacon at pagehide. Nothing
 * sent names the user: no user id, no token. A failure costs the visitor nothing: at most one console warning per page.
 */
import type { VisitorSessionEndRequest, VisitorTrackRequest } from '@nivesh/proto';
import { apiPost, apiUrl } from './api-client';
import { VISITOR_HEARTBEAT_INTERVAL_MS, VISITOR_PATHS } from '@nivesh/proto/values';

/** Session storage key (the app's own, beside the specification's local-storage keys): the browser session's visit. */
export const VISITOR_SESSION_KEY = 'nivesh_visitor_session';

const SESSION_ID_PREFIX = 'visitor';
const SESSION_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;
const TRACK_TIMEOUT_MS = 10_000;

/** The visit as kept for the browser session: it survives reloads of the tab, not the tab itself. */
type VisitorSession = {
  id: string;
  /** Epoch milliseconds of the session's first page. */
  started_at: number;
  /** The distinct paths viewed. */
  paths: string[];
  views: number;
};

/** How the tracker reaches the server; tests replace it. */
export type VisitorTransport = {
  track: (body: VisitorTrackRequest, keepalive: boolean) => Promise<unknown>;
  /** Sends the session's end so it survives the page's unload. */
  endSession: (body: VisitorSessionEndRequest) => void;
};

export type VisitorTrackerOptions = {
  transport?: VisitorTransport;
  /** Session storage, or null where the browser refuses it (the visit is then kept in memory). */
  storage?: Storage | null;
  /** Epoch milliseconds. */
  now?: () => number;
  warn?: (message: string, error: unknown) => void;
};

export type VisitorTracker = {
  /** Listens for the tab being shown, hidden and left, and beats while it is visible; returns a function that stops. */
  start: () => () => void;
  /** A page view of `path`; `loadTimeMs` is how long the page took to show. */
  pageView: (path: string, loadTimeMs?: number) => void;
  /** The browser session's id. */
  sessionId: () => string;
};

const randomPart = (): string => {
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') {
    return Array.from(crypto.getRandomValues(new Uint32Array(2)), (value) => value.toString(36)).join('');
  }
  return Math.random().toString(36).slice(2, 12);
};

/** A prefix, a timestamp and a random string (section 3), e.g. 'visitor_1764000000000_k3j9x0a1b2'. */
export const newVisitorSessionId = (now: number): string => `${SESSION_ID_PREFIX}_${now}_${randomPart()}`;

const sessionStorageOrNull = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
};

const isVisitorSession = (value: unknown): value is VisitorSession => {
  if (typeof value !== 'object' || value === null) return false;
  const { id, started_at, paths, views } = value as Partial<VisitorSession>;
  return (
    typeof id === 'string' &&
    SESSION_ID_PATTERN.test(id) &&
    typeof started_at === 'number' &&
    Number.isFinite(started_at) &&
    Array.isArray(paths) &&
    paths.every((path) => typeof path === 'string') &&
    typeof views === 'number' &&
    Number.isInteger(views) &&
    views >= 0
  );
};

const readSession = (storage: Storage | null): VisitorSession | null => {
  try {
    const stored = storage?.getItem(VISITOR_SESSION_KEY);
    if (!stored) return null;
    const parsed: unknown = JSON.parse(stored);
    return isVisitorSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

const accepted = () => true;

/** The gateway, anonymously: the bearer token would tie a visit to an account, which only opt-in analytics may do. */
const httpTransport: VisitorTransport = {
  track: (body, keepalive) =>
    apiPost(VISITOR_PATHS.visitorTrack, body, { parse: accepted, anonymous: true, keepalive, timeoutMs: TRACK_TIMEOUT_MS }),
  endSession: (body) => {
    const url = apiUrl(VISITOR_PATHS.visitorSessionEnd);
    const blob = new Blob([JSON.stringify(body)], { type: 'application/json' });
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, blob)) return;
    // No beacon (or a full beacon queue): a request that outlives the page does the same.
    void apiPost(VISITOR_PATHS.visitorSessionEnd, body, { parse: accepted, anonymous: true, keepalive: true }).catch(() => undefined);
  },
};

const screenResolution = (): string =>
  typeof screen === 'undefined' ? '' : `${Math.round(screen.width)}x${Math.round(screen.height)}`;

/** The page's address without its query or fragment, which may carry what is nobody else's business. */
const pageUrl = (path: string): string => `${window.location.origin}${path}`;

export const createVisitorTracker = ({
  transport = httpTransport,
  storage = sessionStorageOrNull(),
  now = Date.now,
  warn = (message, error) => console.warn(message, error),
}: VisitorTrackerOptions = {}): VisitorTracker => {
  let session: VisitorSession | null = null;
  let currentPath: string | null = null;
  let warned = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const visit = (): VisitorSession => {
    if (session) return session;
    session = readSession(storage) ?? { id: newVisitorSessionId(now()), started_at: now(), paths: [], views: 0 };
    save();
    return session;
  };

  const save = () => {
    try {
      storage?.setItem(VISITOR_SESSION_KEY, JSON.stringify(session));
    } catch {
      // Storage full or refused: the visit goes on in memory.
    }
  };

  const fail = (error: unknown) => {
    if (warned) return;
    warned = true;
    warn('Visitor tracking could not reach the server; it will keep trying quietly.', error);
  };

  const common = (path: string) => ({
    session_id: visit().id,
    page_url: pageUrl(path),
    user_agent: navigator.userAgent.slice(0, 1_024),
    screen_resolution: screenResolution(),
  });

  const send = (body: VisitorTrackRequest, keepalive = false) => {
    try {
      void transport.track(body, keepalive).catch(fail);
    } catch (error) {
      fail(error);
    }
  };

  const sessionDuration = () => Math.max(0, Math.round(now() - visit().started_at));

  const beat = (keepalive = false) => {
    send({ ...common(currentPath ?? window.location.pathname), session_duration: sessionDuration() }, keepalive);
  };

  const startBeating = () => {
    if (timer === undefined) timer = setInterval(() => beat(), VISITOR_HEARTBEAT_INTERVAL_MS);
  };

  const stopBeating = () => {
    clearInterval(timer);
    timer = undefined;
  };

  const onVisibilityChange = () => {
    if (document.visibilityState === 'hidden') {
      stopBeating();
      beat(true);
    } else {
      startBeating();
    }
  };

  const onPageHide = () => {
    stopBeating();
    const { id, paths, views } = visit();
    try {
      transport.endSession({ session_id: id, total_duration: sessionDuration(), pages_visited: paths.length, total_page_views: views });
    } catch (error) {
      fail(error);
    }
  };

  const onPageShow = (event: PageTransitionEvent) => {
    // Back from the back-forward cache: the same tab, the same session, beating again.
    if (event.persisted && document.visibilityState === 'visible') startBeating();
  };

  return {
    start: () => {
      document.addEventListener('visibilitychange', onVisibilityChange);
      window.addEventListener('pagehide', onPageHide);
      window.addEventListener('pageshow', onPageShow);
      if (document.visibilityState === 'visible') startBeating();
      return () => {
        stopBeating();
        document.removeEventListener('visibilitychange', onVisibilityChange);
        window.removeEventListener('pagehide', onPageHide);
        window.removeEventListener('pageshow', onPageShow);
      };
    },
    pageView: (path, loadTimeMs) => {
      const current = visit();
      const first = current.views === 0;
      current.views += 1;
      if (!current.paths.includes(path)) current.paths.push(path);
      save();
      currentPath = path;
      const body: VisitorTrackRequest = { ...common(path) };
      if (loadTimeMs !== undefined && Number.isFinite(loadTimeMs)) body.page_load_time = Math.max(0, Math.round(loadTimeMs));
      // Where the visit came from belongs to its first page only.
      if (first && document.referrer) body.referrer = document.referrer.slice(0, 2_048);
      send(body);
    },
    sessionId: () => visit().id,
  };
};
