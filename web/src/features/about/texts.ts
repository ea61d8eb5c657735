import { formatMarketDate } from '../../lib/format';

/** How long raw visitor events are kept before the tracking service deletes them; daily totals are kept. */
export const VISITOR_EVENTS_RETENTION_DAYS = 90;

/** The about page's privacy paragraph on visitor tracking and usage analytics. */
export const PRIVACY_TEXTS = {
  heading: 'Your privacy',
  paragraph: `Nivesh counts visits to learn which pages help people, without learning who you are. We store neither your IP address nor your browser's full identification string, only the kind of device, the browser's name and the screen size. Visitors are counted with a one-way code (a hash) whose secret changes every day, so a visit today cannot be linked to one tomorrow. The record of each page view is deleted after ${VISITOR_EVENTS_RETENTION_DAYS} days; only daily totals are kept. Usage analytics tied to your account is off unless you turn it on in your profile.`,
} as const;

/** The about page's section on the compliance profile (GET /api/system/compliance). */
export const COMPLIANCE_TEXTS = {
  heading: 'Compliance profile',
  loading: 'Loading the compliance profile…',
  failed: 'The compliance profile could not be loaded just now, so its rules are not shown here; please try again later.',
  profiles: {
    education: 'This deployment of Nivesh runs under the education profile, for a platform engaged solely in education.',
    registered: 'This deployment of Nivesh runs under the registered profile, as the tool of a SEBI-registered research analyst.',
  },
  disclosures: "The research analyst's disclosures",
  ai: 'How the AI features work',
} as const;

/**
 * The circular the rules follow, e.g. "SEBI circular HO/47/… of 8 May 2026, “Norms for sharing and usage of price
 * data for educational purposes”, in force from 1 Jul 2026."; the number is returned apart so it can wrap anywhere.
 */
export const circularSentence = (circular: { number: string; date: string; effective: string; title: string }) => ({
  before: 'SEBI circular ',
  number: circular.number,
  after: ` of ${formatMarketDate(circular.date)}, “${circular.title}”, in force from ${formatMarketDate(circular.effective)}.`,
});
