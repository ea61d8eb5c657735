import { parseFeed } from '@rowanmanning/feed-parser';
import { canonicalUrl } from './dedupe';

/** An article as a feed lists it, reduced to what Nivesh stores: never the article's text. */
export type FeedArticle = {
  url: string;
  canonical_url: string;
  title: string;
  /** The feed's own short description, as plain text, cut to DESCRIPTION_MAX characters. */
  description: string | null;
  /** As the feed dates it; null when it gives no date. */
  published_at: string | null;
};

export type ParsedFeed = { title: string | null; articles: FeedArticle[] };

/** A feed whose body is not RSS or Atom (an error page, a truncated file). */
export class FeedFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedFormatError';
  }
}

export const TITLE_MAX = 300;
export const DESCRIPTION_MAX = 280;
/** At most this many articles are read from one fetch of one feed (the newest first, as feeds list them). */
export const ARTICLES_PER_FETCH = 200;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“', ndash: '–', mdash: '—', hellip: '…', rupee: '₹' };

const decode = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/** Markup removed, entities decoded, white space collapsed. */
export const plainText = (html: string): string =>
  decode(html.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** At most `max` characters, cut at a word with an ellipsis. */
export const clip = (text: string, max: number): string => {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  if (text[max - 1] === ' ') return `${cut.trimEnd()}…`;
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–—-]+$/, '')}…`;
};

/**
 * The articles of an RSS or Atom document: each with an http(s) link (made absolute against the feed's address) and a
 * title; others are skipped. A body that is not a feed at all is a FeedFormatError.
 */
export const readFeed = (body: string, feedUrl: string): ParsedFeed => {
  let feed: ReturnType<typeof parseFeed>;
  try {
    feed = parseFeed(body);
  } catch (error) {
    throw new FeedFormatError(`not an RSS or Atom feed (${(error as Error).message})`);
  }
  const articles: FeedArticle[] = [];
  for (const item of feed.items.slice(0, ARTICLES_PER_FETCH)) {
    const link = item.url ?? (item.id && /^https?:/i.test(item.id) ? item.id : null);
    const title = item.title ? clip(plainText(item.title), TITLE_MAX) : '';
    if (!link || !title) continue;
    let url: string;
    try {
      url = new URL(link, feedUrl).toString();
    } catch {
      continue;
    }
    const canonical = canonicalUrl(url);
    if (!canonical) continue;
    const description = item.description ? clip(plainText(item.description), DESCRIPTION_MAX) : '';
    const date = item.published ?? item.updated;
    articles.push({
      url,
      canonical_url: canonical,
      title,
      description: description && description !== title ? description : null,
      published_at: date && !Number.isNaN(date.getTime()) ? date.toISOString() : null,
    });
  }
  return { title: feed.title ? clip(plainText(feed.title), 120) : null, articles };
};
