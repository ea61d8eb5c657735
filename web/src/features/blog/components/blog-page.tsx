import { useLocation, useParams, useSearchParams } from 'react-router';
import type { SessionUser } from '../../../lib/session';
import { BlogList } from './blog-list';
import { EDITOR_VISIT_STATE, PostEditor } from './post-editor';
import { PostPage } from './post-page';
import './blog.css';

type BlogPageProps = {
  /** The signed-in user, or null for a visitor (section 2: the blog route receives the user and login state). */
  user: SessionUser | null;
  isLoggedIn: boolean;
};

/** The search parameter that opens the editor: `?edit=new` for a new post, `?edit=<id>` for one of the admins' posts. */
export const EDIT_PARAM = 'edit';
export const TAG_PARAM = 'tag';

/**
 * /blog and /blog/:slug. The list and the posts are open (visitors read excerpts, logged-in readers whole posts); an
 * admin also sees every post and writes them here, in the editor that `?edit=` opens.
 */
export function BlogPage({ user, isLoggedIn }: BlogPageProps) {
  const { slug } = useParams();
  const [search] = useSearchParams();
  const isAdmin = user?.is_admin === true;
  const location = useLocation();
  const edit = search.get(EDIT_PARAM);
  if (slug !== undefined) return <PostPage slug={slug} isLoggedIn={isLoggedIn} />;
  if (edit !== null && isAdmin) {
    // Each visit to the editor is its own; a new post's move to its id carries its visit along (PostEditor).
    const carried = (location.state as Record<string, unknown> | null)?.[EDITOR_VISIT_STATE];
    const visit = typeof carried === 'string' ? carried : `${edit}:${location.key}`;
    return <PostEditor key={visit} visit={visit} id={edit === 'new' ? null : edit} />;
  }
  return <BlogList isLoggedIn={isLoggedIn} isAdmin={isAdmin} tag={search.get(TAG_PARAM)} />;
}
