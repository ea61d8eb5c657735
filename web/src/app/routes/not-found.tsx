import { Link } from 'react-router';
import { usePageMeta } from '../../hooks/use-page-meta';
import './not-found.css';

/** Any unknown path (section 2). */
export function NotFoundPage() {
  usePageMeta({ title: 'Page not found', description: 'This page does not exist on Nivesh.', path: '/404' });
  return (
    <div className="page-body not-found">
      <h1>Page not found</h1>
      <p className="muted">The page you asked for does not exist or has moved.</p>
      <p>
        <Link to="/dashboard" className="button-link">
          Return to Dashboard
        </Link>
      </p>
    </div>
  );
}
