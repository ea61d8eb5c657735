import type { BlogPostSummary } from '@nivesh/proto';
import { BLOG_RSS_PATH } from '@nivesh/proto/values';

/** Where the RSS feed is served; the web's sitemap and <link rel="alternate"> point here. */
export const RSS_PATH = BLOG_RSS_PATH;
export const SITEMAP_PATH = '/sitemap.xml';

/**
 * The open routes of the specification (section 2) that are pages worth finding: '/' appears as '/dashboard', its
 * canonical address (the same page). Left out: routes for logged-in users and admins, the payment outcome pages (an
 * answer to one payment, not a page) and /login and /register (the dashboard with the login dialog open).
 */
export const PUBLIC_PAGES = [
  '/dashboard',
  '/technical-analysis',
  '/market-sentiment',
  '/risk-detection',
  '/deep-insights',
  '/multi-agent',
  '/ai-predictions',
  '/ai-news',
  '/chat',
  '/blog',
  '/portfolio-fixed',
  '/about',
  '/premium',
] as const;

export const BLOG_FEED_TITLE = 'Nivesh blog';
export const BLOG_FEED_DESCRIPTION =
  'Educational articles on reading NSE stocks: indicators, valuation and checking who you take advice from. Not investment advice.';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Whether XML 1.0 allows a character: tab, line feed, carriage return, and everything from the space up but U+FFFE and U+FFFF. */
const xmlAllowed = (char: string): boolean => {
  const code = char.codePointAt(0)!;
  return code === 0x09 || code === 0x0a || code === 0x0d || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
};

/** Text as XML character data or an attribute value; characters XML 1.0 forbids are dropped. */
export const xmlEscape = (text: string): string =>
  [...text]
    .filter(xmlAllowed)
    .join('')
    .replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

/** The site's address without a trailing slash, so `${base}/blog` is right whether PUBLIC_URL ends in one or not. */
export const siteBase = (publicUrl: string): string => publicUrl.replace(/\/+$/, '');

/** A date as RSS 2.0 writes it (RFC 822, in GMT): 'Mon, 15 Apr 2024 03:30:00 GMT'. */
const rfc822 = (iso: string): string => new Date(iso).toUTCString();

const postUrl = (base: string, slug: string): string => `${base}/blog/${encodeURIComponent(slug)}`;

/**
 * RSS 2.0 of the published posts, newest first: each item's title, address, date, author, tags and excerpt. The
 * excerpt only, as visitors see it: the whole post is for logged-in readers.
 */
export const rssXml = (posts: readonly BlogPostSummary[], publicUrl: string): string => {
  const base = siteBase(publicUrl);
  const latest = posts.reduce<string | null>((max, post) => (max === null || post.updated_at > max ? post.updated_at : max), null);
  const items = posts.map((post) =>
    [
      '    <item>',
      `      <title>${xmlEscape(post.title)}</title>`,
      `      <link>${xmlEscape(postUrl(base, post.slug))}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(postUrl(base, post.slug))}</guid>`,
      `      <pubDate>${rfc822(post.published_at)}</pubDate>`,
      `      <dc:creator>${xmlEscape(post.author)}</dc:creator>`,
      ...post.tags.map((tag) => `      <category>${xmlEscape(tag)}</category>`),
      `      <description>${xmlEscape(post.excerpt)}</description>`,
      '    </item>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${BLOG_FEED_TITLE}</title>`,
    `    <link>${xmlEscape(`${base}/blog`)}</link>`,
    `    <description>${xmlEscape(BLOG_FEED_DESCRIPTION)}</description>`,
    '    <language>en-IN</language>',
    ...(latest ? [`    <lastBuildDate>${rfc822(latest)}</lastBuildDate>`] : []),
    `    <atom:link href="${xmlEscape(`${base}${RSS_PATH}`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
};

/** A sitemap (sitemaps.org 0.9) of the public pages and every published post, each post with its last change. */
export const sitemapXml = (posts: readonly BlogPostSummary[], publicUrl: string): string => {
  const base = siteBase(publicUrl);
  const latest = posts.reduce<string | null>((max, post) => (max === null || post.updated_at > max ? post.updated_at : max), null);
  const entry = (loc: string, lastmod: string | null) =>
    `  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((page) => entry(`${base}${page}`, page === '/blog' ? latest : null)),
    ...posts.map((post) => entry(postUrl(base, post.slug), post.updated_at)),
    '</urlset>',
    '',
  ].join('\n');
};
