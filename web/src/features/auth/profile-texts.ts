/**
 * The words of /profile's usage analytics setting. Apart from texts.ts, which loads @nivesh/proto (zod) for the login
 * screen's copy: the profile page needs none of it.
 */

/** How long analytics events are kept before they are deleted, as the about page's privacy paragraph says. */
export const ANALYTICS_RETENTION_DAYS = 90;

export const ANALYTICS_SETTING_TEXTS = {
  heading: 'Usage analytics',
  explanation: `When this is on, Nivesh records the pages you visit and the actions you take in this app (which requests you make, how long they take and whether they work, never what you type), tied to your account, and keeps them for ${ANALYTICS_RETENTION_DAYS} days. It is off unless you turn it on, and the choice is saved on this device.`,
  label: 'Share usage analytics',
  on: 'Usage analytics is on: your visits from now on are recorded with your account.',
  off: 'Usage analytics is off: nothing about your use of Nivesh is tied to your account.',
  storageRefused: 'Your browser did not let Nivesh save this choice, so usage analytics stays off.',
} as const;
