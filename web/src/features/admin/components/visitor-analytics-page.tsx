import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /admin/visitor-analytics (admin only): anonymous visitor traffic. */
export function VisitorAnalyticsPage() {
  usePageMeta({
    title: 'Visitor Analytics',
    description: 'Visitors, page views and session lengths on Nivesh (administrators only).',
    path: '/admin/visitor-analytics',
  });
  return (
    <div className="page-body">
      <p className="breadcrumb">
        <Link to="/admin">Admin</Link> <span aria-hidden="true">/</span> Visitor analytics
      </p>
      <PageHeader title="Visitor Analytics" lead="Anonymous traffic: who visits, how long they stay, which pages they read." />
      <div className="panel-grid">
        <PendingPanel title="Visitors and sessions" pending={PENDING.visitors}>
          <p>Visitors, sessions and page views per day.</p>
        </PendingPanel>
        <PendingPanel title="Time on site" pending={PENDING.visitors}>
          <p>How long sessions last and how many pages each one visits.</p>
        </PendingPanel>
        <PendingPanel title="Pages" className="span-2" pending={PENDING.visitors}>
          <p>The most visited pages and their load times.</p>
        </PendingPanel>
      </div>
    </div>
  );
}
