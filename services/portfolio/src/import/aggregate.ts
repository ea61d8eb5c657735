import type { Trade, TradeExchange, TradeSide } from './tradebook';

/**
 * The trades of one symbol on one exchange, day and side as one transaction. The service stores `trade_ids`, so a
 * trade book imported again adds nothing; it drops trades whose ids it already holds before aggregating.
 */
export type TradeTransaction = {
  symbol: string;
  exchange: TradeExchange;
  isin?: string;
  date: string;
  side: TradeSide;
  /** Summed shares. */
  quantity: number;
  /** Weighted average price: traded value over quantity, to six decimals (Zerodha writes prices to six). */
  price: number;
  /** The trades' ids, in the order of the book. */
  trade_ids: string[];
};

const PRICE_SCALE = 1e6;
const SIDE_ORDER: Record<TradeSide, number> = { buy: 0, sell: 1 };

/**
 * Trades grouped by (symbol, date, side) and exchange, ordered by date, symbol, exchange, then buys before sells. The
 * exchange is part of the group because BSE rows carry BSE symbols that the service maps to NSE later.
 */
export const aggregateTrades = (trades: readonly Trade[]): TradeTransaction[] => {
  const groups = new Map<string, { transaction: TradeTransaction; value: number }>();
  for (const trade of trades) {
    const key = `${trade.exchange}|${trade.symbol}|${trade.date}|${trade.side}`;
    const group = groups.get(key);
    if (group === undefined) {
      const { symbol, exchange, isin, date, side, quantity, price, trade_id } = trade;
      const transaction: TradeTransaction = {
        symbol,
        exchange,
        ...(isin === undefined ? {} : { isin }),
        date,
        side,
        quantity,
        price,
        trade_ids: [trade_id],
      };
      groups.set(key, { transaction, value: quantity * price });
      continue;
    }
    group.transaction.quantity += trade.quantity;
    group.transaction.trade_ids.push(trade.trade_id);
    group.value += trade.quantity * trade.price;
    if (group.transaction.isin === undefined && trade.isin !== undefined) group.transaction.isin = trade.isin;
  }
  return [...groups.values()]
    .map(({ transaction, value }) => ({
      ...transaction,
      price: Math.round((value / transaction.quantity) * PRICE_SCALE) / PRICE_SCALE,
    }))
    .sort(
      (a, b) =>
        a.date.localeCompare(b.date) ||
        a.symbol.localeCompare(b.symbol) ||
        a.exchange.localeCompare(b.exchange) ||
        SIDE_ORDER[a.side] - SIDE_ORDER[b.side],
    );
};
