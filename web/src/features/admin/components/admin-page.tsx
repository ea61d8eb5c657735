import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';
import { SystemStatusPanel } from './system-status-panel';

/** /admin (admin only): the administrator's starting point, with the system status (never shown to visitors or users). */
export function AdminPage() {
  usePageMeta({ title: 'Admin', description: 'Administration of Nivesh (administrators only).', path: '/admin' });
  return (
    <div className="page-body">
      <PageHeader title="Admin" lead="Administration of Nivesh." />
      <div className="panel-grid">
        <SystemStatusPanel />
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
        <PendingPanel title="Accounts" pending={PENDING.admin}>
          <p>
            Administrators are created from the command line for now (<code>npm run admin:create</code>).
          </p>
        </PendingPanel>
      </div>
    </div>
  );
}
