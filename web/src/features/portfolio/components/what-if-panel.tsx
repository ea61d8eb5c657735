import type { PortfolioWhatIf } from '@nivesh/proto';
import { useId } from 'react';
import { Link } from 'react-router';
import { QueryState } from '../../../components/market/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { usePremium } from '../../../hooks/use-premium';
import type { PremiumState } from '../../../lib/premium-status';
import { useWhatIf } from '../api/get-what-if';
import { formatPercent } from '../figures';
import { WHAT_IF_TEXTS, whatIfWindow } from '../texts';

/** The three mixes side by side, heaviest today first, with the volatility each would have had under them. */
function MixTable({ whatIf }: { whatIf: PortfolioWhatIf }) {
  const rows = [...whatIf.holdings].sort((a, b) => b.current_pct - a.current_pct || a.symbol.localeCompare(b.symbol));
  return (
    <ScrollTable label="What-if table">
      <table className="data-table what-if-table">
        <caption className="visually-hidden">{WHAT_IF_TEXTS.caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="text">
              {WHAT_IF_TEXTS.stock}
            </th>
            <th scope="col">{WHAT_IF_TEXTS.today}</th>
            <th scope="col">{WHAT_IF_TEXTS.minVariance}</th>
            <th scope="col">{WHAT_IF_TEXTS.riskParity}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.symbol}>
              <th scope="row" className="text">
                <span className="holding-symbol">{row.symbol}</span>
                <span className="row-company">{row.company}</span>
              </th>
              <td>{formatPercent(row.current_pct)}</td>
              <td>{formatPercent(row.min_variance_pct)}</td>
              <td>{formatPercent(row.risk_parity_pct)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="text">
              {WHAT_IF_TEXTS.volatility}
            </th>
            <td>{formatPercent(whatIf.volatility.current)}</td>
            <td>{formatPercent(whatIf.volatility.min_variance)}</td>
            <td>{formatPercent(whatIf.volatility.risk_parity)}</td>
          </tr>
        </tfoot>
      </table>
    </ScrollTable>
  );
}

/** The illustration, or the server's sentence on why there is none; its window and its assumptions either way. */
function WhatIfBody({ whatIf }: { whatIf: PortfolioWhatIf }) {
  const assumptionsId = useId();
  const period = whatIfWindow(whatIf.from, whatIf.to, whatIf.returns);
  return (
    <>
      {whatIf.unavailable !== null ? (
        <p className="portfolio-empty-note" data-testid="what-if-unavailable">
          {whatIf.unavailable}
        </p>
      ) : (
        <>
          <MixTable whatIf={whatIf} />
          {period ? <p className="muted portfolio-note">{period}</p> : null}
        </>
      )}
      {whatIf.assumptions.length > 0 ? (
        <section className="what-if-assumptions" aria-labelledby={assumptionsId}>
          <h3 id={assumptionsId}>{WHAT_IF_TEXTS.assumptionsTitle}</h3>
          <ul>
            {whatIf.assumptions.map((assumption) => (
              <li key={assumption}>{assumption}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/**
 * For whoever cannot use premium on this device: what the tool is, that it is part of Premium, and a link to it;
 * premium held by another device can be moved on /premium. Nothing is asked of the server meanwhile.
 */
function WhatIfUpsell({ premium }: { premium: PremiumState }) {
  if (premium.loading) {
    return (
      <p className="muted" role="status">
        {WHAT_IF_TEXTS.checking}
      </p>
    );
  }
  return (
    <div className="premium-upsell" data-testid="what-if-upsell">
      <p>{premium.conflict ? WHAT_IF_TEXTS.conflict : WHAT_IF_TEXTS.upsellText}</p>
      <Link to="/premium" className="button-link">
        {WHAT_IF_TEXTS.seePremium}
      </Link>
    </div>
  );
}

/**
 * The premium what-if on /portfolio (never on the example): a minimum-variance and a risk-parity mix of the stocks
 * held beside today's weights, headed as an educational illustration rather than advice. It is asked for only once
 * premium status on this device is known to be active; a refusal all the same (401, 403) is shown in the server's
 * words.
 */
export function WhatIfPanel() {
  const headingId = useId();
  const premium = usePremium();
  // While the first status answer is on its way the stored flag stands in, and can say premium for an account whose
  // premium is on another device: the what-if waits for the answer rather than be refused.
  const query = useWhatIf(premium.active && !premium.loading);
  return (
    <section className="panel what-if-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{WHAT_IF_TEXTS.title}</h2>
      <p className="what-if-label" data-testid="what-if-label">
        {WHAT_IF_TEXTS.label}
      </p>
      {premium.active ? (
        <>
          <p className="muted">{WHAT_IF_TEXTS.lead}</p>
          <QueryState query={query} what={WHAT_IF_TEXTS.what}>
            {(whatIf) => <WhatIfBody whatIf={whatIf} />}
          </QueryState>
        </>
      ) : (
        <WhatIfUpsell premium={premium} />
      )}
    </section>
  );
}
