import { DomainError, type MarketBar, type MarketMover, type MarketOverview, type MarketSector, type MarketSymbolInfo } from '@nivesh/proto';
import { yearsBefore } from '../bars/bar-store';
import { lastIndexOnOrBefore, monthsBefore, round } from './stats';

/** Movers listed in each of gainers, losers and most active. */
export const TOP_MOVERS = 5;

export type StockSeries = Pick<MarketSymbolInfo, 'symbol' | 'company' | 'industry'> & { bars: readonly MarketBar[] };
type DayMove = MarketMover & { change: number; change_1m_pct: number | null };

const byDesc = (key: (move: DayMove) => number) => (a: DayMove, b: DayMove) => key(b) - key(a) || a.symbol.localeCompare(b.symbol);
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const mover = ({ change: _change, change_1m_pct: _month, ...move }: DayMove): MarketMover => move;

/**
 * Each stock's move on `asOf`: only stocks with a bar on that day and a bar before it. change_pct is the
 * adjusted close against the previous adjusted close, in % (2 decimals; `change` keeps the unrounded ratio for
 * sorting and breadth); change_1m_pct compares with the last close on or before one calendar month earlier.
 */
export const dayMoves = (stocks: readonly StockSeries[], asOf: string): DayMove[] =>
  stocks.flatMap((stock) => {
    const i = lastIndexOnOrBefore(stock.bars, asOf);
    const bar = stock.bars[i];
    if (!bar || bar.date !== asOf || i < 1) return [];
    const previous = stock.bars[i - 1]!;
    const monthAgo = lastIndexOnOrBefore(stock.bars, monthsBefore(asOf, 1));
    const change = bar.close / previous.close - 1;
    return [
      {
        symbol: stock.symbol,
        company: stock.company,
        industry: stock.industry,
        close: bar.close,
        change_pct: round(change * 100, 2),
        volume: bar.volume,
        traded_value: bar.volume === null ? null : round(bar.close * bar.volume, 2),
        change,
        change_1m_pct: monthAgo >= 0 ? (bar.close / stock.bars[monthAgo]!.close - 1) * 100 : null,
      },
    ];
  });

/**
 * Per industry, over its stocks that moved on the day: the equal-weighted mean of their day changes and of their
 * 1-month changes (null when none has a bar a month back), with counts; by day change, largest first.
 */
export const sectorPerformance = (moves: readonly DayMove[]): MarketSector[] => {
  const groups = new Map<string, DayMove[]>();
  for (const move of moves) groups.set(move.industry, [...(groups.get(move.industry) ?? []), move]);
  return [...groups]
    .map(([industry, members]) => {
      const monthly = members.flatMap((move) => (move.change_1m_pct === null ? [] : [move.change_1m_pct]));
      return {
        industry,
        raw: mean(members.map((move) => move.change * 100)),
        change_1m_pct: monthly.length ? round(mean(monthly), 2) : null,
        stocks: members.length,
        advancers: members.filter((move) => move.change > 0).length,
        decliners: members.filter((move) => move.change < 0).length,
      };
    })
    .sort((a, b) => b.raw - a.raw || a.industry.localeCompare(b.industry))
    .map(({ industry, raw, change_1m_pct, stocks, advancers, decliners }) => ({ industry, change_pct: round(raw, 2), change_1m_pct, stocks, advancers, decliners }));
};

/**
 * The market on its latest trading day from adjusted bars (each series ascending; stock series should reach a
 * month and a bar back, the index a year back).
 * - as_of: the latest bar date of any stock or the index. Stocks without a bar on it are left out of the day.
 * - index: NIFTY 50's latest bar on or before as_of (its own as_of: the index may lag the stocks): close, change and change_pct against its previous bar, 52-week high/low from the highs and
 *   lows of the bars after one year before that bar, and those bars' closes as history.
 * - breadth: stocks whose change is > 0, < 0, or exactly 0 (equal adjusted closes).
 * - gainers (change > 0, largest first), losers (change < 0, largest fall first), most_active (by traded value =
 *   close × volume, stocks without volume left out): 5 each, ties by symbol.
 * - sectors: see `sectorPerformance`.
 * Throws not_found without index bars. Pure.
 */
export const marketOverview = (stocks: readonly StockSeries[], index: readonly MarketBar[]): MarketOverview => {
  const lastDates = [...stocks.map((stock) => stock.bars[stock.bars.length - 1]?.date), index[index.length - 1]?.date].filter((date): date is string => !!date);
  if (!lastDates.length) throw new DomainError('not_found', 'No prices have been imported yet');
  const asOf = lastDates.reduce((latest, date) => (date > latest ? date : latest));
  const at = lastIndexOnOrBefore(index, asOf);
  if (at < 0) throw new DomainError('not_found', 'No NIFTY 50 prices');
  const last = index[at]!;
  const previous = at > 0 ? index[at - 1]! : null;
  const from = yearsBefore(last.date, 1);
  const year = index.slice(0, at + 1).filter((bar) => bar.date > from);

  const moves = dayMoves(stocks, asOf);
  return {
    as_of: asOf,
    index: {
      symbol: 'NIFTY 50',
      as_of: last.date,
      close: last.close,
      change: previous ? round(last.close - previous.close, 2) : null,
      change_pct: previous ? round((last.close / previous.close - 1) * 100, 2) : null,
      high_52w: Math.max(...year.map((bar) => bar.high)),
      low_52w: Math.min(...year.map((bar) => bar.low)),
      history: year.map((bar) => ({ date: bar.date, close: bar.close })),
    },
    breadth: {
      advancers: moves.filter((move) => move.change > 0).length,
      decliners: moves.filter((move) => move.change < 0).length,
      unchanged: moves.filter((move) => move.change === 0).length,
    },
    gainers: moves
      .filter((move) => move.change > 0)
      .sort(byDesc((move) => move.change))
      .slice(0, TOP_MOVERS)
      .map(mover),
    losers: moves
      .filter((move) => move.change < 0)
      .sort(byDesc((move) => -move.change))
      .slice(0, TOP_MOVERS)
      .map(mover),
    most_active: moves
      .filter((move) => move.traded_value !== null)
      .sort(byDesc((move) => move.traded_value!))
      .slice(0, TOP_MOVERS)
      .map(mover),
    sectors: sectorPerformance(moves),
  };
};
