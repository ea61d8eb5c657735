import { Link } from 'react-router';
import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/market/query-state';
import { useAuthDialog } from '../../../hooks/use-auth-dialog';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { useSession } from '../../../lib/session';
import { useExamplePortfolio } from '../api/get-example';
import { PORTFOLIO_TEXTS } from '../texts';
import { PortfolioSummaryView } from './portfolio-summary-view';
import '../../../components/market/market.css';
import './portfolio.css';

/**
 * Says plainly that this is an example, in the server's words when it gives them; visitors are asked to log in to
 * track their own, logged-in users are sent to theirs.
 */
function ExampleBanner({ text }: { text: string | null }) {
  const { session } = useSession();
  const authDialog = useAuthDialog();
  return (
    <div className="notice notice-row example-banner" role="note" data-testid="example-banner">
      <p>
        {text ?? PORTFOLIO_TEXTS.exampleBanner}{' '}
        {session ? (
          <>
            {PORTFOLIO_TEXTS.exampleOwn} <Link to="/portfolio">{PORTFOLIO_TEXTS.exampleOwnLink}</Link>.
          </>
        ) : (
          PORTFOLIO_TEXTS.exampleLogIn
        )}
      </p>
      {session ? null : (
        <button type="button" className="primary" onClick={() => authDialog.open('signin')}>
          {PORTFOLIO_TEXTS.logIn}
        </button>
      )}
    </div>
  );
}

/** /portfolio-fixed (open): the portfolio view, read-only, on a fixed example of ten stocks bought on one day. */
export function PortfolioFixedPage() {
  usePageMeta({
    title: PORTFOLIO_TEXTS.exampleTitle,
    description: PORTFOLIO_TEXTS.exampleDescription,
    path: '/portfolio-fixed',
  });
  const example = useExamplePortfolio();
  return (
    <div className="page-body portfolio-page">
      <PageHeader title={PORTFOLIO_TEXTS.exampleTitle} lead={PORTFOLIO_TEXTS.exampleLead} />
      <ExampleBanner text={example.data?.example ?? null} />
      <EducationalNotice />
      <QueryState query={example} what="example portfolio">
        {(data) => <PortfolioSummaryView summary={data} subject="This portfolio" />}
      </QueryState>
    </div>
  );
}
