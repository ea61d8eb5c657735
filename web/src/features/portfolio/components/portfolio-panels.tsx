import { PendingPanel } from '../../../components/pending-panel';
import { PENDING } from '../../../lib/pending';

/** The panels both portfolio views hold. */
export function PortfolioPanels() {
  return (
    <div className="panel-grid">
      <PendingPanel title="Holdings" className="span-2" pending={PENDING.portfolio}>
        <p>Each stock you hold with its quantity, average cost, last close and gain or loss, in rupees.</p>
      </PendingPanel>
      <PendingPanel title="Allocation" pending={PENDING.portfolio}>
        <p>How your money is spread across stocks and sectors.</p>
      </PendingPanel>
      <PendingPanel title="Performance" pending={PENDING.portfolio}>
        <p>Your portfolio&apos;s value over time against NIFTY 50.</p>
      </PendingPanel>
    </div>
  );
}
