import { readFileSync } from 'node:fs';
import path from 'node:path';
import { clip, FeedFormatError, plainText, readFeed } from './feed-items';

const fixture = (name: string) => readFileSync(path.join(__dirname, 'testing/feeds', name), 'utf8');

describe('readFeed', () => {
  it('reads an RSS feed: absolute links, plain-text descriptions, no article text, items without an http(s) link skipped', () => {
    const feed = readFeed(fixture('markets.rss.xml'), 'https://markets.example.in/rss/markets.xml');
    expect(feed.title).toBe('Example Markets');
    expect(feed.articles).toHaveLength(5);
    expect(feed.articles[0]).toEqual({
      url: 'https://markets.example.in/markets/stocks/infosys-shares-jump-after-q3-results-1234.html?utm_source=rss&utm_medium=feed',
      canonical_url: 'markets.example.in/markets/stocks/infosys-shares-jump-after-q3-results-1234.html',
      title: 'Infosys shares jump 8% after Q3 results beat estimates',
      description: "Shares of Infosys rose as much as 8% on Friday & led the Nifty IT index higher after the company's December-quarter numbers.",
      published_at: '2024-01-12T04:35:00.000Z',
    });
    expect(JSON.stringify(feed)).not.toContain('must never be stored');
  });

  it('reads an Atom feed, resolving relative links', () => {
    const feed = readFeed(fixture('business.atom.xml'), 'https://business.example.com/feeds/markets.atom');
    expect(feed.title).toBe('Business Daily');
    expect(feed.articles.map((article) => article.url)).toContain('https://business.example.com/markets/hdfc-bank-shares-slump-5680');
    expect(feed.articles.at(-1)!.description).toBeNull();
  });

  it('rejects a body that is not a feed', () => {
    expect(() => readFeed(fixture('broken.xml'), 'https://example.com/feed')).toThrow(FeedFormatError);
    expect(() => readFeed('{"error":"rate limited"}', 'https://example.com/feed')).toThrow(FeedFormatError);
    expect(() => readFeed('', 'https://example.com/feed')).toThrow(FeedFormatError);
  });
});

describe('plainText and clip', () => {
  it('strips markup and scripts and decodes entities', () => {
    expect(plainText('<p>Q3 &amp; 9M: profit &#8377;6,106 cr</p><script>alert(1)</script>&nbsp;<b>up</b>')).toBe('Q3 & 9M: profit ₹6,106 cr up');
  });

  it('cuts long text at a word with an ellipsis', () => {
    expect(clip('The quick brown fox jumps over the lazy dog', 20)).toBe('The quick brown fox…');
    expect(clip('short', 20)).toBe('short');
  });
});
