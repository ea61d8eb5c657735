/** The Help & Guide panel's title and tabs (section 2), verbatim and in order. */
export const HELP_TEXTS = {
  title: 'Help & Guide',
  tabs: [
    { value: 'overview', label: 'Overview' },
    { value: 'technical-analysis', label: 'Technical Analysis' },
    { value: 'market-sentiment', label: 'Market Sentiment' },
    { value: 'undervalued-stocks', label: 'Undervalued Stocks' },
    { value: 'warren-ai', label: 'Warren AI' },
    { value: 'pro-tips', label: 'Pro Tips' },
  ],
} as const;

export type HelpTab = (typeof HELP_TEXTS.tabs)[number]['value'];
