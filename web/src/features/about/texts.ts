/** How long raw visitor events are kept before the tracking service deletes them; daily totals are kept. */
export const VISITOR_EVENTS_RETENTION_DAYS = 90;

/** The about page's privacy paragraph on visitor tracking and usage analytics. */
export const PRIVACY_TEXTS = {
  heading: 'Your privacy',
  paragraph: `Nivesh counts visits to learn which pages help people, without learning who you are. We store neither your IP address nor your browser's full identification string, only the kind of device, the browser's name and the screen size. Visitors are counted with a one-way code (a hash) whose secret changes every day, so a visit today cannot be linked to one tomorrow. The record of each page view is deleted after ${VISITOR_EVENTS_RETENTION_DAYS} days; only daily totals are kept. Usage analytics tied to your account is off unless you turn it on in your profile.`,
} as const;
