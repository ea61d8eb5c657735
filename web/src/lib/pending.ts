/** What each not-yet-built panel says about when its data comes; one place, so pages agree. */
export const PENDING = {
  chat: 'Warren AI arrives with the chat release.',
  prediction: 'TrendVision forecasts arrive with the prediction release.',
  news: 'AI news arrives with the news release.',
  portfolio: 'Your holdings arrive with the portfolio release.',
  hub: 'The Intelligence Hub agents arrive in a later release.',
  undervalued: 'Valuation screens arrive in a later release.',
  blog: 'Articles arrive with the blog release.',
  analytics: 'Usage figures arrive with the analytics release.',
  visitors: 'Visitor figures arrive with the visitor tracking release.',
  admin: 'Account administration arrives in a later release.',
} as const;
