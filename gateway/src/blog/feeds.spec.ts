import type { BlogPostSummary } from '@nivesh/proto';
import { PUBLIC_PAGES, rssXml, sitemapXml, xmlEscape } from './feeds';

const post = (slug: string, extra: Partial<BlogPostSummary> = {}): BlogPostSummary => ({
  slug,
  title: `Title of ${slug}`,
  excerpt: `Excerpt of ${slug}.`,
  tags: [],
  author: 'nivesh',
  published_at: '2024-04-15T03:30:00.000Z',
  updated_at: '2024-04-15T03:30:00.000Z',
  reading_minutes: 4,
  ...extra,
});

describe('rssXml', () => {
  it('writes an RSS 2.0 channel at PUBLIC_URL with one item per post, its date in RFC 822', () => {
    const xml = rssXml(
      [post('what-p-e-hides', { tags: ['Valuation', 'P/E'], updated_at: '2024-05-01T10:00:00.000Z' }), post('reading-rsi', { published_at: '2024-04-08T03:30:00.000Z' })],
      'https://nivesh.example.in/',
    );
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml).toContain('<link>https://nivesh.example.in/blog</link>');
    expect(xml).toContain('<atom:link href="https://nivesh.example.in/blog/rss.xml" rel="self" type="application/rss+xml"/>');
    expect(xml).toContain('<lastBuildDate>Wed, 01 May 2024 10:00:00 GMT</lastBuildDate>');
    expect([...xml.matchAll(/<item>/g)]).toHaveLength(2);
    expect(xml).toContain('<guid isPermaLink="true">https://nivesh.example.in/blog/what-p-e-hides</guid>');
    expect(xml).toContain('<pubDate>Mon, 15 Apr 2024 03:30:00 GMT</pubDate>');
    expect(xml).toContain('<category>P/E</category>');
    expect(xml).toContain('<dc:creator>nivesh</dc:creator>');
  });

  it('escapes titles and excerpts, so a post cannot put markup or a script into the feed', () => {
    const xml = rssXml([post('x', { title: 'Tata & Sons <script>alert(1)</script>', excerpt: 'Said "buy"? No: <b>never</b>\u0007' })], 'http://localhost:8080');
    expect(xml).toContain('<title>Tata &amp; Sons &lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(xml).toContain('<description>Said &quot;buy&quot;? No: &lt;b&gt;never&lt;/b&gt;</description>');
    expect(xml).not.toContain('<script');
  });

  it('is a valid empty channel when nothing is published', () => {
    const xml = rssXml([], 'http://localhost:8080');
    expect(xml).not.toContain('<item>');
    expect(xml).not.toContain('lastBuildDate');
    expect(xml).toContain('</channel>');
  });
});

describe('sitemapXml', () => {
  it('lists every public page and every published post at PUBLIC_URL, posts with their last change', () => {
    const xml = sitemapXml([post('reading-rsi', { updated_at: '2024-05-01T10:00:00.000Z' })], 'https://nivesh.example.in');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([...PUBLIC_PAGES.map((page) => `https://nivesh.example.in${page}`), 'https://nivesh.example.in/blog/reading-rsi']);
    expect(xml).toContain('<url><loc>https://nivesh.example.in/blog/reading-rsi</loc><lastmod>2024-05-01</lastmod></url>');
    expect(xml).toContain('<url><loc>https://nivesh.example.in/blog</loc><lastmod>2024-05-01</lastmod></url>');
    for (const closed of ['/portfolio<', '/admin', '/profile', '/analytics', '/undervalued-analytics', '/payment/']) expect(xml).not.toContain(closed);
  });

  it('xmlEscape escapes the five XML specials', () => {
    expect(xmlEscape(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&apos;&amp;&apos;&lt;/a&gt;');
  });
});
