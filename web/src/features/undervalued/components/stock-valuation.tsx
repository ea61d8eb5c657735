import type { FundamentalMeasure, StockFundamentals, StockValuation } from '@nivesh/proto';
import { useId } from 'react';
import type { ReactNode, RefObject } from 'react';
import { QueryState } from '../../../components/market/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { NOT_A_NUMBER, formatINR, formatIndianDay, formatIndianNumber, formatMarketDate } from '../../../lib/format';
import { useValuation } from '../api/get-valuation';
import { BANK_MEASURES, formatCrore, formatMeasure } from '../measures';
import {
  MEASURE_LABELS,
  MEASURE_MEANINGS,
  TTM_METHODS,
  UNDERVALUED_TEXTS,
  bankNotice,
  grahamComparison,
} from '../texts';
import { ValuationChart } from './valuation-chart';
import { FUNDAMENTAL_MEASURES } from '@nivesh/proto/values';

/** The measures in reading order: for a bank, P/B and ROE first, as the ones that tell. */
const measureOrder = (bank: boolean): FundamentalMeasure[] =>
  bank
    ? [
        ...FUNDAMENTAL_MEASURES.filter((m) => BANK_MEASURES.has(m)),
        ...FUNDAMENTAL_MEASURES.filter((m) => !BANK_MEASURES.has(m)),
      ]
    : [...FUNDAMENTAL_MEASURES];

const rupees = (value: number | null) => (value === null ? NOT_A_NUMBER : formatINR(value));

function Subsection({ title, children, className }: { title: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section className={className ? `valuation-part ${className}` : 'valuation-part'} aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {children}
    </section>
  );
}

