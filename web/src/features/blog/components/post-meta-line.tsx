import { Link } from 'react-router';
import { BLOG_TEXTS } from '../texts';

type PostMetaLineProps = { author: string; publishedAt: string; readingMinutes: number; tags: readonly string[] };

/** 'By nivesh · 22 Sep 2025 · 6 min read', then the tags, each a link to the posts that carry it. */
export function PostMetaLine({ author, publishedAt, readingMinutes, tags }: PostMetaLineProps) {
  return (
    <div className="post-meta">
      <p className="muted">{BLOG_TEXTS.byline(author, publishedAt, readingMinutes)}</p>
      {tags.length > 0 ? (
        <ul className="post-tags" aria-label={BLOG_TEXTS.tagsLabel}>
          {tags.map((tag) => (
            <li key={tag}>
              <Link to={`/blog?${new URLSearchParams({ tag }).toString()}`} aria-label={BLOG_TEXTS.tagLink(tag)}>
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
