import type { PortfolioSummary } from '@nivesh/proto';
import { useId } from 'react';
import { PORTFOLIO_TEXTS } from '../texts';
import { AllocationPanel } from './allocation-panel';
import { HoldingsPanel } from './holdings-panel';
import { PerformancePanel } from './performance-panel';
import { RiskPanel } from './risk-panel';
import { ValueChart } from './value-chart';

type PortfolioSummaryViewProps = {
  summary: PortfolioSummary;
  /** Whose money the XIRR sentence speaks of: 'Your money', or 'This portfolio' for the example. */
  subject: string;
};

/**
 * The portfolio read-only, the same for one's own and the example: holdings, performance, value, allocation and
 * risk.
 */
export function PortfolioSummaryView({ summary, subject }: PortfolioSummaryViewProps) {
  const chartHeadingId = useId();
  return (
    <>
      <HoldingsPanel summary={summary} />
      {summary.notes.length > 0 ? (
        <ul className="notice portfolio-notes" data-testid="portfolio-notes">
          {summary.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
      <PerformancePanel summary={summary} subject={subject} />
      <section className="panel value-panel" aria-labelledby={chartHeadingId}>
        <h2 id={chartHeadingId}>{PORTFOLIO_TEXTS.chartTitle}</h2>
        <p className="muted">{PORTFOLIO_TEXTS.chartLead}</p>
        <ValueChart series={summary.series} />
      </section>
      <AllocationPanel sectors={summary.allocation.by_sector} asOf={summary.as_of} />
      <RiskPanel risk={summary.risk} />
    </>
  );
}