/** Today's value of every measure beside the stock's 5-year median and its sector's; a missing one says why. */
function TodayTable({ latest }: { latest: StockFundamentals }) {
  return (
    <ScrollTable label="Today's measures table">
      <table className="data-table valuation-today">
        <caption className="visually-hidden">{`${UNDERVALUED_TEXTS.todayTitle} of ${latest.company}, against its 5-year median and its sector median`}</caption>
        <thead>
          <tr>
            <th scope="col">{UNDERVALUED_TEXTS.measure}</th>
            <th scope="col">{UNDERVALUED_TEXTS.today}</th>
            <th scope="col">{UNDERVALUED_TEXTS.median5y}</th>
            <th scope="col">{latest.bank ? UNDERVALUED_TEXTS.banksMedian : UNDERVALUED_TEXTS.sectorMedian}</th>
          </tr>
        </thead>
        <tbody>
          {measureOrder(latest.bank).map((measure) => {
            const figure = latest.measures[measure];
            return (
              <tr key={measure} className={latest.bank && BANK_MEASURES.has(measure) ? 'key-measure' : undefined}>
                <th scope="row">{MEASURE_LABELS[measure].column}</th>
                <td>
                  {formatMeasure(measure, figure.value)}
                  {figure.value === null && figure.missing_reason ? (
                    <span className="measure-reason">{figure.missing_reason}</span>
                  ) : null}
                </td>
                <td>{formatMeasure(measure, figure.median_5y)}</td>
                <td>{formatMeasure(measure, figure.sector_median)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** TTM EPS and how it was formed, book value per share, and the Graham number with what it means. */
function PerShare({ latest }: { latest: StockFundamentals }) {
  const graham = latest.graham_number;
  return (
    <dl className="valuation-per-share">
      <div>
        <dt>{UNDERVALUED_TEXTS.ttmEps}</dt>
        <dd>
          {rupees(latest.ttm_eps)}
          {latest.ttm_method ? <span className="muted"> ({TTM_METHODS[latest.ttm_method]})</span> : null}
        </dd>
      </div>
      <div>
        <dt>{UNDERVALUED_TEXTS.bookValue}</dt>
        <dd>{rupees(latest.book_value_per_share)}</dd>
      </div>
      <div>
        <dt>{UNDERVALUED_TEXTS.grahamNumber}</dt>
        <dd>
          {rupees(graham)}
          <span className="valuation-meaning">{UNDERVALUED_TEXTS.grahamMeaning}</span>
          <span className="valuation-meaning">
            {graham !== null && graham > 0
              ? grahamComparison(formatINR(latest.close), formatIndianNumber(latest.close / graham, 1))
              : UNDERVALUED_TEXTS.grahamMissing}
          </span>
        </dd>
      </div>
    </dl>
  );
}

/** Every filing counted, newest first: revenue and profit in ₹ crore, EPS as filed and in today's shares. */
function FilingsTable({ filings }: { filings: StockValuation['filings'] }) {
  if (filings.length === 0) return <p className="muted">{UNDERVALUED_TEXTS.noFilings}</p>;
  const newestFirst = [...filings].sort((a, b) => (a.filed_at < b.filed_at ? 1 : a.filed_at > b.filed_at ? -1 : 0));
  return (
    <ScrollTable label="Filings table">
      <table className="data-table valuation-filings">
        <caption className="visually-hidden">{UNDERVALUED_TEXTS.filingsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{UNDERVALUED_TEXTS.period}</th>
            <th scope="col" className="text">
              {UNDERVALUED_TEXTS.published}
            </th>
            <th scope="col">{UNDERVALUED_TEXTS.revenueCrore}</th>
            <th scope="col">{UNDERVALUED_TEXTS.profitCrore}</th>
            <th scope="col">{UNDERVALUED_TEXTS.epsFiled}</th>
            <th scope="col">{UNDERVALUED_TEXTS.epsToday}</th>
            <th scope="col" className="text">
              {UNDERVALUED_TEXTS.adjustment}
            </th>
          </tr>
        </thead>
        <tbody>
          {newestFirst.map((filing) => (
            <tr key={`${filing.label}-${filing.basis}-${filing.filed_at}`}>
              <th scope="row">
                {filing.label} <span className="row-company">{filing.basis}</span>
              </th>
              <td className="text">
                <time dateTime={filing.filed_at}>{formatIndianDay(filing.filed_at)}</time>
              </td>
              <td>{formatCrore(filing.revenue)}</td>
              <td>{formatCrore(filing.net_profit)}</td>
              <td>{rupees(filing.eps_basic)}</td>
              <td>{rupees(filing.eps_adjusted)}</td>
              <td className="text adjustment-cell">{filing.adjustment ?? UNDERVALUED_TEXTS.noAdjustment}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** What each measure means and where it misleads; for a bank, first of all which ones to read. */
function Meanings({ latest }: { latest: StockFundamentals }) {
  return (
    <Subsection title={UNDERVALUED_TEXTS.meaningsTitle} className="valuation-meanings">
      {latest.bank ? (
        <p className="notice bank-notice" data-testid="bank-notice">
          {bankNotice(latest.company)}
        </p>
      ) : null}
      <dl className="meanings-list">
        {measureOrder(latest.bank).map((measure) => (
          <div key={measure}>
            <dt>{MEASURE_LABELS[measure].column}</dt>
            <dd>
              <p>{MEASURE_MEANINGS[measure].meaning}</p>
              <p className="muted">{MEASURE_MEANINGS[measure].limits}</p>
            </dd>
          </div>
        ))}
      </dl>
    </Subsection>
  );
}

function ValuationBody({ valuation }: { valuation: StockValuation }) {
  const { latest } = valuation;
  return (
    <>
      <p className="valuation-meta">
        <span>{latest.symbol}</span>
        {latest.bank ? <span className="bank-tag">{UNDERVALUED_TEXTS.bankTag}</span> : null}
        <span className="muted">{latest.industry}</span>
        <span>
          Close {formatINR(latest.close)} on{' '}
          <time dateTime={latest.close_date}>{formatMarketDate(latest.close_date)}</time>
        </span>
      </p>
      <p className="basis-note">{valuation.basis_note}</p>
      <Subsection title={UNDERVALUED_TEXTS.chartTitle}>
        <p className="muted">{UNDERVALUED_TEXTS.chartLead}</p>
        <ValuationChart history={valuation.history} filings={valuation.filings} />
      </Subsection>
      <Subsection title={UNDERVALUED_TEXTS.todayTitle}>
        <TodayTable latest={latest} />
        <PerShare latest={latest} />
      </Subsection>
      <Subsection title={UNDERVALUED_TEXTS.filingsTitle}>
        <p className="muted">{UNDERVALUED_TEXTS.filingsLead}</p>
        <FilingsTable filings={valuation.filings} />
      </Subsection>
      <Meanings latest={latest} />
      <p className="valuation-credit">{UNDERVALUED_TEXTS.credit}</p>
    </>
  );
}

/**
 * One stock's valuation (the address' ?symbol=): its P/E and P/B history with the filings marked, today's measures,
 * the filings behind them and what each ratio means. The heading takes focus when a stock is picked in the table.
 */
export function StockValuationPanel({
  symbol,
  headingRef,
}: {
  symbol: string;
  headingRef?: RefObject<HTMLHeadingElement | null>;
}) {
  const headingId = useId();
  const valuation = useValuation(symbol);
  const name = valuation.data?.latest.company ?? symbol;
  return (
    <section className="panel stock-valuation" aria-labelledby={headingId} data-testid="stock-valuation">
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {name} {UNDERVALUED_TEXTS.valuationSuffix}
      </h2>
      <QueryState query={valuation} what={`valuation of ${symbol}`}>
        {(data) => <ValuationBody valuation={data} />}
      </QueryState>
    </section>
  );
}
