/** The paths of the news routes, by their names in `ROUTES`. */
export const NEWS_PATHS = {
  news: '/api/news',
} as const;
/** What an item is: a results announcement, a corporate action, a market event read off the prices, or a press article. */
export const NEWS_KINDS = ['results', 'actions', 'market', 'press'] as const;
/** The tone of an item's words as a finance-tuned lexicon reads them: a measure of wording, not a judgement of the news. */
export const NEWS_TONES = ['positive', 'neutral', 'negative'] as const;
/** Shown beside every price reaction. */
export const NEWS_CAVEAT = 'Moves around news are history, not predictions.';
export const NEWS_PAGE_SIZE_MAX = 50;
