import { formatINR } from '../../../lib/format';
import { PREMIUM_PRICE_INR_PER_MONTH } from '../../../lib/proto-values';

/** The monthly premium price in whole rupees, '₹200' (section 9). */
export const PREMIUM_MONTHLY_PRICE = formatINR(PREMIUM_PRICE_INR_PER_MONTH, { fractionDigits: 0 });

/** Texts of the premium preview modal and ticker; the buttons are quoted by the specification (section 2). */
export const PREMIUM_WIDGET_TEXTS = {
  previewTitle: 'Nivesh Premium',
  previewLead: 'More tools for your research, and no advertisements.',
  maybeLater: 'Maybe Later',
  close: 'Close',
  upgradeNow: 'Upgrade Now',
  perMonth: 'per month',
  features: [
    {
      id: 'real-time-data',
      title: 'Real-time data',
      text: 'Live NSE prices and indicators that update as the market moves.',
    },
    {
      id: 'ai-predictions',
      title: 'AI predictions',
      text: 'Full access to TrendVision price forecasts, as educational estimates.',
    },
    {
      id: 'portfolio-optimisation',
      title: 'Portfolio optimisation',
      text: 'See how your holdings spread across sectors and risk, and where you are concentrated.',
    },
    {
      id: 'smart-price-alerts',
      title: 'Smart price alerts',
      text: 'Get told when a stock crosses a price level you choose.',
    },
  ],
  previewNote: 'Ad-free, on one device at a time. Educational tools, not investment advice.',
  tickerLabel: 'Premium benefits',
  tickerItems: [
    'Ad-free research on every page',
    'Real-time NSE data',
    'Full TrendVision AI predictions',
    'Portfolio optimisation',
    'Smart price alerts',
  ],
  tickerLink: 'Go Premium',
  pauseTicker: 'Pause premium benefits ticker',
} as const;
