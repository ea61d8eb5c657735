import { EXCERPT_LENGTH, readingMinutesOf, renderPost, sanitizePostHtml, truncateWords, WORDS_PER_MINUTE } from './markdown';

/** Every element of a fragment with its attributes, as a browser would see them. */
const hrefs = (html: string): string[] => [...html.matchAll(/\shref="([^"]*)"/g)].map((match) => match[1]!);
const srcs = (html: string): string[] => [...html.matchAll(/\ssrc="([^"]*)"/g)].map((match) => match[1]!);

describe('renderPost: what a post can never carry', () => {
  it('shows a <script> written in the Markdown as text, never as a tag', () => {
    const { html } = renderPost('Before <script>alert(document.cookie)</script> after\n\n<script src="https://evil.example/x.js"></script>');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('&lt;script&gt;alert(document.cookie)&lt;/script&gt;');
  });

  it('turns javascript:, vbscript: and data: links into harmless text, in any case or disguise', () => {
    const { html } = renderPost(
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](vbscript:msgbox(1)) [d](data:text/html;base64,PHNjcmlwdD4=) [e](<java\tscript:alert(1)>) <javascript:alert(1)>',
    );
    expect(html).not.toMatch(/href=/);
    expect(html.toLowerCase()).not.toMatch(/<a[^>]*(javascript|vbscript|data):/);
  });

  it('keeps http, https, mailto and relative links, marking links out of the site nofollow', () => {
    const { html } = renderPost('[NSE](https://www.nseindia.com) [SEBI](http://www.sebi.gov.in) [mail](mailto:help@nivesh.in) [RSI](/blog/reading-rsi) and www.bseindia.com');
    expect(hrefs(html)).toEqual(['https://www.nseindia.com', 'http://www.sebi.gov.in', 'mailto:help@nivesh.in', '/blog/reading-rsi', 'http://www.bseindia.com']);
    expect(html).toContain('<a href="https://www.nseindia.com" rel="nofollow noopener noreferrer">NSE</a>');
    expect(html).toContain('<a href="/blog/reading-rsi">RSI</a>');
  });

  it('keeps only https images: data:, http and relative images are dropped', () => {
    const { html } = renderPost('![chart](https://img.example.in/rsi.png) ![x](data:image/png;base64,iVBORw0KGgo=) ![y](http://img.example.in/a.png) ![z](/a.png)');
    expect(srcs(html)).toEqual(['https://img.example.in/rsi.png']);
    expect(html).toContain('alt="chart"');
  });

  it('makes a # heading an h2 (the title is the page h1) and keeps code, lists and tables', () => {
    const { html } = renderPost('# Part one\n\n- a\n- b\n\n```python\nprint(1)\n```\n\n| Ratio | Value |\n|---|--:|\n| P/E | 24.5 |');
    expect(html).toContain('<h2>Part one</h2>');
    expect(html).toContain('<ul>');
    expect(html).toContain('<code class="language-python">print(1)');
    expect(html).toContain('<td>24.5</td>');
    expect(html).not.toMatch(/style=/);
  });
});

describe('sanitizePostHtml: the second wall, for HTML that did not come from the renderer', () => {
  it.each([
    ['<img src=x onerror=alert(1)>', ''],
    ['<img src="https://img.example.in/a.png" onerror="alert(1)">', '<img src="https://img.example.in/a.png" loading="lazy" />'],
    ['<a href="javascript:alert(1)" onclick="steal()">x</a>', '<a>x</a>'],
    ['<a href="java&#09;script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="java%09script:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#x6A;avascript&#58;alert(1)">x</a>', '<a>x</a>'],
    ['<a href="//evil.example">x</a>', '<a>x</a>'],
    ['<a href="/blog/what-p-e-hides#fn:1">x</a>', '<a href="/blog/what-p-e-hides#fn:1">x</a>'],
    ['<p style="position:fixed" onmouseover="x()">t</p>', '<p>t</p>'],
    ['<iframe src="https://evil.example"></iframe><object data="x"></object>', ''],
    ['<svg onload=alert(1)><circle /></svg>', ''],
    ['<style>body{display:none}</style><form action="/x"><input name="otp"></form>', ''],
    ['<script>alert(1)</script>ok', 'ok'],
    ['<code class="language-js hidden">x</code>', '<code class="language-js">x</code>'],
  ])('%s → %s', (dirty, clean) => {
    expect(sanitizePostHtml(dirty)).toBe(clean);
  });
});

describe('excerpt and reading time', () => {
  it('takes the opening paragraph in plain text, past headings and without Markdown marks', () => {
    const { excerpt } = renderPost('# RSI\n\nThe **Relative Strength Index** compares [gains](https://x.in) with `losses`.\n\n- a list item\n\nSecond paragraph.');
    expect(excerpt).toBe('The Relative Strength Index compares gains with losses. Second paragraph.');
  });

  it(`cuts a long opening at a word boundary near ${EXCERPT_LENGTH} characters, with an ellipsis`, () => {
    const words = Array.from({ length: 80 }, (_, index) => `word${index}`).join(' ');
    const { excerpt } = renderPost(words);
    expect(excerpt.length).toBeLessThanOrEqual(EXCERPT_LENGTH);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(words.startsWith(excerpt.slice(0, -1))).toBe(true);
    expect(excerpt.slice(0, -1)).toMatch(/word\d+$/);
  });

  it("uses the admin's own summary when there is one", () => {
    expect(renderPost('Body text.', '  A summary,\nin one line. ').excerpt).toBe('A summary, in one line.');
  });

  it('truncateWords leaves short text alone', () => {
    expect(truncateWords('  short   text ', 50)).toBe('short text');
  });

  it(`counts minutes at ${WORDS_PER_MINUTE} words a minute, at least one`, () => {
    expect(renderPost('').reading_minutes).toBe(1);
    expect(renderPost(Array.from({ length: 1000 }, () => 'word').join(' ')).reading_minutes).toBe(5);
    // Headings, list items and code count; Markdown marks and lone punctuation do not.
    expect(renderPost(`# Title words\n\n- ${Array.from({ length: 299 }, () => 'item').join(' ')}\n\n\`\`\`\n${Array.from({ length: 100 }, () => 'code').join(' ')}\n\`\`\`\n\n — —`).reading_minutes).toBe(2);
    expect(readingMinutesOf(0)).toBe(1);
    expect(readingMinutesOf(499)).toBe(2);
  });
});
