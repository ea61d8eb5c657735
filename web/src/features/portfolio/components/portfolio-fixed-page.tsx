import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PortfolioPanels } from './portfolio-panels';

/** /portfolio-fixed: the open variant of the portfolio view. */
export function PortfolioFixedPage() {
  usePageMeta({
    title: 'Portfolio Overview',
    description: 'An overview of an NSE portfolio: holdings, allocation and performance in rupees.',
    path: '/portfolio-fixed',
  });
  return (
    <div className="page-body">
      <PageHeader title="Portfolio Overview" lead="Holdings, allocation and performance at a glance." />
      <EducationalNotice />
      <PortfolioPanels />
    </div>
  );
}
