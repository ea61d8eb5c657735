import { SystemStatusPanel } from '../../features/status/components/system-status-panel';
import { usePageMeta } from '../../hooks/use-page-meta';

/** / and /dashboard: the market overview will live here; for now the system status. */
export function DashboardPage() {
  usePageMeta({
    title: 'Dashboard',
    description: 'Nivesh: AI-assisted analysis of NSE stocks, in rupees. Educational, not investment advice.',
    path: '/dashboard',
  });
  return (
    <div className="page-body">
      <header className="page-header">
        <h1>Dashboard</h1>
        <p className="tagline">AI-assisted analysis of NSE stocks, in rupees — educational, not investment advice</p>
      </header>
      <SystemStatusPanel />
    </div>
  );
}
