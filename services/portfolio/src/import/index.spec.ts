import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  TradebookFormatError,
  aggregateTrades,
  parseTradebook,
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
  });

  it('rejects an empty file and a file of neither broker, naming the line', () => {
    expect(() => parseTradebook('')).toThrow(new TradebookFormatError(1, 'the file is empty'));
    expect(() => parseTradebook('\n\ndate,open,close\n')).toThrow(
      'line 3: not a Zerodha tradebook or an Upstox trade report: no header row of either',
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
});
