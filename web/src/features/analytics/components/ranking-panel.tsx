import type { CountRow } from '@nivesh/proto';
import { ScrollTable } from '../../../components/scroll-table';
import { formatCount, formatRatio, nameShown, type Shown, shareOf } from '../format';
import { DASHBOARD_TEXTS, VISITOR_TEXTS } from '../texts';
import { RankingBars } from './charts';
import { ChartFigure, DashboardPanel, EmptyChart } from './dashboard-panel';
import { ShownText } from './shown-text';

type RankingPanelProps = {
  title: string;
  lead: string;
  rows: readonly CountRow[];
  /** What the counts are shares of (all page views, all visits); the rows' own sum when 0. */
  total: number;
  /** The name of a row's key column, e.g. 'Page'. */
  keyName: string;
  /** The name of the count column, e.g. 'Page views'. */
  countName: string;
  empty: string;
  /** A key in words (a page's path from its address, an odd value said so); a name by default. */
  labelOf?: (key: string) => Shown;
};

/** A ranking (top pages, referrers, devices...): bars, the leader in a sentence, and every row in a table. */
export function RankingPanel({ title, lead, rows, total, keyName, countName, empty, labelOf = nameShown }: RankingPanelProps) {
  const base = total > 0 ? total : rows.reduce((sum, row) => sum + row.count, 0);
  const labelled = rows.map((row) => {
    const shown = labelOf(row.key);
    return { shown, label: shown.text, value: row.count };
  });
  const [leader] = labelled;
  return (
    <DashboardPanel title={title} lead={lead}>
      {leader ? (
        <ChartFigure
          summary={VISITOR_TEXTS.rankingSummary(leader.label, formatCount(leader.value), formatRatio(shareOf(leader.value, base)))}
          chart={<RankingBars rows={labelled} name={countName} />}
          table={
            <ScrollTable label={`${title} table`}>
              <table className="data-table ranking-table">
                <caption className="visually-hidden">{title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{keyName}</th>
                    <th scope="col">{countName}</th>
                    <th scope="col">{DASHBOARD_TEXTS.share}</th>
                  </tr>
                </thead>
                <tbody>
                  {labelled.map((row, index) => (
                    <tr key={`${index}-${row.label}`}>
                      <th scope="row" className="ranking-key">
                        <ShownText shown={row.shown} />
                      </th>
                      <td>{formatCount(row.value)}</td>
                      <td>{formatRatio(shareOf(row.value, base))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollTable>
          }
        />
      ) : (
        <EmptyChart>{empty}</EmptyChart>
      )}
    </DashboardPanel>
  );
}
