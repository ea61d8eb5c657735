import type { FundamentalMeasure, MeasureValue, ScreenerResponse, StockFundamentals } from '@nivesh/proto';
import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { technicalAnalysisHref } from '../../../components/market/market-links';
import { QueryState } from '../../../components/market/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { NOT_A_NUMBER, formatIndianDay, formatMarketDate } from '../../../lib/format';
import { withSymbol } from '../filters';
import { BANK_MEASURES, formatMeasure } from '../measures';
import { MEASURE_LABELS, UNDERVALUED_TEXTS, filingLine, matchCount, medianLine, missingValue, sortOrderNames } from '../texts';
import { SortableHeaderRow, sortBySymbolTable } from '../../../components/sortable-header-row';
import { FUNDAMENTAL_MEASURES } from '@nivesh/proto/values';

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

/**
 * Up to this width the results are cards: beside the company column a table would leave the figures and their headers
 * off-screen, with only the grey median line in view to be taken for the stock's own P/E.
 */
export const SCREENER_CARDS_QUERY = '(max-width: 480px)';

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

/** The medians' line, which on a narrow screen breaks only between the two medians: "5y median 6.2 ·" / "sector 14.8". */
function MedianLine({ text }: { text: string }) {
  const parts = text.split(' · ');
  return (
    <span className="measure-context">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index ? ' ' : null}
          <span>{index < parts.length - 1 ? `${part} ·` : part}</span>
        </Fragment>
      ))}
    </span>
  );
}

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
        <MedianLine text={context} />
      </>
    );
  }
  return (
    <>
      <span className="measure-value">{formatMeasure(measure, figure.value)}</span>
      <MedianLine text={context} />
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

type SortProps = { sort: Sort; onSort: (sort: Sort) => void };

/** The filing behind a row's figures, or a dash. */
const filingText = (row: StockFundamentals) =>
  row.filing ? filingLine(row.filing.label, row.filing.basis, publishedOn(row)) : NOT_A_NUMBER;

/** A bank's P/B and ROE are the figures to read first: in bold. */
const keyMeasureClass = (row: StockFundamentals, measure: FundamentalMeasure) =>
  row.bank && BANK_MEASURES.has(measure) ? 'key-measure' : undefined;

function ResultsTable({ rows, sort, onSort }: { rows: readonly StockFundamentals[] } & SortProps) {
  const [params] = useSearchParams();
  const sortBy = (key: string) =>
    onSort(
      sort.key === key
        ? { key, direction: sort.direction === 'ascending' ? 'descending' : 'ascending' }
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
          {rows.map((row) => (
            <tr key={row.symbol} data-bank={row.bank || undefined}>
              <th scope="row" className="text">
                <CompanyCell row={row} detailSearch={withSymbol(params, row.symbol).toString()} />
              </th>
              {FUNDAMENTAL_MEASURES.map((measure) => (
                <td key={measure} className={keyMeasureClass(row, measure)}>
                  <MeasureCell measure={measure} figure={row.measures[measure]} bank={row.bank} />
                </td>
              ))}
              <td className="text filing-cell">{filingText(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** The cards' sort: a column and its order, in place of the table's header buttons. */
function CardSort({ sort, onSort }: SortProps) {
  const columnId = useId();
  const orderId = useId();
  const orders = sortOrderNames(sort.key === 'company' ? 'company' : sort.key === 'filing' ? 'filing' : 'figure');
  return (
    <div className="screener-card-sort">
      <div className="screener-card-sort-field">
        <label htmlFor={columnId}>{UNDERVALUED_TEXTS.sortBy}</label>
        <select id={columnId} value={sort.key} onChange={(event) => onSort({ key: event.target.value, direction: sort.direction })}>
          {COLUMNS.map((column) => (
            <option key={column.key} value={column.key}>
              {column.label}
            </option>
          ))}
        </select>
      </div>
      <div className="screener-card-sort-field">
        <label htmlFor={orderId}>{UNDERVALUED_TEXTS.sortOrder}</label>
        <select
          id={orderId}
          value={sort.direction}
          onChange={(event) => onSort({ key: sort.key, direction: event.target.value === 'descending' ? 'descending' : 'ascending' })}
        >
          <option value="ascending">{orders.ascending}</option>
          <option value="descending">{orders.descending}</option>
        </select>
      </div>
    </div>
  );
}

/** On a phone, each stock as a card: the company, then every figure under its own label, the filing last. */
function ResultCards({ rows, sort, onSort }: { rows: readonly StockFundamentals[] } & SortProps) {
  const [params] = useSearchParams();
  return (
    <>
      <CardSort sort={sort} onSort={onSort} />
      <ul className="screener-cards" aria-label={UNDERVALUED_TEXTS.cardsLabel}>
        {rows.map((row) => (
          <li key={row.symbol} className="screener-card" data-bank={row.bank || undefined}>
            <div className="screener-card-company">
              <CompanyCell row={row} detailSearch={withSymbol(params, row.symbol).toString()} />
            </div>
            <dl className="screener-card-figures">
              {FUNDAMENTAL_MEASURES.map((measure) => (
                <div key={measure} className={keyMeasureClass(row, measure)}>
                  <dt>{MEASURE_LABELS[measure].column}</dt>
                  <dd>
                    <MeasureCell measure={measure} figure={row.measures[measure]} bank={row.bank} />
                  </dd>
                </div>
              ))}
              <div className="screener-card-filing">
                <dt>{UNDERVALUED_TEXTS.filing}</dt>
                <dd>{filingText(row)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The stocks in the order asked for: a table, or on a phone cards; both keep the same order. */
function ResultRows({ rows }: { rows: readonly StockFundamentals[] }) {
  const [sort, setSort] = useState<Sort>({ key: 'company', direction: 'ascending' });
  const cards = useMediaQuery(SCREENER_CARDS_QUERY);
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  return cards ? <ResultCards rows={sorted} sort={sort} onSort={setSort} /> : <ResultsTable rows={sorted} sort={sort} onSort={setSort} />;
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
        <ResultRows rows={screener.rows} />
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
