import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { AccountsPanel } from './accounts-panel';
import { AdminLogPanel } from './admin-log-panel';
import { QueueBoardPanel } from './queue-board-panel';
import { SystemStatusPanel } from './system-status-panel';

/** /admin (admin only): the administrator's starting point: system status, the accounts, the admin log and the reports. */
export function AdminPage() {
  usePageMeta({ title: 'Admin', description: 'Administration of Nivesh (administrators only).', path: '/admin' });
  return (
    <div className="page-body">
      <PageHeader title="Admin" lead="Administration of Nivesh." />
      <div className="panel-grid">
        <SystemStatusPanel />
        <AccountsPanel />
        <AdminLogPanel />
        <QueueBoardPanel />
        <section className="panel" aria-labelledby="admin-reports-heading">
          <h2 id="admin-reports-heading">Reports</h2>
          <ul className="link-list">
            <li>
              <Link to="/analytics">Usage analytics</Link>
            </li>
            <li>
              <Link to="/admin/visitor-analytics">Visitor analytics</Link>
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}
