import type { MarketMover } from '@nivesh/proto';
import { Link } from 'react-router';
import { NOT_A_NUMBER, formatINR, formatIndianNumber, formatSignedPercent } from '../../lib/format';
import { technicalAnalysisHref } from './market-links';
import { ScrollTable } from '../scroll-table';
import './market.css';

/** Rupees in whole crores, as Indian market tables write large amounts: 12345678900 -> '₹1,235 Cr'. */
export const formatCrore = (rupees: number | null): string => (rupees === null ? NOT_A_NUMBER : `${formatINR(rupees / 1e7, { fractionDigits: 0 })} Cr`);

const direction = (value: number) => (value > 0 ? 'up' : value < 0 ? 'down' : 'flat');

type MoverTableProps = {
  /** The table's accessible name, e.g. 'Top gainers'. */
  caption: string;
  movers: readonly MarketMover[];
  /** 'change' lists close and % change; 'activity' adds volume and traded value. */
  kind?: 'change' | 'activity';
  testId?: string;
};

/** Stocks of the day with their close and % change, each linking to its technical analysis. */
export function MoverTable({ caption, movers, kind = 'change', testId }: MoverTableProps) {
  if (!movers.length) return <p className="muted">No stocks traded on this day.</p>;
  return (
    <ScrollTable label={`${caption} table`}>
      <table className="data-table market-table" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Stock</th>
            <th scope="col">Close</th>
            <th scope="col">Change</th>
            {kind === 'activity' ? (
              <>
                <th scope="col" className="hide-narrow">
                  Volume
                </th>
                <th scope="col">Traded value</th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {movers.map((mover) => (
            <tr key={mover.symbol}>
              <th scope="row">
                <Link to={technicalAnalysisHref(mover.symbol)}>{mover.symbol}</Link>
                <span className="row-company">{mover.company}</span>
              </th>
              <td>{formatINR(mover.close)}</td>
              <td className={`change ${direction(mover.change_pct)}`}>{formatSignedPercent(mover.change_pct)}</td>
              {kind === 'activity' ? (
                <>
                  <td className="hide-narrow">{mover.volume === null ? NOT_A_NUMBER : formatIndianNumber(mover.volume, 0)}</td>
                  <td>{formatCrore(mover.traded_value)}</td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
