import { useEffect } from 'react';
import { BRAND, usePageMeta } from '../../hooks/use-page-meta';
import { BLOG_RSS_PATH } from '@nivesh/proto/values';

type BlogMeta = {
  title: string;
  description: string;
  /** The page's canonical path, e.g. '/blog/reading-rsi'. */
  path: string;
  /** A post's page is an article with its date, author and tags; the list is a website. */
  article?: { publishedAt: string; updatedAt: string; author: string; tags: readonly string[] };
};

/** Marks the head elements this hook adds, so it removes exactly those and leaves the rest of the head alone. */
const OWNED = 'data-blog-meta';

const add = (tag: 'meta' | 'link', attributes: Record<string, string>) => {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.setAttribute(OWNED, '');
  document.head.append(element);
};

/**
 * A blog page's head: its title, description and canonical address (usePageMeta), the Open Graph tags a link
 * preview reads (title, description, address, type, and for a post its date, author and tags), and the RSS feed.
 * They are set in the document because the web is a single-page app; they go when the page does.
 */
export const useBlogMeta = ({ title, description, path, article }: BlogMeta) => {
  usePageMeta({ title, description, path });
  const isArticle = article !== undefined;
  const publishedAt = article?.publishedAt ?? '';
  const updatedAt = article?.updatedAt ?? '';
  const author = article?.author ?? '';
  const tags = article?.tags.join('\u0000') ?? '';
  useEffect(() => {
    const url = new URL(path, window.location.origin).href;
    const og = (property: string, content: string) => add('meta', { property, content });
    og('og:site_name', BRAND);
    og('og:title', title);
    og('og:description', description);
    og('og:url', url);
    og('og:type', isArticle ? 'article' : 'website');
    og('og:locale', 'en_IN');
    if (isArticle) {
      og('article:published_time', publishedAt);
      og('article:modified_time', updatedAt);
      og('article:author', author);
      for (const tag of tags.split('\u0000').filter(Boolean)) og('article:tag', tag);
    }
    add('meta', { name: 'twitter:card', content: 'summary' });
    add('link', { rel: 'alternate', type: 'application/rss+xml', title: `${BRAND} blog`, href: BLOG_RSS_PATH });
    return () => {
      for (const element of document.head.querySelectorAll(`[${OWNED}]`)) element.remove();
    };
  }, [title, description, path, isArticle, publishedAt, updatedAt, author, tags]);
};
