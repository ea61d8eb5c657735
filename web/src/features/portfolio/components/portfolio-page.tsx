import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PortfolioPanels } from './portfolio-panels';

/** /portfolio (logged-in only): the user's holdings. */
export function PortfolioPage() {
  usePageMeta({ title: 'Portfolio', description: 'Your NSE holdings, allocation and performance in rupees.', path: '/portfolio' });
  return (
    <div className="page-body">
      <PageHeader title="Portfolio" lead="Your holdings, their value in rupees, and how they have done." />
      <EducationalNotice />
      <PortfolioPanels />
    </div>
  );
}
