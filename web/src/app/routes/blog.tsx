import { lazy } from 'react';
import { useSession } from '../../lib/session';

const BlogPage = lazy(() => import('../../features/blog/components/blog-page').then((module) => ({ default: module.BlogPage })));

/** /blog is open; the page receives the user and the login state (section 2). */
export function BlogRoute() {
  const { user } = useSession();
  return <BlogPage user={user} isLoggedIn={user !== null} />;
}
