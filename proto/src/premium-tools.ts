/**
 * Premium-only tools: the one list the gateway gates requests by and the web shows. A tool joins this list when it is
 * built, so the premium copy names only tools that exist. Browser-safe: it imports nothing.
 */
export type PremiumTool = {
  /** Stable id, as gate decisions and logs name it. */
  readonly id: string;
  /** The tool's name for people. */
  readonly name: string;
  /** One sentence for people: what a premium user gets. */
  readonly description: string;
  /** The page where the tool lives. */
  readonly path: string;
};

export const PREMIUM_TOOLS = {
  trendvisionLongHorizon: {
    id: 'trendvision-long-horizon',
    name: '30-day TrendVision forecasts',
    description: 'Forecasts 30 trading days ahead, with every model’s back-test side by side.',
    path: '/ai-predictions',
  },
  indicatorAlerts: {
    id: 'indicator-alerts',
    name: 'RSI alerts',
    description: 'Alerts when a stock’s 14-day RSI crosses 30 or 70, and up to 50 alerts instead of 5.',
    path: '/portfolio',
  },
  portfolioWhatIf: {
    id: 'portfolio-what-if',
    name: 'Portfolio what-if illustrations',
    description: 'A minimum-variance and a risk-parity mix of the stocks you hold, shown beside your own weights with their assumptions.',
    path: '/portfolio',
  },
} as const satisfies Record<string, PremiumTool>;

export type PremiumToolKey = keyof typeof PREMIUM_TOOLS;

/** The tools in the order the premium copy lists them. */
export const PREMIUM_TOOL_LIST: readonly PremiumTool[] = Object.values(PREMIUM_TOOLS);

/**
 * The request header that carries the device fingerprint on a premium tool's request: premium is used on one device
 * at a time, so the gate checks the device as `/api/premium/status` does.
 */
export const DEVICE_FINGERPRINT_HEADER = 'x-device-fingerprint';
