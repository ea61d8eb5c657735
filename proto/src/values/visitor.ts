/** The paths of the visitor routes, by their names in `ROUTES`. */
export const VISITOR_PATHS = {
  visitorTrack: '/api/visitor/track',
  visitorSessionEnd: '/api/visitor/session/end',
} as const;
/** The client's heartbeat period while a page is open (section 9). */
export const VISITOR_HEARTBEAT_INTERVAL_MS = 30_000;
