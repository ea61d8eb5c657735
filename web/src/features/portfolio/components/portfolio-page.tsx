import { PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';
import { PortfolioPanels } from './portfolio-panels';

/** /portfolio (logged-in only): the user's portfolio, not built yet. */
export function PortfolioPage() {
  usePageMeta({ title: 'Portfolio', description: PENDING.portfolio, path: '/portfolio' });
  return (
    <div className="page-body">
      <PageHeader title="Portfolio" />
      <PortfolioPanels />
    </div>
  );
}
