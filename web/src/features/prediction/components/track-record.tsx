import type { ForecastTrackRecord, ForecastTrackRecordRow } from '@nivesh/proto';
import { useId, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/market/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { formatMarketDate } from '../../../lib/format';
import { useTrackRecord } from '../api/get-track-record';
import { TRENDVISION_TEXTS, backtestsRunning, beatNaiveCount, formatErrorFigure, formatShare } from '../texts';
import '../../../components/sort-button.css';

type Direction = 'ascending' | 'descending';

type Column = {
  key: string;
  label: string;
  /** Where a narrow header may break its label: at the space after these first words. */
  breakAfter?: string;
  sortValue: (row: ForecastTrackRecordRow) => string | number;
  cell: (row: ForecastTrackRecordRow) => ReactNode;
  /** Words and dates rather than figures: aligned left, and they may wrap where the table is short of room. */
  text?: boolean;
};

/** A header's label, breaking only where `breakAfter` says: 'Relative MAE' over '10 days', never '10' over 'days'. */
const headerLabel = ({ label, breakAfter }: Column) => {
  if (!breakAfter || !label.startsWith(`${breakAfter} `)) return <span className="nowrap">{label}</span>;
  return (
    <span>
      <span className="nowrap">{breakAfter}</span> <span className="nowrap">{label.slice(breakAfter.length + 1)}</span>
    </span>
  );
};

/** One error figure's columns at 1, 5 and 10 trading days, e.g. 'MASE 10 days'. */
const errorColumns = (figure: 'relative_mae' | 'mase', name: string): Column[] =>
  (
    [
      ['h1', '1 day'],
      ['h5', '5 days'],
      ['h10', '10 days'],
    ] as const
  ).map(([h, days]) => ({
    key: `${figure}-${h}`,
    label: `${name} ${days}`,
    breakAfter: name,
    sortValue: (row) => row[figure][h],
    cell: (row) => formatErrorFigure(row[figure][h]),
  }));

/** The track record's columns, in order; every one sorts. */
const TRACK_RECORD_COLUMNS: readonly Column[] = [
  { key: 'ticker', label: 'Symbol', sortValue: (row) => row.ticker, cell: (row) => row.ticker, text: true },
  { key: 'company', label: 'Company', sortValue: (row) => row.company, cell: (row) => row.company, text: true },
  { key: 'model', label: 'Model', sortValue: (row) => row.model_name, cell: (row) => row.model_name, text: true },
  ...errorColumns('relative_mae', 'Relative MAE'),
  ...errorColumns('mase', 'MASE'),
  { key: 'coverage80', label: '80 % band held', breakAfter: '80 %', sortValue: (row) => row.coverage80, cell: (row) => formatShare(row.coverage80) },
  { key: 'coverage95', label: '95 % band held', breakAfter: '95 %', sortValue: (row) => row.coverage95, cell: (row) => formatShare(row.coverage95) },
  {
    key: 'period',
    label: 'Test period',
    text: true,
    sortValue: (row) => `${row.test_window.from}/${row.test_window.to}`,
    cell: (row) => (
      <>
        <span className="nowrap">{formatMarketDate(row.test_window.from)} –</span> <span className="nowrap">{formatMarketDate(row.test_window.to)}</span>
      </>
    ),
  },
];

type Sort = { key: string; direction: Direction };

const compare = (a: string | number, b: string | number) =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), 'en-IN');

/** Rows in the chosen column's order; ties keep the symbols' order. */
const sortRows = (rows: readonly ForecastTrackRecordRow[], sort: Sort): ForecastTrackRecordRow[] => {
  const column = TRACK_RECORD_COLUMNS.find((entry) => entry.key === sort.key) ?? TRACK_RECORD_COLUMNS[0]!;
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => sign * compare(column.sortValue(a), column.sortValue(b)) || a.ticker.localeCompare(b.ticker));
};

function TrackRecordTable({ rows }: { rows: readonly ForecastTrackRecordRow[] }) {
  const [sort, setSort] = useState<Sort>({ key: 'ticker', direction: 'ascending' });
  const sorted = useMemo(() => sortRows(rows, sort), [rows, sort]);
  const sortBy = (key: string) =>
    setSort((current) =>
      current.key === key ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' } : { key, direction: 'ascending' },
    );
  return (
    <ScrollTable label="Track record table">
      <table className="data-table track-record-table">
        <caption className="visually-hidden">TrendVision track record; the column headers sort the table</caption>
        <thead>
          <tr>
            {TRACK_RECORD_COLUMNS.map((column) => {
              const active = sort.key === column.key;
              return (
                <th key={column.key} scope="col" className={column.text ? 'text' : undefined} aria-sort={active ? sort.direction : undefined}>
                  <button type="button" className="sort-button" onClick={() => sortBy(column.key)}>
                    {headerLabel(column)}
                    <span className="sort-mark" aria-hidden="true">
                      {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.ticker}>
              {TRACK_RECORD_COLUMNS.map((column, index) =>
                index === 0 ? (
                  <th key={column.key} scope="row" className="text">
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={column.text ? 'text' : undefined}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function TrackRecordBody({ record }: { record: ForecastTrackRecord }) {
  const beat = record.rows.filter((row) => row.relative_mae.h10 < 1).length;
  return (
    <>
      {record.rows.length ? <p className="track-record-summary">{beatNaiveCount(beat, record.rows.length, 10)}</p> : null}
      {record.pending > 0 ? (
        <p className="notice track-record-pending">{backtestsRunning(record.pending)}</p>
      ) : record.rows.length === 0 ? (
        <p className="muted">{TRENDVISION_TEXTS.trackRecordEmpty}</p>
      ) : null}
      {record.rows.length ? <TrackRecordTable rows={record.rows} /> : null}
    </>
  );
}

/** TrendVision's published track record: every stock's back-tested accuracy, sortable by any column. */
export function TrackRecord() {
  const headingId = useId();
  const record = useTrackRecord();
  return (
    <section className="panel track-record" aria-labelledby={headingId}>
      <h2 id={headingId}>Track record</h2>
      <p className="muted">{TRENDVISION_TEXTS.trackRecordLead}</p>
      <QueryState query={record} what="track record">
        {(data) => <TrackRecordBody record={data} />}
      </QueryState>
    </section>
  );
}
