import { NEWS_SUMMARY_BATCH_MAX, type NewsItem, type NewsSummaryInput } from '@nivesh/proto';

/** A stored article as the summaries read it. */
export type Summarisable = { id: number; title: string; description: string | null };

/**
 * The articles to ask the language model about, in batches the chat service takes: only those with a description,
 * since a line written from a headline alone would add nothing but guesses.
 */
export const summaryBatches = (articles: readonly Summarisable[]): NewsSummaryInput[][] => {
  const items = articles
    .filter((article) => article.description?.trim())
    .map((article) => ({ id: String(article.id), headline: article.title, description: article.description }));
  const batches: NewsSummaryInput[][] = [];
  for (let start = 0; start < items.length; start += NEWS_SUMMARY_BATCH_MAX) batches.push(items.slice(start, start + NEWS_SUMMARY_BATCH_MAX));
  return batches;
};

/** What a press item shows under its headline: the language model's line when there is one, else the feed's description. */
export const pressSummary = (article: { description: string | null; ai_summary: string | null }): Pick<NewsItem, 'summary' | 'summary_source'> => {
  if (article.ai_summary) return { summary: article.ai_summary, summary_source: 'ai' };
  return article.description ? { summary: article.description, summary_source: 'feed' } : { summary: null, summary_source: null };
};
