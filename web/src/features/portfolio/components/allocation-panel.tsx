import type { PortfolioSummary } from '@nivesh/proto';
import { useId } from 'react';
import { formatINR } from '../../../lib/format';
import { formatPercent } from '../figures';
import { PORTFOLIO_TEXTS, allocationLead } from '../texts';

type Sector = PortfolioSummary['allocation']['by_sector'][number];

/**
 * Each sector's share of the value as a bar with its % and rupees, largest first. A list of words with bars drawn
 * in CSS: readable without the bars, no chart library for a handful of numbers.
 */
export function AllocationPanel({ sectors, asOf }: { sectors: readonly Sector[]; asOf: string | null }) {
  const headingId = useId();
  const ordered = [...sectors].sort((a, b) => b.weight_pct - a.weight_pct || a.sector.localeCompare(b.sector));
  return (
    <section className="panel allocation-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{PORTFOLIO_TEXTS.allocationTitle}</h2>
      <p className="muted">{allocationLead(asOf)}</p>
      {ordered.length === 0 ? (
        <p className="portfolio-empty-note">{PORTFOLIO_TEXTS.allocationEmpty}</p>
      ) : (
        <ul className="allocation-list" aria-label={PORTFOLIO_TEXTS.allocationCaption}>
          {ordered.map((entry) => (
            <li key={entry.sector} className="allocation-row">
              <span className="allocation-sector">{entry.sector}</span>
              <span className="allocation-figures">
                <strong>{formatPercent(entry.weight_pct)}</strong>
                <span className="muted"> · {formatINR(entry.value, { fractionDigits: 0 })}</span>
              </span>
              <span className="allocation-track" aria-hidden="true">
                <span
                  className="allocation-bar"
                  style={{ width: `${Math.min(100, Math.max(0, entry.weight_pct))}%` }}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
