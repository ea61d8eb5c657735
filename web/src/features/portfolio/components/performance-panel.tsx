import type { PortfolioSummary } from '@nivesh/proto';
import { useId } from 'react';
import { ScrollTable } from '../../../components/scroll-table';
import {
  PORTFOLIO_TEXTS,
  niftyEndsNote,
  niftyReturnFigure,
  periodLine,
  twrFigure,
  xirrFigure,
  xirrSentence,
} from '../texts';
import { Gain } from './gain';

/** A column header with, under it, what the term means ('Short term', '12 months or less'). */
function TermHeader({ term, hint }: { term: string; hint: string }) {
  return (
    <th scope="col">
      {term}
      <span className="term-hint">{hint}</span>
    </th>
  );
}

/** Realised gains of each Indian fiscal year, short term and long term, with their sums. */
function RealisedGains({ years }: { years: PortfolioSummary['realised'] }) {
  const headingId = useId();
  const total = years.reduce(
    (sum, year) => ({ short: sum.short + year.short_term, long: sum.long + year.long_term }),
    { short: 0, long: 0 },
  );
  return (
    <section className="realised-gains" aria-labelledby={headingId}>
      <h3 id={headingId}>{PORTFOLIO_TEXTS.realisedTitle}</h3>
      <p className="muted">{PORTFOLIO_TEXTS.realisedLead}</p>
      {years.length === 0 ? (
        <p className="portfolio-empty-note">{PORTFOLIO_TEXTS.realisedEmpty}</p>
      ) : (
        <>
          <ScrollTable label="Realised gains table">
            <table className="data-table realised-table">
              <caption className="visually-hidden">{PORTFOLIO_TEXTS.realisedCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{PORTFOLIO_TEXTS.fiscalYear}</th>
                  <TermHeader term={PORTFOLIO_TEXTS.shortTerm} hint={PORTFOLIO_TEXTS.shortTermHint} />
                  <TermHeader term={PORTFOLIO_TEXTS.longTerm} hint={PORTFOLIO_TEXTS.longTermHint} />
                  <th scope="col">{PORTFOLIO_TEXTS.realisedTotal}</th>
                </tr>
              </thead>
              <tbody>
                {years.map((year) => (
                  <tr key={year.fiscal_year}>
                    <th scope="row">{year.fiscal_year}</th>
                    <td>
                      <Gain value={year.short_term} />
                    </td>
                    <td>
                      <Gain value={year.long_term} />
                    </td>
                    <td>
                      <Gain value={year.short_term + year.long_term} />
                    </td>
                  </tr>
                ))}
              </tbody>
              {years.length > 1 ? (
                <tfoot>
                  <tr>
                    <th scope="row">{PORTFOLIO_TEXTS.realisedTotal}</th>
                    <td>
                      <Gain value={total.short} />
                    </td>
                    <td>
                      <Gain value={total.long} />
                    </td>
                    <td>
                      <Gain value={total.short + total.long} />
                    </td>
                  </tr>
                </tfoot>
              ) : null}
            </table>
          </ScrollTable>
          <p className="muted portfolio-note">{PORTFOLIO_TEXTS.realisedRecord}</p>
        </>
      )}
    </section>
  );
}

/** One return with its name and what it measures, in a line under the figure. */
function ReturnFigure({ label, figure, explain }: { label: string; figure: string; explain: string }) {
  return (
    <div className="return-figure">
      <dt>{label}</dt>
      <dd>
        <span className="return-value">{figure}</span>
        <span className="return-explain">{explain}</span>
      </dd>
    </div>
  );
}

/**
 * XIRR, the time-weighted return and NIFTY 50's own return over the same period side by side: the first answers
 * what the money earned with its timing, the second how the holdings did whatever the timing, comparable with the
 * third.
 */
function ReturnFigures({ performance }: { performance: PortfolioSummary['performance'] }) {
  return (
    <dl className="return-figures" aria-label={PORTFOLIO_TEXTS.returnsLabel} data-testid="return-figures">
      <ReturnFigure
        label={PORTFOLIO_TEXTS.xirrLabel}
        figure={xirrFigure(performance.xirr)}
        explain={PORTFOLIO_TEXTS.xirrExplain}
      />
      <ReturnFigure
        label={PORTFOLIO_TEXTS.twrLabel}
        figure={twrFigure(performance.twr, performance.twr_annualised)}
        explain={PORTFOLIO_TEXTS.twrExplain}
      />
      <ReturnFigure
        label={PORTFOLIO_TEXTS.niftyReturnLabel}
        figure={niftyReturnFigure(performance.nifty_return)}
        explain={PORTFOLIO_TEXTS.niftyReturnExplain}
      />
    </dl>
  );
}

type PerformancePanelProps = {
  summary: PortfolioSummary;
  /** Whose money the XIRR sentence speaks of: 'Your money', or 'This portfolio' for the example. */
  subject: string;
};

/**
 * XIRR against NIFTY 50's for the same payments in words, the returns side by side, what XIRR is, and the realised
 * gains by fiscal year.
 */
export function PerformancePanel({ summary, subject }: PerformancePanelProps) {
  const headingId = useId();
  const { xirr, nifty_xirr: niftyXirr, first_date: firstDate } = summary.performance;
  const sentence = xirrSentence(subject, xirr, niftyXirr);
  const niftyNote = niftyEndsNote(summary.performance.nifty_as_of, summary.as_of);
  return (
    <section className="panel performance-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{PORTFOLIO_TEXTS.performanceTitle}</h2>
      {sentence ? (
        <p className="xirr-sentence" data-testid="xirr-sentence">
          {sentence}
        </p>
      ) : (
        <p className="portfolio-empty-note">{PORTFOLIO_TEXTS.xirrNone}</p>
      )}
      {firstDate ? <p className="muted">{periodLine(firstDate, summary.as_of)}</p> : null}
      {firstDate ? <ReturnFigures performance={summary.performance} /> : null}
      {firstDate && niftyNote ? (
        <p className="muted portfolio-note" data-testid="nifty-ends">
          {niftyNote}
        </p>
      ) : null}
      <h3>{PORTFOLIO_TEXTS.xirrMeaningTitle}</h3>
      <p className="xirr-meaning">{PORTFOLIO_TEXTS.xirrMeaning}</p>
      <RealisedGains years={summary.realised} />
    </section>
  );
}
