import { PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /analytics (admin only): how the app is used. */
export function AnalyticsPage() {
  usePageMeta({ title: 'Analytics', description: 'How Nivesh is used: sessions, pages and actions (administrators only).', path: '/analytics' });
  return (
    <div className="page-body">
      <PageHeader title="Analytics" lead="How Nivesh is used, for administrators." />
      <div className="panel-grid">
        <PendingPanel title="Overview, last 7 days" className="span-2" pending={PENDING.analytics}>
          <p>Sessions, page visits and actions per day, with the share that failed.</p>
        </PendingPanel>
        <PendingPanel title="Current users" pending={PENDING.analytics}>
          <p>People using the app right now.</p>
        </PendingPanel>
        <PendingPanel title="Basic statistics" pending={PENDING.analytics}>
          <p>Most visited pages, most used features and average response times.</p>
        </PendingPanel>
      </div>
    </div>
  );
}
