import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /admin/visitor-analytics (admin only): visitor analytics, not built yet. */
export function VisitorAnalyticsPage() {
  usePageMeta({ title: 'Visitor Analytics', description: PENDING.visitors, path: '/admin/visitor-analytics' });
  return (
    <div className="page-body">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link> <span aria-hidden="true">/</span> Visitor analytics
      </p>
      <PageHeader title="Visitor Analytics" />
      <PendingPanel pending={PENDING.visitors} />
    </div>
  );
}
