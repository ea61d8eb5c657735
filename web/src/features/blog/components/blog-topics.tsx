import { Link } from 'react-router';
import { useBlogTags } from '../api/get-tags';
import { BLOG_TEXTS } from '../texts';

/**
 * The topics a reader can browse the blog by: every tag of the published posts with how many posts carry it, the one
 * shown now marked. Nothing while they load or when none could be read: the list below says what went wrong.
 */
export function BlogTopics({ current }: { current: string | null }) {
  const topics = useBlogTags().data?.tags ?? [];
  if (topics.length === 0) return null;
  const wanted = current?.toLowerCase() ?? null;
  return (
    <nav className="blog-topics" aria-labelledby="blog-topics-title">
      <h2 id="blog-topics-title">{BLOG_TEXTS.topicsTitle}</h2>
      <ul className="post-tags">
        {topics.map(({ tag, posts }) => (
          <li key={tag}>
            <Link
              to={`/blog?${new URLSearchParams({ tag }).toString()}`}
              aria-current={tag.toLowerCase() === wanted ? 'page' : undefined}
              aria-label={BLOG_TEXTS.topicLink(tag, posts)}
            >
              {tag} <span className="topic-count">{posts}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
