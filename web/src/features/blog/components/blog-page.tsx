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

/** /blog: articles on investing in India; open as a route, locked in the sidebar for visitors. */
export function BlogPage({ user, isLoggedIn }: BlogPageProps) {
  usePageMeta({
    title: 'Blog',
    description: 'Articles on investing in Indian markets: reading charts, understanding sentiment and managing risk.',
    path: '/blog',
  });
  const authDialog = useAuthDialog();
  return (
    <div className="page-body">
      <PageHeader title="Blog" lead="Plain-language articles on investing in Indian markets." />
      {isLoggedIn && user ? (
        <p className="notice">Signed in as {user.username}.</p>
      ) : (
        <div className="notice notice-row">
          <p>Log in to keep your place in the articles you read.</p>
          <button type="button" className="secondary" onClick={() => authDialog.open('signin')}>
            Log in
          </button>
        </div>
      )}
      <div className="panel-grid">
        <PendingPanel title="Latest articles" className="span-2" pending={PENDING.blog}>
          <p>Guides to reading charts, understanding market sentiment and managing risk, newest first.</p>
        </PendingPanel>
      </div>
    </div>
  );
}
