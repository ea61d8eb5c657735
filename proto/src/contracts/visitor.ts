import { z } from 'zod';
import { defineRoute } from '../http';

const TAG = 'visitor';

/** The client's heartbeat period while a page is open (section 9). */
export const VISITOR_HEARTBEAT_INTERVAL_MS = 30_000;

/** The browser-session id the client makes: a prefix, a timestamp and a random string. */
export const VisitorSessionIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, { error: 'Invalid visitor session id' });

// ---- bodies ---------------------------------------------------------------------------------

/** A page view, a 30 s heartbeat, or a tab-hidden ping. Durations are in milliseconds. */
export const VisitorTrackRequestSchema = z.object({
  session_id: VisitorSessionIdSchema,
  page_url: z.string().max(2_048),
  user_agent: z.string().max(1_024).default(''),
  screen_resolution: z.string().max(32).default(''),
  page_load_time: z.number().nonnegative().optional(),
  session_duration: z.number().nonnegative().optional(),
  /** `document.referrer` on a page view; only its host is kept. */
  referrer: z.string().max(2_048).optional(),
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
    path: '/api/visitor/track',
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
    path: '/api/visitor/session/end',
    tag: TAG,
    summary: "Record the end of a visitor's browser session (sent as a beacon).",
    auth: 'none',
    input: VisitorSessionEndRequestSchema,
    response: VisitorAcceptedResponseSchema,
    status: 202,
  }),
};
