import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { PENDING } from '../../../lib/pending';

/** /risk-detection: risk figures of a stock, unusual-activity flags, and how to spot investment fraud. */
export function RiskDetectionPage() {
  usePageMeta({
    title: 'Risk Detection',
    description: 'Volatility, drawdown, beta and value at risk of NSE stocks, unusual trading flags, and how to spot investment fraud.',
    path: '/risk-detection',
  });
  return (
    <div className="page-body">
      <PageHeader title="Risk Detection" lead="How much a stock can hurt, and the warning signs of manipulation and fraud." />
      <EducationalNotice />
      <div className="panel-grid">
        <PendingPanel title="Risk figures" pending={PENDING.marketData}>
          <ul className="plain-list">
            <li>Annualised volatility — how widely the price swings in a typical year.</li>
            <li>Maximum drawdown — the deepest fall from a peak.</li>
            <li>Beta to NIFTY 50 — how strongly it moves with the market.</li>
            <li>95% one-day value at risk — a bad day that comes about once in twenty.</li>
          </ul>
        </PendingPanel>
        <PendingPanel title="Unusual activity" pending={PENDING.marketData}>
          <p>Days with abnormal volume and a sharp price jump (a pump-and-dump pattern), price gaps and limit-like moves, each with the figures behind the flag.</p>
        </PendingPanel>
        <section className="panel span-2" aria-labelledby="fraud-guide-heading">
          <h2 id="fraud-guide-heading">Spotting investment fraud</h2>
          <ul className="plain-list">
            <li>
              <strong>Unregistered advisers.</strong> Anyone selling stock tips or advice for a fee in India must be registered
              with SEBI as an investment adviser or research analyst. Check the registration number on SEBI&apos;s website before
              you pay anyone.
            </li>
            <li>
              <strong>Guaranteed returns.</strong> Shares never come with guaranteed or &lsquo;fixed&rsquo; returns. A promise of
              one is the clearest sign of a scheme built to take your money.
            </li>
            <li>
              <strong>Tips in chat groups.</strong> &lsquo;Sure-shot&rsquo; tips in WhatsApp or Telegram groups often push a small,
              thinly traded stock up so that the group&apos;s operators can sell to the people who follow the tip.
            </li>
            <li>
              <strong>Pressure to act now.</strong> Genuine analysis still holds tomorrow. Urgency, secrecy and requests to move
              money to a personal account are reasons to stop.
            </li>
          </ul>
        </section>
      </div>
    </div>
  );
}
