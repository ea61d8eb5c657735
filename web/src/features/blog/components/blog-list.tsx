import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { usePosts } from '../api/get-posts';
import { BLOG_TEXTS } from '../texts';
import { useBlogMeta } from '../use-blog-meta';
import { AdminPostsPanel } from './admin-posts-panel';
import { BlogTopics } from './blog-topics';
import { LoginPrompt } from './login-prompt';
import { PostMetaLine } from './post-meta-line';
import { BLOG_RSS_PATH } from '@nivesh/proto/values';

type BlogListProps = { isLoggedIn: boolean; isAdmin: boolean; tag: string | null };

/** /blog: the published posts, newest first, with their excerpts; visitors are told that whole posts need a login. */
export function BlogList({ isLoggedIn, isAdmin, tag }: BlogListProps) {
  useBlogMeta({ title: BLOG_TEXTS.title, description: BLOG_TEXTS.description, path: '/blog' });
  const posts = usePosts();
  const wanted = tag?.toLowerCase() ?? null;
  const shown = (posts.data?.posts ?? []).filter((post) => wanted === null || post.tags.some((t) => t.toLowerCase() === wanted));

  return (
    <div className="page-body blog">
      <PageHeader title={BLOG_TEXTS.title} lead={BLOG_TEXTS.lead} />
      {isLoggedIn ? null : <LoginPrompt text={BLOG_TEXTS.visitorNotice} />}
      {isAdmin ? <AdminPostsPanel /> : null}
      <BlogTopics current={tag} />
      <section className="blog-posts" aria-label={tag ? BLOG_TEXTS.taggedWith(tag) : BLOG_TEXTS.listLabel}>
        {tag ? (
          <div className="blog-filter">
            <h2>{BLOG_TEXTS.taggedWith(tag)}</h2>
            <Link to="/blog">{BLOG_TEXTS.showAll}</Link>
          </div>
        ) : null}
        {posts.isPending ? <p className="muted">{BLOG_TEXTS.loading}</p> : null}
        {posts.isError ? (
          <p className="form-error" role="alert">
            {BLOG_TEXTS.loadFailed(posts.error.message)}
          </p>
        ) : null}
        {posts.isSuccess && shown.length === 0 ? <p className="muted">{tag ? BLOG_TEXTS.noneTagged(tag) : BLOG_TEXTS.none}</p> : null}
        {shown.length > 0 ? (
          <ul className="post-list">
            {shown.map((post) => (
              <li key={post.slug}>
                <article className="panel post-card" aria-labelledby={`post-${post.slug}`}>
                  <h2 id={`post-${post.slug}`}>
                    <Link to={`/blog/${post.slug}`}>{post.title}</Link>
                  </h2>
                  <PostMetaLine author={post.author} publishedAt={post.published_at} readingMinutes={post.reading_minutes} tags={post.tags} />
                  <p className="post-excerpt">{post.excerpt}</p>
                  <Link className="post-more" to={`/blog/${post.slug}`} aria-label={BLOG_TEXTS.readPost(post.title)}>
                    {BLOG_TEXTS.readMore}
                  </Link>
                </article>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <p className="blog-feed muted">
        <a href={BLOG_RSS_PATH}>{BLOG_TEXTS.rss}</a>
      </p>
    </div>
  );
}
