import type { ShortHistory } from '@nivesh/proto';
import { formatIndianNumber, formatMarketDate } from '../../lib/format';
import './market.css';

const tradingDays = (count: number) => (count === 1 ? '1 trading day' : `${formatIndianNumber(count, 0)} trading days`);

/**
 * "Nivesh has 12 trading days of prices for ABC (since 2 Feb 2026); its moving averages and other indicators need 200,
 * so they appear as more days arrive." `what` names the figures that wait (from the page's texts).
 */
export const shortHistorySentence = (symbol: string, history: ShortHistory, what: string): string =>
  `Nivesh has ${tradingDays(history.sessions)} of prices for ${symbol} (since ${formatMarketDate(history.first_date)}); ` +
  `${what} need ${formatIndianNumber(history.needed, 0)}, so they appear as more days arrive.`;

/** A stock the pipeline added lately: how much history it has, in place of the figures it cannot have yet. */
export function ShortHistoryNote({ symbol, history, what }: { symbol: string; history: ShortHistory; what: string }) {
  return (
    <p className="short-history-note" data-testid="short-history">
      {shortHistorySentence(symbol, history, what)}
    </p>
  );
}
