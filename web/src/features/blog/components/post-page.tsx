import type { BlogPostResponse } from '@nivesh/proto';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-client';
import { usePost } from '../api/get-post';
import { BLOG_TEXTS } from '../texts';
import { useBlogMeta } from '../use-blog-meta';
import { LoginPrompt } from './login-prompt';
import { PostMetaLine } from './post-meta-line';

type PostPageProps = { slug: string; isLoggedIn: boolean };

/** The page's head while the post loads or when there is none: the blog's own title, at the post's address. */
function PostPlaceholder({ slug, title, children }: { slug: string; title: string; children: ReactNode }) {
  useBlogMeta({ title, description: BLOG_TEXTS.description, path: `/blog/${slug}` });
  return (
    <div className="page-body blog">
      <Link className="breadcrumb" to="/blog">
        {BLOG_TEXTS.backToBlog}
      </Link>
      <PageHeader title={title} />
      {children}
    </div>
  );
}

/** One post: its own title, description, canonical address and Open Graph tags; whole, or its excerpt with a prompt to log in. */
function PostView({ post, isLoggedIn }: { post: BlogPostResponse; isLoggedIn: boolean }) {
  useBlogMeta({
    title: post.title,
    description: post.excerpt,
    path: `/blog/${post.slug}`,
    article: { publishedAt: post.published_at, updatedAt: post.updated_at, author: post.author, tags: post.tags },
  });
  return (
    <div className="page-body blog">
      <Link className="breadcrumb" to="/blog">
        {BLOG_TEXTS.backToBlog}
      </Link>
      <article className="panel post" aria-labelledby="post-title">
        <header className="post-header">
          <h1 id="post-title">{post.title}</h1>
          <PostMetaLine author={post.author} publishedAt={post.published_at} readingMinutes={post.reading_minutes} tags={post.tags} />
        </header>
        {post.locked || post.html === null ? (
          <>
            <p className="post-excerpt">{post.excerpt}</p>
            {/* A reader who logs in here gets the whole post at once: the post's query is keyed by the reader. */}
            {isLoggedIn ? null : <LoginPrompt text={post.prompt ?? BLOG_TEXTS.visitorNotice} label={BLOG_TEXTS.lockedLabel} />}
          </>
        ) : (
          // Rendered and sanitised by the content service (markdown-it, then sanitize-html): no script, no handler,
          // links only http(s), mailto or relative, images only https.
          <div className="post-body" data-testid="post-body" dangerouslySetInnerHTML={{ __html: post.html }} />
        )}
        <p className="educational-notice">{BLOG_TEXTS.educational}</p>
      </article>
    </div>
  );
}

/** /blog/:slug. */
export function PostPage({ slug, isLoggedIn }: PostPageProps) {
  const post = usePost(slug);
  if (post.isSuccess) return <PostView post={post.data} isLoggedIn={isLoggedIn} />;
  if (post.isError && post.error instanceof ApiError && post.error.status === 404) {
    return (
      <PostPlaceholder slug={slug} title={BLOG_TEXTS.notFoundTitle}>
        <p>{BLOG_TEXTS.notFound}</p>
      </PostPlaceholder>
    );
  }
  return (
    <PostPlaceholder slug={slug} title={BLOG_TEXTS.title}>
      {post.isError ? (
        <p className="form-error" role="alert">
          {BLOG_TEXTS.postLoadFailed(post.error.message)}
        </p>
      ) : (
        <p className="muted">{BLOG_TEXTS.postLoading}</p>
      )}
    </PostPlaceholder>
  );
}
