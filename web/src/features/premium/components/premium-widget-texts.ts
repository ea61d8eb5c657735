import { PREMIUM_TOOL_LIST } from '@nivesh/proto/premium-tools';
import { formatINR } from '../../../lib/format';
import { PREMIUM_PRICE_INR_PER_MONTH } from '@nivesh/proto/values';

/** The monthly premium price in whole rupees, '₹200' (section 9). */
export const PREMIUM_MONTHLY_PRICE = formatINR(PREMIUM_PRICE_INR_PER_MONTH, { fractionDigits: 0 });

/** One thing Premium gives; a tool has the page it lives on. */
export type PremiumFeature = { id: string; title: string; text: string; path?: string };

/** 'a', 'a and b', 'a, b and c'. */
const inWords = (items: readonly string[]): string =>
  items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;

const TOOL_NAMES = PREMIUM_TOOL_LIST.map((tool) => tool.name);

/** What Premium gives: no advertisements, then each premium tool as proto's PREMIUM_TOOL_LIST names it. */
const PREMIUM_FEATURES: readonly PremiumFeature[] = [
  {
    id: 'no-ads',
    title: 'No advertisements',
    text: 'No popups, banners, interstitials or promotional ticker, on any page.',
  },
  ...PREMIUM_TOOL_LIST.map((tool) => ({ id: tool.id, title: tool.name, text: tool.description, path: tool.path })),
];

/**
 * Texts of the premium preview modal, the ticker and /premium; the buttons are quoted by the specification (section 2).
 * They describe only what Premium does today: besides no advertisements, the tools of proto's PREMIUM_TOOLS, which a
 * tool joins when it is built, not before.
 */
export const PREMIUM_WIDGET_TEXTS = {
  previewTitle: 'Nivesh Premium',
  previewLead: TOOL_NAMES.length ? `Nivesh without advertisements, with ${inWords(TOOL_NAMES)}.` : 'Nivesh without advertisements.',
  maybeLater: 'Maybe Later',
  close: 'Close',
  upgradeNow: 'Upgrade Now',
  perMonth: 'per month',
  features: PREMIUM_FEATURES,
  previewNote: 'On one device at a time. Everything else in Nivesh is free to use. Educational tools, not investment advice.',
  tickerLabel: 'Premium benefits',
  tickerItems: ['Research without advertisements', ...TOOL_NAMES, 'No popups, banners or interstitials', 'On one device at a time'],
  tickerLink: 'Go Premium',
  pauseTicker: 'Pause premium benefits ticker',
} as const;

/** 'Premium until 24 Dec 2026'. */
export const premiumUntil = (day: string) => `Premium until ${day}`;

/** Texts of /premium's account part: subscribing, the subscription, cancelling and the device. */
export const PREMIUM_PAGE_TEXTS = {
  title: 'Premium',
  lead: TOOL_NAMES.length
    ? `Support Nivesh, research without advertisements and use ${inWords(TOOL_NAMES)}.`
    : 'Support Nivesh and research without advertisements.',
  /** The page's description for search results and shared links. */
  description: `Nivesh Premium: ${inWords(['no advertisements', ...TOOL_NAMES])}, on one device at a time, for ${PREMIUM_MONTHLY_PRICE} per month.`,
  oneDevice: 'Premium is tied to one device at a time. Everything in Nivesh is educational analysis, not investment advice.',
  subscribe: 'Subscribe',
  subscribing: 'Starting…',
  logInFirst: 'You will be asked to log in first.',
  subscribeFailed: 'The subscription could not be started. Please try again.',
  checking: 'Checking your premium status…',
  yourPremium: 'Your premium',
  plan: 'Plan',
  status: 'Status',
  statusActive: 'Active',
  statusCancelled: 'Cancelled',
  activeThanks: 'Premium is active on this device. Thank you for supporting Nivesh.',
  renewalOff: (day: string) => `Renewal is off. Your premium lasts until ${day}, and no further payment will be taken.`,
  cancel: 'Cancel subscription',
  cancelConfirm: (day: string | null) =>
    day
      ? `Cancel your subscription? It will not renew, and premium stays active until ${day}.`
      : 'Cancel your subscription? It will not renew.',
  cancelYes: 'Yes, cancel',
  cancelNo: 'Keep subscription',
  cancelling: 'Cancelling…',
  cancelFailed: 'The subscription could not be cancelled. Please try again.',
  pending:
    'A payment you started has not been confirmed yet. If you completed it, premium turns on by itself once the bank confirms it; otherwise you can subscribe again.',
} as const;

/** The device conflict (section 4): on the banner in the layout and on /premium. */
export const DEVICE_CONFLICT_TEXTS = {
  title: (reason: string) => `Device Session Conflict: ${reason}`,
  body: 'Your premium account is already active on another device, so this device has limited access: advertisements are shown here.',
  move: 'Use Premium on this device',
  moving: 'Moving premium…',
  moveFailed: 'Premium could not be moved to this device. Please try again.',
  dismiss: 'Dismiss',
} as const;
