import type { MarketSector } from '@nivesh/proto';
import { NOT_A_NUMBER, formatSignedPercent } from '../../lib/format';
import { ScrollTable } from '../scroll-table';
import './market.css';

const direction = (value: number | null) => (value === null || value === 0 ? 'flat' : value > 0 ? 'up' : 'down');

/** Each industry's equal-weighted % change on the day and over a month, with how many of its stocks rose and fell. */
export function SectorTable({ sectors }: { sectors: readonly MarketSector[] }) {
  if (!sectors.length) return <p className="muted">No sectors traded on this day.</p>;
  const sorted = [...sectors].sort((a, b) => b.change_pct - a.change_pct);
  return (
    <ScrollTable label="Sector performance table">
      <table className="data-table market-table" data-testid="sector-table">
        <caption className="visually-hidden">Sector performance</caption>
        <thead>
          <tr>
            <th scope="col">Sector</th>
            <th scope="col">Day</th>
            <th scope="col">1 month</th>
            <th scope="col" className="hide-narrow">
              Stocks
            </th>
            <th scope="col">Rose / fell</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((sector) => (
            <tr key={sector.industry}>
              <th scope="row">{sector.industry}</th>
              <td className={`change ${direction(sector.change_pct)}`}>{formatSignedPercent(sector.change_pct)}</td>
              <td className={`change ${direction(sector.change_1m_pct)}`}>
                {sector.change_1m_pct === null ? NOT_A_NUMBER : formatSignedPercent(sector.change_1m_pct)}
              </td>
              <td className="hide-narrow">{sector.stocks}</td>
              <td>
                {sector.advancers} / {sector.decliners}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}
