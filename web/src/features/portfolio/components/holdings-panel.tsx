import type { Holding, PortfolioSummary } from '@nivesh/proto';
import { useId, useMemo, useState } from 'react';
import { ScrollTable } from '../../../components/scroll-table';
import { formatINR, formatMarketDate } from '../../../lib/format';
import { formatPercent, formatQuantity } from '../figures';
import { PORTFOLIO_TEXTS } from '../texts';
import { Gain } from './gain';
import { SortableHeaderRow, sortBySymbolTable } from '../../../components/sortable-header-row';

type Direction = 'ascending' | 'descending';
type Sort = { key: ColumnKey; direction: Direction };
type ColumnKey =
  | 'company'
  | 'quantity'
  | 'average_cost'
  | 'invested'
  | 'close'
  | 'value'
  | 'unrealised'
  | 'unrealised_pct'
  | 'weight_pct';

type Column = {
  key: ColumnKey;
  label: string;
  /** null sorts last whichever the direction (a holding bought for nothing has no unrealised %). */
  sortValue: (row: Holding) => string | number | null;
  /** Words rather than figures: aligned left. */
  text?: boolean;
};

/** The table's columns, in order; every one sorts. */
const COLUMNS: readonly Column[] = [
  { key: 'company', label: PORTFOLIO_TEXTS.company, sortValue: (row) => row.symbol, text: true },
  { key: 'quantity', label: PORTFOLIO_TEXTS.quantity, sortValue: (row) => row.quantity },
  { key: 'average_cost', label: PORTFOLIO_TEXTS.averageCost, sortValue: (row) => row.average_cost },
  { key: 'invested', label: PORTFOLIO_TEXTS.investedColumn, sortValue: (row) => row.invested },
  { key: 'close', label: PORTFOLIO_TEXTS.close, sortValue: (row) => row.close },
  { key: 'value', label: PORTFOLIO_TEXTS.valueColumn, sortValue: (row) => row.value },
  { key: 'unrealised', label: PORTFOLIO_TEXTS.unrealisedColumn, sortValue: (row) => row.unrealised },
  { key: 'unrealised_pct', label: PORTFOLIO_TEXTS.unrealisedPct, sortValue: (row) => row.unrealised_pct },
  { key: 'weight_pct', label: PORTFOLIO_TEXTS.weight, sortValue: (row) => row.weight_pct },
];

/** Holdings in the chosen column's order, those without the figure last. */
export const sortHoldings = (rows: readonly Holding[], sort: Sort): Holding[] => sortBySymbolTable(rows, COLUMNS, sort);

/** The portfolio's totals in a line of figures: invested, value, unrealised and realised gains, dividends. */
function Totals({ totals }: { totals: PortfolioSummary['totals'] }) {
  return (
    <dl className="stat-list portfolio-totals" aria-label={PORTFOLIO_TEXTS.summaryLabel}>
      <div>
        <dt>{PORTFOLIO_TEXTS.invested}</dt>
        <dd>{formatINR(totals.invested)}</dd>
      </div>
      <div>
        <dt>{PORTFOLIO_TEXTS.value}</dt>
        <dd>{formatINR(totals.value)}</dd>
      </div>
      <div>
        <dt>{PORTFOLIO_TEXTS.unrealised}</dt>
        <dd>
          <Gain value={totals.unrealised} />
        </dd>
      </div>
      <div>
        <dt>{PORTFOLIO_TEXTS.realised}</dt>
        <dd>
          <Gain value={totals.realised} />
        </dd>
      </div>
      <div>
        <dt>{PORTFOLIO_TEXTS.dividends}</dt>
        <dd>{formatINR(totals.dividends)}</dd>
      </div>
    </dl>
  );
}

function HoldingsTable({ rows, totals }: { rows: readonly Holding[]; totals: PortfolioSummary['totals'] }) {
  const [sort, setSort] = useState<Sort>({ key: 'weight_pct', direction: 'descending' });
  const sorted = useMemo(() => sortHoldings(rows, sort), [rows, sort]);
  const sortBy = (key: ColumnKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: key === 'company' ? 'ascending' : 'descending' },
    );
  // The total's unrealised % is of the money invested in the shares still held.
  const totalPct = totals.invested > 0 ? (totals.unrealised / totals.invested) * 100 : null;
  return (
    <ScrollTable label="Holdings table">
      <table className="data-table holdings-table">
        <caption className="visually-hidden">{PORTFOLIO_TEXTS.holdingsCaption}</caption>
        <thead>
          <SortableHeaderRow columns={COLUMNS} sort={sort} onSort={sortBy} />
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.symbol}>
              <th scope="row" className="text">
                <span className="holding-symbol">{row.symbol}</span>
                <span className="row-company">{row.company}</span>
              </th>
              <td>{formatQuantity(row.quantity)}</td>
              <td>{formatINR(row.average_cost)}</td>
              <td>{formatINR(row.invested)}</td>
              <td>
                {formatINR(row.close)}
                <span className="holding-close-date">
                  <time dateTime={row.close_date}>{formatMarketDate(row.close_date)}</time>
                </span>
              </td>
              <td>{formatINR(row.value)}</td>
              <td>
                <Gain value={row.unrealised} />
              </td>
              <td>
                <Gain value={row.unrealised_pct} text={formatPercent(row.unrealised_pct, { signed: true })} />
              </td>
              <td>{formatPercent(row.weight_pct)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="text">
              {PORTFOLIO_TEXTS.total}
            </th>
            <td />
            <td />
            <td>{formatINR(totals.invested)}</td>
            <td />
            <td>{formatINR(totals.value)}</td>
            <td>
              <Gain value={totals.unrealised} />
            </td>
            <td>
              <Gain value={totalPct} text={formatPercent(totalPct, { signed: true })} />
            </td>
            <td>{formatPercent(100)}</td>
          </tr>
        </tfoot>
      </table>
    </ScrollTable>
  );
}

/** "Prices as of 28 Mar 2024 (end of day, NSE)": the day of the closes every value on the page is worked out at. */
export function PortfolioPricesAsOf({ date }: { date: string | null }) {
  if (!date) return null;
  return (
    <p className="prices-as-of portfolio-as-of" data-testid="portfolio-as-of">
      Prices as of <time dateTime={date}>{formatMarketDate(date)}</time> (end of day, NSE)
    </p>
  );
}

/** What is held, each stock valued at the latest close with its unrealised gain and weight, and the totals. */
export function HoldingsPanel({ summary }: { summary: PortfolioSummary }) {
  const headingId = useId();
  return (
    <section className="panel holdings-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{PORTFOLIO_TEXTS.holdingsTitle}</h2>
      <PortfolioPricesAsOf date={summary.as_of} />
      <Totals totals={summary.totals} />
      {summary.holdings.length ? (
        <>
          <HoldingsTable rows={summary.holdings} totals={summary.totals} />
          <p className="muted portfolio-note">{PORTFOLIO_TEXTS.costNote}</p>
        </>
      ) : (
        <p className="portfolio-empty-note">{PORTFOLIO_TEXTS.noHoldings}</p>
      )}
    </section>
  );
}
