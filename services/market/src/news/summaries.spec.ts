import { NEWS_SUMMARY_BATCH_MAX } from '@nivesh/proto';
import { pressSummary, summaryBatches } from './summaries';

describe('summaryBatches', () => {
  it('asks about articles with a description only, at most a batch at a time, keyed by their ids', () => {
    const articles = Array.from({ length: 45 }, (_, index) => ({ id: index + 1, title: `Headline ${index + 1}`, description: index % 3 === 0 ? null : `Description ${index + 1}` }));
    articles.push({ id: 99, title: 'Blank', description: '  ' });
    const batches = summaryBatches(articles);
    expect(batches.map((batch) => batch.length)).toEqual([NEWS_SUMMARY_BATCH_MAX, 10]);
    expect(batches[0]![0]).toEqual({ id: '2', headline: 'Headline 2', description: 'Description 2' });
    expect(batches.flat().some((item) => item.id === '1' || item.id === '99')).toBe(false);
  });

  it('has nothing to ask when no article has a description', () => {
    expect(summaryBatches([{ id: 1, title: 'Headline', description: null }])).toEqual([]);
  });
});

describe('pressSummary', () => {
  it("shows the language model's line, labelled as written by AI, over the feed's description", () => {
    expect(pressSummary({ description: 'Shares rose 8%.', ai_summary: 'Infosys shares rose 8% after its results.' })).toEqual({
      summary: 'Infosys shares rose 8% after its results.',
      summary_source: 'ai',
    });
  });

  it("keeps the feed's own description when there is no line (none written, or withheld), and nothing when there is neither", () => {
    expect(pressSummary({ description: 'Shares rose 8%.', ai_summary: null })).toEqual({ summary: 'Shares rose 8%.', summary_source: 'feed' });
    expect(pressSummary({ description: null, ai_summary: null })).toEqual({ summary: null, summary_source: null });
  });
});
