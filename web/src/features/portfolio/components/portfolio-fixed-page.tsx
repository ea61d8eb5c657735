import { PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';
import { PortfolioPanels } from './portfolio-panels';

/** /portfolio-fixed: the open variant of the portfolio view, not built yet. */
export function PortfolioFixedPage() {
  usePageMeta({ title: 'Portfolio Overview', description: PENDING.portfolio, path: '/portfolio-fixed' });
  return (
    <div className="page-body">
      <PageHeader title="Portfolio Overview" />
      <PortfolioPanels />
    </div>
  );
}
