/** Every text of the tracking service that people read (the admin dashboards show them), in one place. */
export const TRACKING_TEXTS = {
  /** A ranking key for sessions that came with no referrer, or from the site itself. */
  directReferrer: '(direct)',
  /** A ranking key for a browser or screen size that could not be told. */
  unknown: '(unknown)',
  /** An analytics action sent without a category. */
  noCategory: '(none)',
  adminOnly: 'Admin access required',
  /** Session-duration buckets of the visitor dashboard, shortest first. */
  durationBuckets: {
    under10s: 'Under 10 seconds',
    s10to30: '10 to 30 seconds',
    s30to60: '30 to 60 seconds',
    m1to3: '1 to 3 minutes',
    m3to10: '3 to 10 minutes',
    m10to30: '10 to 30 minutes',
    over30m: '30 minutes or more',
  },
} as const;
