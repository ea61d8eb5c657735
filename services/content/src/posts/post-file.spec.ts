import { parsePostFile, PostFileError, postOfFile } from './post-file';

const FILE = `---
title: What P/E hides
author: nivesh
tags: Valuation, P/E, valuation, Fundamentals
published_at: 2024-04-15T09:00:00+05:30
---

# A heading

A company's **price-to-earnings ratio** divides its share price by its earnings per share.
`;

describe('post files', () => {
  it('reads the front matter and the Markdown, and makes a published post of them at their date', () => {
    const file = parsePostFile(FILE, 'what-pe-hides.md');
    expect(file).toMatchObject({ title: 'What P/E hides', author: 'nivesh', tags: ['Valuation', 'P/E', 'valuation', 'Fundamentals'], published_at: '2024-04-15T09:00:00+05:30' });
    const post = postOfFile(file);
    expect(post).toMatchObject({
      slug: 'what-p-e-hides',
      status: 'published',
      author: 'nivesh',
      tags: ['Valuation', 'P/E', 'Fundamentals'],
      excerpt: "A company's price-to-earnings ratio divides its share price by its earnings per share.",
      summary: null,
    });
    expect(post.published_at!.toISOString()).toBe('2024-04-15T03:30:00.000Z');
    expect(post.html).toContain('<h2>A heading</h2>');
  });

  it.each([
    ['no front matter', 'Just text', /front matter between two --- lines/],
    ['a line that is not key: value', '---\ntitle: T\nnonsense\n---\nText', /line 3 is not "key: value"/],
    ['no author', '---\ntitle: T\npublished_at: 2024-04-15T09:00:00+05:30\n---\nText', /^x\.md: author: /],
    ['a date without its offset', '---\ntitle: T\nauthor: nivesh\npublished_at: 2024-04-15\n---\nText', /published_at/],
    ['no text', '---\ntitle: T\nauthor: nivesh\npublished_at: 2024-04-15T09:00:00Z\n---\n\n', /the post has no text/],
  ])('refuses a file with %s, naming the file', (_name, text, message) => {
    expect(() => parsePostFile(text, 'x.md')).toThrow(PostFileError);
    expect(() => parsePostFile(text, 'x.md')).toThrow(message);
  });
});
