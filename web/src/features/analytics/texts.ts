import { ANALYTICS_DEFAULT_DAYS, CURRENT_USERS_WINDOW_MINUTES } from '@nivesh/proto/values';

/** The periods the dashboards offer, in days; the first is the overview's default (section 9). */
export const DAY_CHOICES = [ANALYTICS_DEFAULT_DAYS, 30, 90] as const;
export type DayChoice = (typeof DAY_CHOICES)[number];

/** 'the last 7 days', as the sentences of the dashboards say it. */
export const periodText = (days: number): string => (days === 1 ? 'today' : `the last ${days} days`);

/** The words the two dashboards share. */
export const DASHBOARD_TEXTS = {
  daysLegend: 'Period',
  dayOption: (days: number) => `${days} days`,
  refreshing: 'Updating the figures…',
  showTable: 'Show the figures as a table',
  liveRefresh: 'Refreshed every 30 seconds.',
  liveWindow: `Seen in the last ${CURRENT_USERS_WINDOW_MINUTES} minutes.`,
  liveVisitors: (count: string, one: boolean) =>
    one ? `${count} visitor is on Nivesh now.` : `${count} visitors are on Nivesh now.`,
  liveUsers: (count: string, one: boolean) =>
    one ? `${count} signed-in user with analytics turned on is active now.` : `${count} signed-in users with analytics turned on are active now.`,
  share: 'Share',
  asOf: (time: string) => `Last updated at ${time}, India time.`,
  liveWhat: 'live figures',
  overviewWhat: 'analytics overview',
  // Stored values that are no page, host or name, in words.
  notRecorded: 'Not recorded',
  unknownPage: 'Unknown page',
  otherPages: 'Pages outside the app',
  direct: 'Direct (no referring site)',
  unknown: 'Unknown',
} as const;

const plural = (count: number, shown: string, one: string, many: string) => `${shown} ${count === 1 ? one : many}`;

/**
 * Analytics sessions and their users in a phrase that never reads as "8 sessions of 0 users": a session started
 * without signing in has no user, so those are named apart.
 */
export const sessionsPhrase = ({ sessions, users, anonymous }: { sessions: number; users: number; anonymous: number }, format: (count: number) => string): string => {
  const all = plural(sessions, format(sessions), 'session', 'sessions');
  if (anonymous === 0) return `${all} of ${plural(users, format(users), 'user', 'users')}`;
  if (anonymous >= sessions) return `${all}, ${sessions === 1 ? 'not signed in' : 'none of them signed in'}`;
  const signedIn = sessions - anonymous;
  return `${all}: ${format(signedIn)} by ${plural(users, format(users), 'signed-in user', 'signed-in users')} and ${format(anonymous)} without signing in`;
};

/** /admin/visitor-analytics. */
export const VISITOR_TEXTS = {
  title: 'Visitor Analytics',
  breadcrumb: 'Visitor analytics',
  description: 'Anonymous visits to Nivesh: visitors, page views, pages, referrers, devices, session lengths and page load times (administrators only).',
  lead: 'Every visit to Nivesh, counted anonymously: no account, no IP address and no full browser string is kept.',
  liveHeading: 'Live visitors',
  totalsHeading: 'The period at a glance',
  dailyHeading: 'Visitors and page views per day',
  dailyEmpty: (days: number) => `No visits have been recorded in ${periodText(days)} yet.`,
  dailySummary: (visitors: string, pageViews: string, busiest: string | null, days: number) =>
    `${visitors} visitors viewed ${pageViews} pages in ${periodText(days)}` + (busiest ? `; the busiest day was ${busiest}.` : '.'),
  topPages: 'Top pages',
  topPagesLead: 'Page views by page.',
  entryPages: 'Entry pages',
  entryPagesLead: 'The page each visit started on.',
  exitPages: 'Exit pages',
  exitPagesLead: 'The page each visit ended on.',
  referrers: 'Referrers',
  referrersLead: 'Where visits came from: the referring site’s address, or none for a direct visit.',
  screens: 'Screen sizes',
  screensLead: 'Visits by screen size, in pixels.',
  devices: 'Devices',
  devicesLead: 'Visits by kind of device.',
  browsers: 'Browsers',
  browsersLead: 'Visits by browser.',
  rankingEmpty: (days: number) => `Nothing to show for ${periodText(days)} yet.`,
  rankingSummary: (top: string, count: string, share: string) => `${top} leads with ${count} (${share}).`,
  durationHeading: 'Session length',
  durationEmpty: (days: number) => `No finished visits in ${periodText(days)} yet, so there is no session length to show.`,
  durationSummary: (median: string | null, bounce: string | null) =>
    [median ? `Half of the visits lasted ${median} or less.` : null, bounce ? `${bounce} of visits viewed only one page (the bounce rate).` : null]
      .filter(Boolean)
      .join(' '),
  loadHeading: 'Page load time',
  loadEmpty: (days: number) => `No page reported its load time in ${periodText(days)} yet.`,
  loadSummary: (samples: string, p50: string, p95: string) =>
    `Over ${samples} page views, half loaded within ${p50} and 95 in 100 within ${p95}.`,
  accountLink: 'Usage analytics of signed-in users',
} as const;

/** /analytics. */
export const ACCOUNT_TEXTS = {
  title: 'Analytics',
  description: 'Usage analytics of signed-in users who turned it on: sessions, users, pages and actions with their error rates (administrators only).',
  lead: 'How signed-in users who turned on usage analytics in their profile use Nivesh. Users who did not turn it on are not counted here.',
  currentHeading: 'Active now',
  currentEmpty: 'Nobody with analytics turned on is active right now.',
  totalsHeading: 'The period at a glance',
  dailyHeading: 'Activity per day',
  dailyEmpty: (days: number) => `No analytics sessions in ${periodText(days)} yet.`,
  dailySummary: (sessions: string, actions: string, days: number) => `${sessions}, with ${actions} actions, in ${periodText(days)}.`,
  topPages: 'Top pages',
  topPagesLead: 'Page visits in analytics sessions.',
  topActions: 'Top actions',
  topActionsLead: 'The actions recorded most often.',
  rankingEmpty: (days: number) => `Nothing recorded in ${periodText(days)} yet.`,
  categoriesHeading: 'Actions by category',
  categoriesLead: 'Each area of the app: how many actions, and how many of them failed.',
  categoriesEmpty: (days: number) => `No actions recorded in ${periodText(days)} yet.`,
  categoriesSummary: (worst: string, rate: string) => `${worst} failed most often: ${rate} of its actions.`,
  categoriesNoErrors: 'No action failed in this period.',
  basicHeading: 'All time and today',
  basicLead: 'Counts since the start and for today (UTC).',
  visitorLink: 'Visitor analytics (anonymous visits)',
} as const;
