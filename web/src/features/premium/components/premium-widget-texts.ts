import { formatINR } from '../../../lib/format';
import { PENDING } from '../../../lib/pending';
import { PREMIUM_PRICE_INR_PER_MONTH } from '../../../lib/proto-values';

/** The monthly premium price in whole rupees, '₹200' (section 9). */
export const PREMIUM_MONTHLY_PRICE = formatINR(PREMIUM_PRICE_INR_PER_MONTH, { fractionDigits: 0 });

/**
 * Texts of the premium preview modal, the ticker and /premium; the buttons are quoted by the specification (section 2).
 * They describe only what Premium does today: a feature joins this list when it is built, not before.
 */
export const PREMIUM_WIDGET_TEXTS = {
  previewTitle: 'Nivesh Premium',
  previewLead: 'Nivesh without advertisements.',
  maybeLater: 'Maybe Later',
  close: 'Close',
  upgradeNow: 'Upgrade Now',
  perMonth: 'per month',
  features: [
    {
      id: 'no-ads',
      title: 'No advertisements',
      text: 'No popups, banners or interstitials, on any page.',
    },
  ],
  notAvailable: PENDING.premium,
  previewNote: 'On one device at a time. Everything else in Nivesh is free to use. Educational tools, not investment advice.',
  tickerLabel: 'Premium benefits',
  tickerItems: ['Research without advertisements', 'No popups, banners or interstitials', 'On one device at a time', PENDING.premium],
  tickerLink: 'Go Premium',
  pauseTicker: 'Pause premium benefits ticker',
} as const;
