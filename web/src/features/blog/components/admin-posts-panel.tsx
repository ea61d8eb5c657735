import { useId } from 'react';
import { Link } from 'react-router';
import { useAdminPosts } from '../api/get-admin-posts';
import { BLOG_TEXTS } from '../texts';

const T = BLOG_TEXTS.admin;

/** For admins on /blog: every post, drafts too, each with its state and a link to edit it; and a way to write one. */
export function AdminPostsPanel() {
  const headingId = useId();
  const posts = useAdminPosts(true);
  return (
    <section className="panel admin-posts" aria-labelledby={headingId}>
      <div className="panel-head">
        <h2 id={headingId}>{T.panelTitle}</h2>
        <Link className="button-link" to="/blog?edit=new">
          {T.write}
        </Link>
      </div>
      <p className="muted">{T.panelLead}</p>
      {posts.isPending ? <p className="muted">{T.loading}</p> : null}
      {posts.isError ? (
        <p className="form-error" role="alert">
          {T.loadFailed(posts.error.message)}
        </p>
      ) : null}
      {posts.isSuccess && posts.data.length === 0 ? <p className="muted">{T.none}</p> : null}
      {posts.isSuccess && posts.data.length > 0 ? (
        <ul className="admin-post-list">
          {posts.data.map((post) => (
            <li key={post.id} data-testid={`admin-post-${post.slug}`}>
              <span className={`post-status ${post.status}`}>{post.status === 'published' ? T.published : T.draft}</span>
              <span className="admin-post-title">{post.title}</span>
              <span className="muted admin-post-changed">{T.changed(post.updated_at)}</span>
              <Link to={`/blog?edit=${encodeURIComponent(post.id)}`} aria-label={T.edit(post.title)}>
                {T.editShort}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
