import { PendingPanel } from '../../../components/pending-panel';
import { PENDING } from '../../../lib/pending';

/** What both portfolio views hold today: a plain note that the portfolio is not built yet. */
export function PortfolioPanels() {
  return <PendingPanel pending={PENDING.portfolio} />;
}
