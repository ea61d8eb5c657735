import type { AdminUser, MarketIngestRun, PaymentDeadLetterReason } from '@nivesh/proto';

/** The change an admin can ask for in one account's row. */
export type AccountAction = 'grant_admin' | 'revoke_admin' | 'disable' | 'enable';

/** Who the dialog is about: the username, and the e-mail so two similar names cannot be confused. */
const who = (user: Pick<AdminUser, 'username' | 'email'>) => `${user.username} (${user.email})`;

/** The market service's check names (services/market/src/nse/checks.ts) in words; a check added later reads by its name until listed here. */
const CHECK_NAMES: Partial<Record<string, string>> = {
  bhavcopy_zip: 'Bhavcopy file',
  trade_date: 'Trade date',
  row_count: 'Number of rows',
  index_file: 'Index file',
  nifty_close: 'NIFTY 50 close',
};

/** Every text of the administration on /admin (the accounts table, its dialog, the admin log and the system status's sections). */
export const ADMIN_TEXTS = {
  accounts: {
    title: 'Accounts',
    lead: 'Search the accounts, make or remove admins, and disable or enable accounts.',
    searchLabel: 'Search by username or e-mail',
    searchPlaceholder: 'e.g. priya or priya@example.in',
    search: 'Search',
    clear: 'Show all',
    loading: 'Loading the accounts…',
    loadFailed: (reason: string) => `Could not load the accounts. ${reason}`,
    noneMatch: (query: string) => `No account matches “${query}”.`,
    none: 'There are no accounts yet.',
    tableLabel: 'Accounts',
    columns: {
      username: 'Username',
      email: 'E-mail',
      joined: 'Joined',
      role: 'Role',
      status: 'Status',
      premium: 'Premium',
      lastActive: 'Last active',
      actions: 'Actions',
    },
    roleAdmin: 'Admin',
    roleUser: 'User',
    statusActive: 'Active',
    statusDisabled: (day: string) => `Disabled on ${day}`,
    premiumUntil: (day: string) => `Until ${day}`,
    premiumNone: 'No',
    premiumUnknown: 'Unknown',
    premiumUnknownTitle: 'Premium could not be checked just now. Reload the list to try again.',
    neverActive: 'Never',
    you: 'This is you',
    showing: (from: number, to: number, total: number) => `Accounts ${from}–${to} of ${total}`,
  },
  actions: {
    grant_admin: 'Make admin',
    revoke_admin: 'Remove admin',
    disable: 'Disable',
    enable: 'Enable',
  } satisfies Record<AccountAction, string>,
  /** The row's action buttons name their account for screen readers. */
  actionLabel: (action: AccountAction, username: string) =>
    ({ grant_admin: `Make ${username} an admin`, revoke_admin: `Remove admin from ${username}`, disable: `Disable ${username}`, enable: `Enable ${username}` })[action],
  confirm: {
    title: (action: AccountAction, username: string) =>
      ({ grant_admin: `Make ${username} an admin?`, revoke_admin: `Remove admin from ${username}?`, disable: `Disable ${username}?`, enable: `Enable ${username}?` })[action],
    body: (action: AccountAction, user: Pick<AdminUser, 'username' | 'email'>) =>
      ({
        grant_admin: `${who(user)} will get admin access: this page, the analytics and the queues. Their open sessions get it at once.`,
        revoke_admin: `${who(user)} will lose admin access. Their open sessions lose it at once.`,
        disable: `${who(user)} will not be able to log in until an admin enables the account again. Their sessions end at once.`,
        enable: `${who(user)} will be able to log in again.`,
      })[action],
    yes: (action: AccountAction) => ({ grant_admin: 'Make admin', revoke_admin: 'Remove admin', disable: 'Disable account', enable: 'Enable account' })[action],
    working: 'Saving…',
    cancel: 'Cancel',
    failed: (reason: string) => `The change was not made. ${reason}`,
  },
  log: {
    title: 'Admin log',
    lead: 'Every change admins made to accounts, newest first.',
    loading: 'Loading the admin log…',
    loadFailed: (reason: string) => `Could not load the admin log. ${reason}`,
    empty: 'No admin has changed an account yet.',
    entry: (actor: string, summary: string) => `${actor} ${summary}.`,
    showing: (from: number, to: number, total: number) => `Entries ${from}–${to} of ${total}`,
  },
  queues: {
    title: 'Queues',
    lead: 'Background work in progress: sign-in mails, visitor events, payments, back-tests and imports, with their waiting, active and failed jobs.',
    open: 'Open the queue board',
    opening: 'Opening…',
    failed: (reason: string) => `The queue board could not be opened. ${reason}`,
  },
  /** The payment webhooks set aside on the system status (reasons in plain words; the provider's texts are shown cut to length). */
  deadLetters: {
    title: 'Payment webhooks set aside',
    lead: 'Correctly signed webhooks from the payment provider that could not be applied. They are kept, not dropped: new ones that do not read usually mean the provider changed its format.',
    none: 'None: every signed payment webhook was applied.',
    count: (total: number) => (total === 1 ? '1 payment webhook is set aside and needs a look.' : `${total} payment webhooks are set aside and need a look.`),
    inOverall: (total: number) => (total === 1 ? '1 payment webhook is set aside' : `${total} payment webhooks are set aside`),
    showing: (shown: number, total: number) => `The newest ${shown} of ${total}:`,
    unknown: 'Could not ask the premium service about set-aside payment webhooks.',
    tableLabel: 'Payment webhooks set aside, newest first',
    columns: { received: 'Received', event: 'Event', reason: 'Reason' },
    reasons: {
      unreadable: 'Signed by the provider, but not in a form Nivesh can read',
      unknown_subscription: 'For a subscription Nivesh does not have',
    } satisfies Record<PaymentDeadLetterReason, string>,
    noEventName: 'No event name',
    eventId: (id: string) => `id ${id}`,
    tries: (attempts: number) => (attempts === 1 ? 'Tried once.' : `Tried ${attempts} times.`),
  },
  /** The daily market data on the system status: how current the prices are and the daily pipeline's last runs. */
  compliance: {
    title: 'Compliance profile',
    education: 'Education platform (COMPLIANCE_PROFILE=education): forecasts for a named stock or index use prices at least 30 days old.',
    registered: (name: string, number: string) => `Registered research analyst (COMPLIANCE_PROFILE=registered): ${name}, registration ${number}; forecasts use the latest prices.`,
  },
  marketData: {
    title: 'Daily market data',
    lead: 'How current the stored prices are, and the last runs of the daily pipeline that fetches NSE’s end-of-day files every trading evening.',
    unknown: 'Could not ask the market service how current the prices are or how its daily runs went.',
    current: (day: string) => `Prices are current: the last NSE session, ${day}, is stored.`,
    live: 'The daily pipeline is on: new prices arrive from NSE every trading evening.',
    off: 'The daily pipeline is off: this copy of Nivesh does not fetch new prices from NSE.',
    noRuns: 'The daily pipeline has not run yet.',
    tableLabel: 'Runs of the daily pipeline, newest first',
    columns: { tradingDay: 'Trading day', source: 'Source', status: 'Status', rows: 'Rows', newBars: 'New bars', duration: 'Took', started: 'Started', details: 'Details' },
    sources: { nse: 'NSE', provider: 'Yahoo Finance stand-in' } satisfies Record<MarketIngestRun['source'], string>,
    statuses: {
      imported: 'Imported',
      unchanged: 'Already stored',
      waiting: 'Waiting for NSE',
      refused: 'Refused',
      failed: 'Failed',
    } satisfies Record<MarketIngestRun['status'], string>,
    /** A check a day's files pass before anything of the day is written. */
    checkName: (name: string) => CHECK_NAMES[name] ?? `${name.charAt(0).toUpperCase()}${name.slice(1).replaceAll('_', ' ')}`,
    checks: (passed: number, total: number) => (passed === total ? `All ${total} checks passed` : `${passed} of ${total} checks passed`),
    checkPassed: 'passed',
    checkFailed: 'failed',
    noChecks: 'No files checked',
    duration: (ms: number) => {
      if (ms < 1000) return `${ms} ms`;
      // Rounded first, so 59.96 s reads '1 min 0 s' rather than '60.0 s'.
      if (Math.round(ms / 100) < 600) return `${(ms / 1000).toFixed(1)} s`;
      const seconds = Math.round(ms / 1000);
      return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
    },
  },
  noLongerAdmin: 'Your account does not have admin access any more.',
  unknownFailure: 'Something went wrong. Please try again.',
  pager: {
    label: (what: string) => `Pages of ${what}`,
    previous: 'Previous',
    next: 'Next',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
} as const;
