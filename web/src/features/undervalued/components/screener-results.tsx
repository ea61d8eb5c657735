import type { FundamentalMeasure, MeasureValue, ScreenerResponse, StockFundamentals } from '@nivesh/proto';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { technicalAnalysisHref } from '../../../components/market/market-links';
import { QueryState } from '../../../components/market/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { NOT_A_NUMBER, formatIndianDay, formatMarketDate } from '../../../lib/format';
import { withSymbol } from '../filters';
import { FUNDAMENTAL_MEASURES } from '../fundamentals-values';
import { BANK_MEASURES, formatMeasure } from '../measures';
import { MEASURE_LABELS, UNDERVALUED_TEXTS, filingLine, matchCount, medianLine, missingValue } from '../texts';
import { SortableHeaderRow, sortBySymbolTable } from '../../../components/sortable-header-row';

type Direction = 'ascending' | 'descending';
type Sort = { key: string; direction: Direction };

type Column = {
  key: string;
  label: string;
  /** null sorts last whichever the direction: a stock without the figure is never the cheapest or the dearest. */
  sortValue: (row: StockFundamentals) => string | number | null;
  /** The measure the column shows, whose cells carry the medians. */
  measure?: FundamentalMeasure;
  /** Words and dates rather than figures: aligned left. */
  text?: boolean;
};

/** The Risk Detection page of one stock. */
const riskDetectionHref = (symbol: string) => `/risk-detection?${new URLSearchParams({ symbol }).toString()}`;

/** The day a filing was published, as India writes it. */
const publishedOn = (row: StockFundamentals) => (row.filing ? formatIndianDay(row.filing.filed_at) : NOT_A_NUMBER);

/** The results' columns, in order; every one sorts. */
const COLUMNS: readonly Column[] = [
  { key: 'company', label: UNDERVALUED_TEXTS.company, sortValue: (row) => row.symbol, text: true },
  ...FUNDAMENTAL_MEASURES.map((measure) => ({
    key: measure,
    label: MEASURE_LABELS[measure].column,
    measure,
    sortValue: (row: StockFundamentals) => row.measures[measure].value,
  })),
  { key: 'filing', label: UNDERVALUED_TEXTS.filing, sortValue: (row) => row.filing?.filed_at ?? null, text: true },
];

/** Rows in the chosen column's order, stocks without the figure last. */
export const sortRows = (rows: readonly StockFundamentals[], sort: Sort): StockFundamentals[] => sortBySymbolTable(rows, COLUMNS, sort);

/** A value with, smaller, its 5-year and sector medians; a missing one says why (in a title and to screen readers). */
function MeasureCell({ measure, figure, bank }: { measure: FundamentalMeasure; figure: MeasureValue; bank: boolean }) {
  const context = medianLine(formatMeasure(measure, figure.median_5y), formatMeasure(measure, figure.sector_median), bank);
  if (figure.value === null) {
    const reason = figure.missing_reason ?? '';
    return (
      <>
        <span className="measure-value measure-missing" title={reason} aria-hidden="true">
          {NOT_A_NUMBER}
        </span>
        <span className="visually-hidden">{missingValue(measure, reason)}</span>
        <span className="measure-context">{context}</span>
      </>
    );
  }
  return (
    <>
      <span className="measure-value">{formatMeasure(measure, figure.value)}</span>
      <span className="measure-context">{context}</span>
    </>
  );
}

/** The stock's symbol (opening its valuation below), its name, a Bank tag, and links to its other pages. */
function CompanyCell({ row, detailSearch }: { row: StockFundamentals; detailSearch: string }) {
  return (
    <>
      <span className="screener-symbol">
        <Link to={{ search: `?${detailSearch}` }}>{row.symbol}</Link>
        {row.bank ? <span className="bank-tag">{UNDERVALUED_TEXTS.bankTag}</span> : null}
      </span>
      <span className="row-company">{row.company}</span>
      <span className="screener-links">
        <Link to={technicalAnalysisHref(row.symbol)} aria-label={`Technical analysis of ${row.symbol}`}>
          {UNDERVALUED_TEXTS.technicalLink}
        </Link>
        <span aria-hidden="true"> · </span>
        <Link to={riskDetectionHref(row.symbol)} aria-label={`Risk detection of ${row.symbol}`}>
          {UNDERVALUED_TEXTS.riskLink}
        </Link>
      </span>
    </>
  );
}

