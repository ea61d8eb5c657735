import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  TradebookFormatError,
  aggregateTrades,
  parseTradebook,
  parseUpstoxTradeHistoryCsv,
  parseUpstoxTradeHistoryJson,
  parseUpstoxTradeReport,
  parseZerodhaTradebook,
} from './index';

const fixture = (name: string): string => readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');

describe('parseTradebook', () => {
  it('reads each broker’s book with that broker’s parser', () => {
    expect(parseTradebook(fixture('zerodha-tradebook.csv'))).toEqual(
      parseZerodhaTradebook(fixture('zerodha-tradebook.csv')),
    );
    expect(parseTradebook(fixture('upstox-trade-report.csv'))).toEqual(
      parseUpstoxTradeReport(fixture('upstox-trade-report.csv')),
    );
    expect(parseTradebook(fixture('upstox-trade-history.csv'))).toEqual(
      parseUpstoxTradeHistoryCsv(fixture('upstox-trade-history.csv')),
    );
    expect(parseTradebook(fixture('upstox-trade-history.json'))).toEqual(
      parseUpstoxTradeHistoryJson(fixture('upstox-trade-history.json')),
    );
  });

  it('reads Upstox trade history JSON after a byte-order mark and blank lines, naming a record in errors', () => {
    const json = fixture('upstox-trade-history.json');
    expect(parseTradebook(`\ufeff\n\n${json}`).trades).toEqual(parseUpstoxTradeHistoryJson(json).trades);
    expect(() => parseTradebook(json.replace('"price": 1421.5', '"price": 0'))).toThrow(
      new TradebookFormatError(38, "price '0' is not positive", 3),
    );
    expect(() => parseTradebook(json.replace('"price": 1421.5', '"price": 0'))).toThrow(
      "record 3 (line 38): price '0' is not positive",
    );
  });

  it('rejects an empty file and a file of neither broker, naming the line', () => {
    expect(() => parseTradebook('')).toThrow(new TradebookFormatError(1, 'the file is empty'));
    expect(() => parseTradebook('\n\ndate,open,close\n')).toThrow(
      'line 3: not a Zerodha tradebook, an Upstox trade report or Upstox trade history: no header row of any of them',
    );
  });

  it('gives the same transactions for the same trades from either broker', () => {
    const zerodha = aggregateTrades(parseTradebook(fixture('zerodha-tradebook.csv')).trades).filter(
      (t) => t.symbol === 'RELIANCE',
    );
    const upstox = aggregateTrades(parseTradebook(fixture('upstox-trade-report.csv')).trades).filter(
      (t) => t.symbol === 'RELIANCE',
    );
    const shape = ({ symbol, date, side, quantity, price }: (typeof zerodha)[number]) => ({
      symbol,
      date,
      side,
      quantity,
      price,
    });
    expect(zerodha.map(shape)).toEqual(upstox.map(shape));
    expect(zerodha.map(shape)).toEqual([
      { symbol: 'RELIANCE', date: '2024-03-15', side: 'buy', quantity: 15, price: 2890.666667 },
      { symbol: 'RELIANCE', date: '2024-06-03', side: 'sell', quantity: 12, price: 2950 },
    ]);
  });

  it('gives the same transactions from Upstox trade history saved as CSV as from its JSON', () => {
    const fromCsv = aggregateTrades(parseTradebook(fixture('upstox-trade-history.csv')).trades);
    expect(aggregateTrades(parseTradebook(fixture('upstox-trade-history.json')).trades)).toEqual(fromCsv);
    expect(fromCsv.filter((t) => t.symbol === 'RELIANCE')).toEqual([
      {
        symbol: 'RELIANCE',
        exchange: 'NSE',
        isin: 'INE002A01018',
        date: '2023-03-28',
        side: 'buy',
        quantity: 10,
        price: 2252.395,
        trade_ids: ['75217259', '75217262'],
      },
      {
        symbol: 'RELIANCE',
        exchange: 'NSE',
        isin: 'INE002A01018',
        date: '2023-06-14',
        side: 'sell',
        quantity: 5,
        price: 2540.1,
        trade_ids: ['81004417'],
      },
    ]);
  });
});
