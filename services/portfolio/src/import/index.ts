import type { Tradebook } from './tradebook';
import { TradebookFormatError, detectBroker, readCsvRecords } from './tradebook';
import { parseUpstoxTradeReport } from './upstox';
import { parseZerodhaTradebook } from './zerodha';

export type { Broker, SkippedRow, Trade, TradeExchange, Tradebook, TradeSide } from './tradebook';
export { TradebookFormatError, detectBroker } from './tradebook';
export type { TradeTransaction } from './aggregate';
export { aggregateTrades } from './aggregate';
export { parseUpstoxTradeReport } from './upstox';
export { parseZerodhaTradebook } from './zerodha';

/** A trade book of any supported broker, told apart by its header row. */
export const parseTradebook = (csvText: string): Tradebook => {
  switch (detectBroker(csvText)) {
    case 'zerodha':
      return parseZerodhaTradebook(csvText);
    case 'upstox':
      return parseUpstoxTradeReport(csvText);
    case null: {
      const first = readCsvRecords(csvText)[0];
      if (first === undefined) throw new TradebookFormatError(1, 'the file is empty');
      throw new TradebookFormatError(
        first.line,
        'not a Zerodha tradebook or an Upstox trade report: no header row of either',
      );
    }
  }
};