function ResultsTable({ rows }: { rows: readonly StockFundamentals[] }) {
  const [sort, setSort] = useState<Sort>({ key: 'company', direction: 'ascending' });
  const [params] = useSearchParams();
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const sortBy = (key: string) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: 'ascending' },
    );
  return (
    <ScrollTable label="Screener results table">
      <table className="data-table screener-table">
        <caption className="visually-hidden">{UNDERVALUED_TEXTS.resultsCaption}</caption>
        <thead>
          <SortableHeaderRow columns={COLUMNS} sort={sort} onSort={sortBy} />
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.symbol} data-bank={row.bank || undefined}>
              <th scope="row" className="text">
                <CompanyCell row={row} detailSearch={withSymbol(params, row.symbol).toString()} />
              </th>
              {FUNDAMENTAL_MEASURES.map((measure) => (
                <td key={measure} className={row.bank && BANK_MEASURES.has(measure) ? 'key-measure' : undefined}>
                  <MeasureCell measure={measure} figure={row.measures[measure]} bank={row.bank} />
                </td>
              ))}
              <td className="text filing-cell">
                {row.filing ? filingLine(row.filing.label, row.filing.basis, publishedOn(row)) : NOT_A_NUMBER}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** Every stock that could not be judged, with the reason: none is dropped silently. */
function NotJudged({ entries }: { entries: ScreenerResponse['unavailable'] }) {
  const headingId = useId();
  if (entries.length === 0) return null;
  return (
    <section className="not-judged" aria-labelledby={headingId}>
      <h3 id={headingId}>{UNDERVALUED_TEXTS.notJudgedTitle}</h3>
      <p className="muted">{UNDERVALUED_TEXTS.notJudgedLead}</p>
      <ul className="not-judged-list">
        {entries.map((entry) => (
          <li key={entry.symbol}>
            <strong>{entry.symbol}</strong> <span className="muted">{entry.company}</span>: {entry.reason}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ResultsBody({ screener }: { screener: ScreenerResponse }) {
  return (
    <>
      <p className="screener-summary" data-testid="screener-summary">
        {matchCount(screener.rows.length, screener.universe)} · prices of{' '}
        <time dateTime={screener.as_of}>{formatMarketDate(screener.as_of)}</time> · ratios from NSE filings published by
        then
      </p>
      {screener.rows.some((row) => row.bank) ? (
        <p className="muted screener-bank-note">{UNDERVALUED_TEXTS.bankNote}</p>
      ) : null}
      {screener.rows.length ? (
        <ResultsTable rows={screener.rows} />
      ) : (
        <p className="screener-empty">{UNDERVALUED_TEXTS.resultsEmpty}</p>
      )}
      <NotJudged entries={screener.unavailable} />
    </>
  );
}

type ScreenerResultsProps = {
  query: UseQueryResult<ScreenerResponse>;
  /** The filters were refused (the form shows why): nothing to list until they change. */
  rejected: boolean;
};

/** The stocks passing the filters, sortable by every column, and those that could not be judged. */
export function ScreenerResults({ query, rejected }: ScreenerResultsProps) {
  const headingId = useId();
  let body: ReactNode;
  if (rejected) body = <p className="muted">{UNDERVALUED_TEXTS.fixFilters}</p>;
  else {
    body = (
      <QueryState query={query} what="screener results">
        {(data) => <ResultsBody screener={data} />}
      </QueryState>
    );
  }
  return (
    <section
      className="panel screener-results"
      aria-labelledby={headingId}
      aria-busy={query.isPlaceholderData || undefined}
    >
      <h2 id={headingId}>{UNDERVALUED_TEXTS.resultsTitle}</h2>
      {query.isPlaceholderData ? (
        <p className="muted" role="status">
          Loading screener results...
        </p>
      ) : null}
      {body}
    </section>
  );
}
