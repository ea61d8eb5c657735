import type { PortfolioRisk } from '@nivesh/proto';
import { useId } from 'react';
import { ScrollTable } from '../../../components/scroll-table';
import { formatPercent } from '../figures';
import {
  RISK_TEXTS,
  betaFigure,
  betaSentence,
  drawdownSentence,
  niftyVolatility,
  riskWindow,
} from '../texts';

type Contribution = PortfolioRisk['contributions'][number];

/** Largest share of risk first; a stock without one last, then by symbol. */
const byRiskShare = (a: Contribution, b: Contribution): number =>
  (b.risk_share_pct ?? Number.NEGATIVE_INFINITY) - (a.risk_share_pct ?? Number.NEGATIVE_INFINITY) ||
  a.symbol.localeCompare(b.symbol);

/** A bar as long as `pct` of its track, drawn in CSS and hidden from screen readers (the figure beside it says it). */
function Bar({ pct, kind }: { pct: number | null; kind: 'weight' | 'risk' }) {
  const width = pct === null || !Number.isFinite(pct) ? 0 : Math.min(100, Math.max(0, pct));
  return (
    <span className="share-track" aria-hidden="true">
      <span className={`share-bar share-bar-${kind}`} style={{ width: `${width}%` }} />
    </span>
  );
}

/** Each holding's weight beside its share of the risk: a small table whose figures carry bars under them. */
function Contributions({ contributions }: { contributions: readonly Contribution[] }) {
  const headingId = useId();
  const rows = [...contributions].sort(byRiskShare);
  return (
    <section className="risk-contributions" aria-labelledby={headingId}>
      <h3 id={headingId}>{RISK_TEXTS.contributionsTitle}</h3>
      <p className="muted">{RISK_TEXTS.contributionsLead}</p>
      <ScrollTable label={`${RISK_TEXTS.contributionsTitle} table`}>
        <table className="data-table risk-table">
          <caption className="visually-hidden">{RISK_TEXTS.contributionsCaption}</caption>
          <thead>
            <tr>
              <th scope="col" className="text">
                {RISK_TEXTS.stock}
              </th>
              <th scope="col">{RISK_TEXTS.weight}</th>
              <th scope="col">{RISK_TEXTS.riskShare}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.symbol}>
                <th scope="row" className="text">
                  {row.symbol}
                </th>
                <td>
                  {formatPercent(row.weight_pct)}
                  <Bar pct={row.weight_pct} kind="weight" />
                </td>
                <td>
                  {formatPercent(row.risk_share_pct)}
                  <Bar pct={row.risk_share_pct} kind="risk" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </section>
  );
}

/**
 * The Risk panel of both portfolio pages: volatility against NIFTY 50's, beta, the largest fall with its dates, and
 * each holding's weight against its share of the risk, over the window the figures use. The summary has no risk
 * with nothing held or too few days of prices, and the panel says so.
 */
export function RiskPanel({ risk }: { risk: PortfolioRisk | null }) {
  const headingId = useId();
  return (
    <section className="panel risk-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{RISK_TEXTS.title}</h2>
      <p className="muted">{RISK_TEXTS.lead}</p>
      {risk === null ? (
        <p className="portfolio-empty-note">{RISK_TEXTS.none}</p>
      ) : (
        <>
          <p className="risk-window" data-testid="risk-window">
            {riskWindow(risk)}
          </p>
          <dl className="return-figures risk-figures" aria-label={RISK_TEXTS.figuresLabel}>
            <div className="return-figure">
              <dt>{RISK_TEXTS.volatility}</dt>
              <dd>
                <span className="return-value">
                  {formatPercent(risk.volatility)}
                  <span className="risk-beside">{niftyVolatility(risk.nifty_volatility)}</span>
                </span>
                <span className="return-explain">{RISK_TEXTS.volatilityExplain}</span>
              </dd>
            </div>
            <div className="return-figure">
              <dt>{RISK_TEXTS.beta}</dt>
              <dd>
                <span className="return-value">{betaFigure(risk.beta)}</span>
                <span className="return-explain">{betaSentence(risk.beta)}</span>
              </dd>
            </div>
            <div className="return-figure">
              <dt>{RISK_TEXTS.drawdown}</dt>
              <dd>
                <span className="return-value">{formatPercent(risk.max_drawdown, { signed: true })}</span>
                <span className="return-explain">{drawdownSentence(risk)}</span>
              </dd>
            </div>
          </dl>
          {risk.contributions.length > 0 ? <Contributions contributions={risk.contributions} /> : null}
        </>
      )}
    </section>
  );
}
