import { inspectAnswer } from '../guard/output-rail';
import { KnowledgeBase } from '../knowledge/knowledge-base';
import { articleBlocks, condense, leadSentences, railSafeText, sentences } from './excerpt';
import { wordCount } from './format';

describe('excerpts of knowledge-base articles', () => {
  const kb = KnowledgeBase.load();

  it('splits sentences, but not at an initial or inside bold text', () => {
    expect(sentences('RSI was created by J. Welles Wilder. It runs from 0 to 100.')).toEqual(['RSI was created by J. Welles Wilder.', 'It runs from 0 to 100.']);
    expect(sentences('**Is there a "good" P/E?** No single number is good. Compare it.')).toEqual(['**Is there a "good" P/E?** No single number is good.', 'Compare it.']);
  });

  it('reads paragraphs and lists, turning numbered lists into bullets and dropping links, headings and HTML', () => {
    const blocks = articleBlocks('## Steps\n\nFirst <b>read</b> [the guide](https://example.com).\ncontinued here.\n\n1. one\n2. two\n   more of two\n- three');
    expect(blocks).toEqual([
      { kind: 'paragraph', items: ['**Steps**'] },
      { kind: 'paragraph', items: ['First read the guide. continued here.'] },
      { kind: 'list', items: ['one', 'two more of two', 'three'] },
    ]);
  });

  it('condenses every article within the word budget, in the chat’s Markdown subset, with nothing the output rail would stop', () => {
    for (const article of kb.articles()) {
      for (const budget of [60, 120, 140]) {
        const text = condense(article.body, budget);
        expect(text.length).toBeGreaterThan(0);
        expect(wordCount(text)).toBeLessThanOrEqual(Math.max(budget, wordCount(sentences(text)[0]!)));
        expect(inspectAnswer(text)).toBeNull();
        expect(text).not.toMatch(/^#|<[a-z/][^>]*>|\]\(|^\s*\d+\.\s|\|/im);
        for (const paragraph of text.split('\n\n')) expect((paragraph.match(/\*\*/g) ?? []).length % 2).toBe(0);
      }
    }
  });

  it('keeps an introduction with its list, and never ends on a dangling colon', () => {
    const rsi = kb.articles().find((article) => article.id === 'rsi')!;
    const text = condense(rsi.body, 120);
    expect(text).toContain('How it is commonly read:\n- **Above 70:**');
    for (const article of kb.articles()) expect(condense(article.body, 50)).not.toMatch(/:$/);
    // The article's worked example is a table: the excerpt stops before it, introduction and all.
    const averaging = kb.articles().find((article) => article.id === 'rupee-cost-averaging')!;
    expect(condense(averaging.body, 140)).toBe(
      'Rupee-cost averaging means investing the same rupee amount at regular intervals regardless of the price. Because the amount is fixed, it buys more units when the price is low and fewer when it is high.',
    );
  });

  it('leaves out sentences the output rail would stop, such as quoted scam promises', () => {
    const fraud = kb.articles().find((article) => article.id === 'fraud-red-flags')!;
    expect(inspectAnswer(fraud.body)).not.toBeNull();
    const text = condense(fraud.body, 140);
    expect(inspectAnswer(text)).toBeNull();
    expect(text).toContain('Pressure and urgency');
    expect(railSafeText('RSI is high. Buy INFY now. It can stay high.')).toBe('RSI is high. It can stay high.');
  });

  it('leads with the opening sentences of an article, stopping before a list’s introduction', () => {
    const bollinger = kb.articles().find((article) => article.id === 'bollinger-bands')!;
    const lead = leadSentences(bollinger.body, 45);
    expect(lead).toMatch(/^Bollinger Bands/);
    expect(lead).not.toMatch(/:$/);
    expect(wordCount(lead)).toBeLessThanOrEqual(45);
  });
});

describe('whole answers: every article condenses to whole sentences and whole list items', () => {
  const articles = KnowledgeBase.load().articles();
  const ENDS = /[.!?:;)”"’]$/;

  it.each(articles.map((article) => [article.id, article] as const))('%s', (_id, article) => {
    const items = articleBlocks(article.body).flatMap((block) => block.items);
    for (const words of [45, 100, 120, 140]) {
      const text = condense(article.body, words);
      expect(text.trim().length).toBeGreaterThan(0);
      const lines = text.split('\n').filter(Boolean);
      for (const [index, line] of lines.entries()) {
        if (/^\*\*[^*]+\*\*$/.test(line)) {
          // A bold heading never ends an answer: what it introduces follows it.
          expect({ words, heading: line, last: index === lines.length - 1 }).toEqual({ words, heading: line, last: false });
        } else if (line.startsWith('- ')) {
          // A bullet is a whole item of the article, or its whole first sentence.
          expect(items.some((item) => item.includes(line.slice(2)))).toBe(true);
        } else {
          expect({ words, line, ends: ENDS.test(line) }).toEqual({ words, line, ends: true });
        }
      }
    }
    const lead = leadSentences(article.body, 45);
    if (lead) expect(lead).toMatch(ENDS);
  });
});
