import type { Tradebook } from './tradebook';
import { TradebookFormatError, detectFormat, readCsvRecords } from './tradebook';
import { parseUpstoxTradeHistoryCsv, parseUpstoxTradeHistoryJson } from './upstox-history';
import { parseUpstoxTradeReport } from './upstox';
import { parseZerodhaTradebook } from './zerodha';

export type { Broker, SkippedRow, Trade, TradeExchange, Tradebook, TradebookFormat, TradeSide } from './tradebook';
export { TradebookFormatError, detectBroker, detectFormat } from './tradebook';
export type { TradeTransaction } from './aggregate';
export { aggregateTrades } from './aggregate';
export { parseUpstoxTradeHistoryCsv, parseUpstoxTradeHistoryJson } from './upstox-history';
export { parseUpstoxTradeReport } from './upstox';
export { parseZerodhaTradebook } from './zerodha';

/** A trade book of any supported format, told apart by its header row (or, for Upstox's JSON, its first character). */
export const parseTradebook = (csvText: string): Tradebook => {
  switch (detectFormat(csvText)) {
    case 'zerodha-tradebook':
      return parseZerodhaTradebook(csvText);
    case 'upstox-trade-report':
      return parseUpstoxTradeReport(csvText);
    case 'upstox-trade-history':
      return parseUpstoxTradeHistoryCsv(csvText);
    case 'upstox-trade-history-json':
      return parseUpstoxTradeHistoryJson(csvText);
    case null: {
      const first = readCsvRecords(csvText)[0];
      if (first === undefined) throw new TradebookFormatError(1, 'the file is empty');
      throw new TradebookFormatError(
        first.line,
        'not a Zerodha tradebook, an Upstox trade report or Upstox trade history: no header row of any of them',
      );
    }
  }
};
