import { aggregateTrades } from './aggregate';
import type { Trade } from './tradebook';

const trade = (trade_id: string, changes: Partial<Trade> = {}): Trade => ({
  trade_id,
  symbol: 'RELIANCE',
  isin: 'INE002A01018',
  date: '2024-03-15',
  side: 'buy',
  quantity: 10,
  price: 2890.5,
  exchange: 'NSE',
  ...changes,
});

describe('aggregateTrades', () => {
  it('sums the quantity of one symbol, day and side, at the weighted average price, keeping every trade id', () => {
    // (10 × 100 + 30 × 104 + 1 × 103.1) / 41 = 4223.1 / 41
    expect(
      aggregateTrades([
        trade('1', { quantity: 10, price: 100 }),
        trade('2', { quantity: 30, price: 104 }),
        trade('3', { quantity: 1, price: 103.1 }),
      ]),
    ).toEqual([
      {
        symbol: 'RELIANCE',
        exchange: 'NSE',
        isin: 'INE002A01018',
        date: '2024-03-15',
        side: 'buy',
        quantity: 41,
        price: 103.002439,
        trade_ids: ['1', '2', '3'],
      },
    ]);
  });

  it('keeps sides, days, symbols and exchanges apart, ordered by day, symbol, exchange, then buys before sells', () => {
    const transactions = aggregateTrades([
      trade('1', { date: '2024-03-18', side: 'sell' }),
      trade('2', { date: '2024-03-18' }),
      trade('3', { symbol: 'INFY', isin: 'INE009A01021' }),
      trade('4', { exchange: 'BSE' }),
      trade('5'),
    ]);
    expect(
      transactions.map(({ symbol, exchange, date, side, trade_ids }) => [
        date,
        symbol,
        exchange,
        side,
        trade_ids.join(),
      ]),
    ).toEqual([
      ['2024-03-15', 'INFY', 'NSE', 'buy', '3'],
      ['2024-03-15', 'RELIANCE', 'BSE', 'buy', '4'],
      ['2024-03-15', 'RELIANCE', 'NSE', 'buy', '5'],
      ['2024-03-18', 'RELIANCE', 'NSE', 'buy', '2'],
      ['2024-03-18', 'RELIANCE', 'NSE', 'sell', '1'],
    ]);
  });

  it('gives a price free of floating-point noise', () => {
    const [transaction] = aggregateTrades([
      trade('1', { quantity: 1, price: 0.1 }),
      trade('2', { quantity: 2, price: 0.2 }),
    ]);
    expect(transaction!.price).toBe(0.166667);
    const [even] = aggregateTrades([trade('1', { quantity: 3, price: 0.1 }), trade('2', { quantity: 3, price: 0.2 })]);
    expect(even!.price).toBe(0.15);
  });

  it('takes the ISIN from any trade of the group, and leaves it out when none has one', () => {
    const { isin: _isin, ...bare } = trade('1');
    expect(aggregateTrades([bare, trade('2')])[0]!.isin).toBe('INE002A01018');
    expect(aggregateTrades([bare])[0]).not.toHaveProperty('isin');
  });

  it('does not change the trades it is given', () => {
    const trades = [trade('1'), trade('2')];
    const copy = structuredClone(trades);
    aggregateTrades(trades);
    expect(trades).toEqual(copy);
    expect(aggregateTrades([])).toEqual([]);
  });
});
