import { z } from 'zod';
import { defineRoute } from '../http';
import { BlogSlugSchema } from './blog';
import { VISITOR_PATHS } from '../values/visitor';
export { VISITOR_HEARTBEAT_INTERVAL_MS } from '../values/visitor';

const TAG = 'visitor';


/** The browser-session id the client makes: a prefix, a timestamp and a random string. */
export const VisitorSessionIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, { error: 'Invalid visitor session id' });

// ---- pages and referrers --------------------------------------------------------------------

/**
 * The app's pages by path, as web/src/app/router.tsx routes them (web/src/features/analytics/app-pages.test.ts keeps
 * the two equal). A blog post's page is '/blog/<slug>'. Visitor events and analytics calls are stored under one of
 * these or OTHER_PAGE.
 */
export const APP_PAGE_PATHS = [
  '/',
  '/dashboard',
  '/portfolio',
  '/portfolio-fixed',
  '/technical-analysis',
  '/market-sentiment',
  '/risk-detection',
  '/deep-insights',
  '/multi-agent',
  '/undervalued-analytics',
  '/analytics',
  '/ai-predictions',
  '/ai-news',
  '/chat',
  '/blog',
  '/about',
  '/premium',
  '/profile',
  '/admin',
  '/admin/visitor-analytics',
  '/payment/success',
  '/payment/failure',
  '/login',
  '/register',
] as const;

/** What a page outside the app is stored as: the 404 page, a made-up or garbled address. */
export const OTHER_PAGE = 'other';

/** A normalised path is cut to this length; no page of the app is longer (a blog post's is at most 86 characters). */
export const PAGE_PATH_MAX = 200;

const APP_PAGES: ReadonlySet<string> = new Set(APP_PAGE_PATHS);
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// Labels of letters, digits and inner hyphens, and a top-level label that starts with a letter: 'undefined' or '0000'
// is no host.
const HOST = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/;

/** Whether text holds a control character (C0, DEL or C1): no page address, page name or referrer does. */
export const hasControlCharacters = (text: string): boolean => CONTROL_CHARACTERS.test(text);

/**
 * The path of a page address ('https://host/a?b#c'), path or page name: without scheme, host, query string or
 * fragment (they can carry personal data), with single slashes, no trailing slash, in lower case (the app's routes
 * ignore case), cut to PAGE_PATH_MAX characters.
 */
export const normalisedPagePath = (address: string): string => {
  const withoutOrigin = address.trim().replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const path = `/${withoutOrigin.split(/[?#]/, 1)[0]!}`.replace(/\/{2,}/g, '/');
  return (path.length > 1 ? path.replace(/\/$/, '') : path).toLowerCase().slice(0, PAGE_PATH_MAX);
};

/** The app page an address or page name stands for: its normalised path when the app has that page, else OTHER_PAGE. */
export const appPageOf = (address: string): string => {
  if (address.trim() === '') return OTHER_PAGE;
  const path = normalisedPagePath(address);
  if (APP_PAGES.has(path)) return path;
  const post = /^\/blog\/([^/]+)$/.exec(path);
  return post && BlogSlugSchema.safeParse(post[1]).success ? path : OTHER_PAGE;
};

/**
 * The host a visit came from, lower case and without 'www.', from a referring address (http or https only) or a host
 * already reduced; null for anything else ('undefined', 'android-app://…', a bare path).
 */
export const referrerHostOf = (referrer: string): string | null => {
  const text = referrer.trim().toLowerCase();
  let host = text;
  if (!HOST.test(text)) {
    try {
      const url = new URL(text);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
      host = url.hostname;
    } catch {
      return null;
    }
  }
  host = host.replace(/^www\./, '');
  return HOST.test(host) ? host : null;
};

/** Text a person or a browser sent, refused with a sentence when it holds a control character. */
export const textWithoutControls = (max: number, what: string) =>
  z.string().max(max).refine((text) => !hasControlCharacters(text), { error: `${what} cannot contain control characters.` });

/** A page address or name, stored as the app page it is (APP_PAGE_PATHS, a blog post) or OTHER_PAGE. */
export const AppPageSchema = textWithoutControls(2_048, 'A page address').transform(appPageOf);

// ---- bodies ---------------------------------------------------------------------------------

/**
 * A page view, a 30 s heartbeat, or a tab-hidden ping. Durations are in milliseconds. The page address is reduced to
 * its app page and the referrer to its host here, so nothing else of either is queued or stored.
 */
export const VisitorTrackRequestSchema = z.object({
  session_id: VisitorSessionIdSchema,
  page_url: AppPageSchema,
  user_agent: z.string().max(1_024).default(''),
  screen_resolution: z.string().max(32).default(''),
  page_load_time: z.number().nonnegative().optional(),
  session_duration: z.number().nonnegative().optional(),
  /** `document.referrer` on a page view; only its host is kept (dropped when it has none). */
  referrer: textWithoutControls(2_048, 'A referrer')
    .transform((referrer) => referrerHostOf(referrer) ?? undefined)
    .optional(),
});
export type VisitorTrackRequest = z.infer<typeof VisitorTrackRequestSchema>;

/** Sent with a beacon at page unload. */
export const VisitorSessionEndRequestSchema = z.object({
  session_id: VisitorSessionIdSchema,
  total_duration: z.number().nonnegative(),
  pages_visited: z.number().int().nonnegative(),
  total_page_views: z.number().int().nonnegative(),
});
export type VisitorSessionEndRequest = z.infer<typeof VisitorSessionEndRequestSchema>;

/** The event is durably queued; it is written shortly after (HTTP 202). */
export const VisitorAcceptedResponseSchema = z.object({ accepted: z.literal(true) });
export type VisitorAcceptedResponse = z.infer<typeof VisitorAcceptedResponseSchema>;

// ---- queue --------------------------------------------------------------------------------

/**
 * Neither call is an RPC: the gateway validates the body, queues it on the BullMQ `visitor-heartbeats` queue (in Redis
 * before the 202) and services/tracking writes the queue in batches. See QUEUES.visitorHeartbeats in jobs.ts.
 */
export const VISITOR_EVENTS_QUEUE = 'visitor-heartbeats';

// ---- HTTP routes ----------------------------------------------------------------------------

export const VISITOR_ROUTES = {
  visitorTrack: defineRoute({
    method: 'POST',
    path: VISITOR_PATHS.visitorTrack,
    tag: TAG,
    summary: 'Record a page view or heartbeat of an anonymous or signed-in visitor.',
    auth: 'none',
    input: VisitorTrackRequestSchema,
    response: VisitorAcceptedResponseSchema,
    status: 202,
    // Only the global per-address budget: a visitor's page views and 30-second heartbeats stay far below it.
  }),
  visitorSessionEnd: defineRoute({
    method: 'POST',
    path: VISITOR_PATHS.visitorSessionEnd,
    tag: TAG,
    summary: "Record the end of a visitor's browser session (sent as a beacon).",
    auth: 'none',
    input: VisitorSessionEndRequestSchema,
    response: VisitorAcceptedResponseSchema,
    status: 202,
  }),
};
