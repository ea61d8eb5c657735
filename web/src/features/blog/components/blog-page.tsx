import { PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { useAuthDialog } from '../../../hooks/use-auth-dialog';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';
import type { SessionUser } from '../../../lib/session';

type BlogPageProps = {
  /** The signed-in user, or null for a visitor (section 2: the blog route receives the user and login state). */
  user: SessionUser | null;
  isLoggedIn: boolean;
};

/** /blog: not built yet; open as a route, locked in the sidebar for visitors. */
export function BlogPage({ user, isLoggedIn }: BlogPageProps) {
  usePageMeta({ title: 'Blog', description: PENDING.blog, path: '/blog' });
  const authDialog = useAuthDialog();
  return (
    <div className="page-body">
      <PageHeader title="Blog" />
      {isLoggedIn && user ? (
        <p className="notice">Signed in as {user.username}.</p>
      ) : (
        <div className="notice notice-row">
          <p>You are not logged in.</p>
          <button type="button" className="secondary" onClick={() => authDialog.open('signin')}>
            Log in
          </button>
        </div>
      )}
      <PendingPanel pending={PENDING.blog} />
    </div>
  );
}
