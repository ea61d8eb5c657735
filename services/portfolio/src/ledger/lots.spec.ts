import { DomainError } from '@nivesh/proto';
import { addYears, isIsoDate } from './dates';
import { applyAction, type Lot, longTermFrom, replay, termOf } from './lots';
import { type CorporateAction, LedgerError, type Transaction } from './transactions';

const tx =
  (kind: Transaction['kind']) =>
  (id: string, date: string, quantity: number, price: number, charges = 0, symbol = 'INFY'): Transaction => ({
    id,
    symbol,
    date,
    kind,
    quantity,
    price,
    charges,
  });
const buy = tx('buy');
const sell = tx('sell');
const dividend = tx('dividend');
const action = (
  kind: CorporateAction['kind'],
  ex_date: string,
  ratio: number | null,
  factor = ratio ? 1 / ratio : 1,
  symbol = 'INFY',
) => ({
  symbol,
  ex_date,
  kind,
  ratio,
  factor,
});

const thrown = (fn: () => unknown): LedgerError => {
  try {
    fn();
  } catch (error) {
    return error as LedgerError;
  }
  throw new Error('expected an error');
};

describe('dates and terms', () => {
  it('counts long-term from the day after the same calendar date a year later', () => {
    expect(termOf('2023-04-10', '2024-04-10')).toBe('short');
    expect(termOf('2023-04-10', '2024-04-11')).toBe('long');
    expect(longTermFrom('2023-04-10')).toBe('2024-04-11');
    // 29 February: 12 months end on 28 February of the next year.
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(termOf('2024-02-29', '2025-02-28')).toBe('short');
    expect(termOf('2024-02-29', '2025-03-01')).toBe('long');
    expect(longTermFrom('2024-02-29')).toBe('2025-03-01');
  });

  it('accepts only real calendar dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2023-2-01')).toBe(false);
    expect(isIsoDate('01-02-2023')).toBe(false);
  });
});

describe('replay: FIFO lots', () => {
  it('sells the oldest lots first, with charges in cost and proceeds pro rata', () => {
    const ledger = replay([
      buy('b1', '2023-01-02', 10, 100, 10),
      buy('b2', '2023-02-01', 10, 120),
      sell('s1', '2023-06-01', 15, 150, 15),
    ]);
    expect(ledger.realised).toEqual([
      expect.objectContaining({
        sell_id: 's1',
        source_id: 'b1',
        acquired: '2023-01-02',
        quantity: 10,
        cost: 1010,
        proceeds: 1490,
        gain: 480,
        holding_days: 150,
        term: 'short',
      }),
      expect.objectContaining({
        sell_id: 's1',
        source_id: 'b2',
        acquired: '2023-02-01',
        quantity: 5,
        cost: 600,
        proceeds: 745,
        gain: 145,
        holding_days: 120,
        term: 'short',
      }),
    ]);
    expect(ledger.lots).toEqual([
      { symbol: 'INFY', source_id: 'b2', origin: 'buy', acquired: '2023-02-01', quantity: 5, cost: 600 },
    ]);
  });

  it('replays in date order whatever the input order, and keeps every rupee of cost', () => {
    const transactions = [
      sell('s2', '2023-09-01', 7, 130, 3),
      buy('b2', '2023-03-01', 6, 110, 7),
      buy('b1', '2023-01-02', 5, 100, 5),
      sell('s1', '2023-05-01', 2, 120, 1),
      buy('b3', '2023-08-01', 4, 90, 2),
    ];
    const ledger = replay(transactions);
    expect(ledger.realised.map((m) => [m.sell_id, m.source_id, m.quantity])).toEqual([
      ['s1', 'b1', 2],
      ['s2', 'b1', 3],
      ['s2', 'b2', 4],
    ]);
    const paid = 5 * 100 + 5 + 6 * 110 + 7 + 4 * 90 + 2;
    const matched = ledger.realised.reduce((sum, m) => sum + m.cost, 0);
    const open = ledger.lots.reduce((sum, lot) => sum + lot.cost, 0);
    expect(matched + open).toBeCloseTo(paid, 9);
    const received = ledger.realised.reduce((sum, m) => sum + m.proceeds, 0);
    expect(received).toBeCloseTo(2 * 120 - 1 + 7 * 130 - 3, 9);
    expect(ledger.lots.map((lot) => [lot.source_id, lot.quantity])).toEqual([
      ['b2', 2],
      ['b3', 4],
    ]);
  });

  it('throws a LedgerError naming the sell that takes more than is held', () => {
    const error = thrown(() => replay([buy('b1', '2023-01-02', 10, 100), sell('s9', '2023-03-01', 11, 120)]));
    expect(error).toBeInstanceOf(LedgerError);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.code).toBe('unprocessable');
    expect(error.reason).toBe('oversold');
    expect(error.details).toMatchObject({ transaction_id: 's9', symbol: 'INFY', quantity: 11, held: 10 });
    expect(error.message).toContain('s9');
    // A sale dated before the buy sells shares not yet held.
    expect(
      thrown(() => replay([buy('b1', '2023-03-02', 10, 100), sell('s1', '2023-03-01', 5, 120)])).details,
    ).toMatchObject({
      transaction_id: 's1',
      held: 0,
    });
  });

  it('rejects malformed transactions and repeated ids, naming them', () => {
    const bad = [
      buy('b1', '2023-02-30', 10, 100),
      buy('b1', '2023-02-01', 0, 100),
      buy('b1', '2023-02-01', 10, -1),
      buy('b1', '2023-02-01', 10, 100, Number.NaN),
    ];
    for (const transaction of bad) {
      const error = thrown(() => replay([transaction]));
      expect([error.reason, error.details]).toEqual([
        'invalid_transaction',
        { reason: 'invalid_transaction', transaction_id: 'b1' },
      ]);
    }
    expect(thrown(() => replay([buy('b1', '2023-02-01', 1, 1), buy('b1', '2023-02-02', 1, 1)])).message).toContain(
      'b1 appears twice',
    );
  });

  it('keeps symbols apart', () => {
    const ledger = replay([
      buy('t1', '2023-01-02', 5, 3000, 0, 'TCS'),
      buy('i1', '2023-01-03', 10, 1500),
      sell('t2', '2023-02-01', 5, 3100, 0, 'TCS'),
    ]);
    expect(ledger.realised.map((m) => [m.symbol, m.source_id, m.gain])).toEqual([['TCS', 't1', 500]]);
    expect(ledger.lots.map((lot) => lot.symbol)).toEqual(['INFY']);
    expect(() => replay([buy('i1', '2023-01-03', 10, 1500), sell('t2', '2023-02-01', 5, 3100, 0, 'TCS')])).toThrow(
      LedgerError,
    );
  });
});

describe('replay: intraday', () => {
  it('nets a same-day buy and sell as intraday, leaving the delivery lots alone', () => {
    const ledger = replay([
      buy('b0', '2023-01-02', 50, 90),
      buy('b1', '2023-03-01', 20, 100, 4),
      sell('s1', '2023-03-01', 20, 105, 6),
    ]);
    expect(ledger.intraday).toEqual([
      {
        symbol: 'INFY',
        date: '2023-03-01',
        buy_id: 'b1',
        sell_id: 's1',
        quantity: 20,
        cost: 2004,
        proceeds: 2094,
        gain: 90,
      },
    ]);
    expect(ledger.realised).toEqual([]);
    expect(ledger.lots).toEqual([
      { symbol: 'INFY', source_id: 'b0', origin: 'buy', acquired: '2023-01-02', quantity: 50, cost: 4500 },
    ]);
  });

  it('nets the overlap only: the rest of a bigger buy opens a lot, the rest of a bigger sell takes from lots', () => {
    const more = replay([buy('b1', '2023-03-01', 30, 100, 3), sell('s1', '2023-03-01', 20, 110)]);
    expect(more.intraday.map((m) => [m.quantity, m.cost, m.gain])).toEqual([[20, 2002, 198]]);
    expect(more.lots).toEqual([
      { symbol: 'INFY', source_id: 'b1', origin: 'buy', acquired: '2023-03-01', quantity: 10, cost: 1001 },
    ]);

    const less = replay([
      buy('b0', '2022-01-03', 40, 80),
      sell('s1', '2023-03-01', 30, 110),
      buy('b1', '2023-03-01', 10, 100),
    ]);
    expect(less.intraday.map((m) => [m.buy_id, m.sell_id, m.quantity])).toEqual([['b1', 's1', 10]]);
    expect(less.realised.map((m) => [m.source_id, m.quantity, m.term])).toEqual([['b0', 20, 'long']]);
    expect(less.lots.map((lot) => [lot.source_id, lot.quantity])).toEqual([['b0', 20]]);
  });

  it('allows an intraday short sale bought back the same day', () => {
    const ledger = replay([sell('s1', '2023-03-01', 10, 110), buy('b1', '2023-03-01', 10, 100)]);
    expect(ledger.intraday.map((m) => m.gain)).toEqual([100]);
    expect(ledger.lots).toEqual([]);
  });
});

describe('replay: dividends', () => {
  it('adds income net of charges and leaves the lots alone', () => {
    const ledger = replay([buy('b1', '2023-01-02', 100, 1500), dividend('d1', '2023-06-01', 100, 17.5, 175)]);
    expect(ledger.dividends).toEqual([
      { id: 'd1', symbol: 'INFY', date: '2023-06-01', gross: 1750, charges: 175, net: 1575 },
    ]);
    expect(ledger.lots.map((lot) => lot.quantity)).toEqual([100]);
  });
});

describe('replay: corporate actions', () => {
  it('splits the lots 2-for-1, keeping the cost and the acquisition date', () => {
    const transactions = [buy('b1', '2020-05-04', 10, 1000, 20), sell('s1', '2021-06-01', 20, 600)];
    const ledger = replay(transactions, [action('split', '2021-03-01', 2)]);
    expect(ledger.realised).toEqual([
      expect.objectContaining({
        source_id: 'b1',
        acquired: '2020-05-04',
        quantity: 20,
        cost: 10020,
        proceeds: 12000,
        gain: 1980,
        term: 'long',
      }),
    ]);
    const held = replay(transactions.slice(0, 1), [action('split', '2021-03-01', 2)]);
    expect(held.lots).toEqual([
      { symbol: 'INFY', source_id: 'b1', origin: 'buy', acquired: '2020-05-04', quantity: 20, cost: 10020 },
    ]);
    // Without the split the sale would take twice what is held.
    expect(thrown(() => replay(transactions)).reason).toBe('oversold');
  });

  it('issues 1:1 bonus shares at cost 0 dated the ex-date: originals sell long-term, bonus shares short-term', () => {
    const bonus = [action('bonus', '2023-06-01', 2)];
    const ledger = replay([buy('b1', '2022-01-10', 100, 500), sell('s1', '2023-09-01', 150, 400)], bonus);
    expect(ledger.realised).toEqual([
      expect.objectContaining({
        origin: 'buy',
        acquired: '2022-01-10',
        quantity: 100,
        cost: 50000,
        proceeds: 40000,
        gain: -10000,
        holding_days: 599,
        term: 'long',
      }),
      expect.objectContaining({
        origin: 'bonus',
        source_id: 'b1',
        acquired: '2023-06-01',
        quantity: 50,
        cost: 0,
        proceeds: 20000,
        gain: 20000,
        holding_days: 92,
        term: 'short',
      }),
    ]);
    expect(ledger.lots).toEqual([
      { symbol: 'INFY', source_id: 'b1', origin: 'bonus', acquired: '2023-06-01', quantity: 50, cost: 0 },
    ]);

    // The remaining bonus shares become long-term only after 12 months from the ex-date.
    const later = (date: string) =>
      replay([buy('b1', '2022-01-10', 100, 500), sell('s1', '2023-09-01', 150, 400), sell('s2', date, 50, 450)], bonus);
    expect(later('2024-06-01').realised[2]).toMatchObject({ acquired: '2023-06-01', term: 'short', gain: 22500 });
    expect(later('2024-06-03').realised[2]).toMatchObject({ acquired: '2023-06-01', term: 'long', holding_days: 368 });
  });

  it('gives bonus shares on the lots held before the ex-date only', () => {
    const ledger = replay(
      [buy('b1', '2023-01-02', 10, 100), buy('b2', '2023-06-01', 5, 60)],
      [action('bonus', '2023-06-01', 2)],
    );
    expect(ledger.lots.map((lot) => [lot.source_id, lot.origin, lot.acquired, lot.quantity, lot.cost])).toEqual([
      ['b1', 'buy', '2023-01-02', 10, 1000],
      ['b1', 'bonus', '2023-06-01', 10, 0],
      ['b2', 'buy', '2023-06-01', 5, 300],
    ]);
  });

  it('splits a split with bonus into its parts when the bonus part is known, else treats it as a split', () => {
    // ITC 2005: a ₹10 to ₹1 split and a 1:2 bonus issue, stored as ratio 15.
    const itc: CorporateAction = { ...action('split_bonus', '2005-09-21', 15), bonus_ratio: 1.5 };
    const parts = replay([buy('b1', '2004-01-05', 10, 150)], [itc]);
    expect(parts.lots).toEqual([
      { symbol: 'INFY', source_id: 'b1', origin: 'buy', acquired: '2004-01-05', quantity: 100, cost: 1500 },
      { symbol: 'INFY', source_id: 'b1', origin: 'bonus', acquired: '2005-09-21', quantity: 50, cost: 0 },
    ]);
    const whole = replay([buy('b1', '2004-01-05', 10, 150)], [action('split_bonus', '2005-09-21', 15)]);
    expect(whole.lots).toEqual([
      { symbol: 'INFY', source_id: 'b1', origin: 'buy', acquired: '2004-01-05', quantity: 150, cost: 1500 },
    ]);
  });

  it('consolidates on a reverse split, keeping the cost', () => {
    const ledger = replay([buy('b1', '2023-01-02', 100, 10)], [action('reverse_split', '2023-05-02', 0.1)]);
    expect(ledger.lots.map((lot) => [lot.quantity, lot.cost])).toEqual([[10, 1000]]);
  });

  it('moves the share of cost a demerger takes out of each lot, and ignores rights and special dividends', () => {
    const ledger = replay(
      [buy('b1', '2023-01-02', 10, 2500), buy('b2', '2023-03-01', 10, 2300)],
      [
        action('demerger', '2023-07-20', null, 0.9),
        action('rights', '2023-08-01', null, 0.98),
        action('special_dividend', '2023-09-01', null, 0.99),
        action('split', '2023-05-01', 10, 0.1, 'TCS'),
      ],
    );
    expect(ledger.lots.map((lot) => [lot.quantity, lot.cost])).toEqual([
      [10, 22500],
      [10, 20700],
    ]);
    expect(ledger.demerged).toEqual(
      [
        { symbol: 'INFY', ex_date: '2023-07-20', source_id: 'b1', acquired: '2023-01-02', quantity: 10, cost: 2500 },
        { symbol: 'INFY', ex_date: '2023-07-20', source_id: 'b2', acquired: '2023-03-01', quantity: 10, cost: 2300 },
      ].map((d) => ({ ...d, cost: expect.closeTo(d.cost, 6) })),
    );
  });

  it('lets fractional bonus entitlements be sold without float noise tripping the oversold check', () => {
    // A 2:3 bonus (ratio 5/3) on 3 shares adds 2 (2.0000000000000004 in floating point).
    const ledger = replay(
      [buy('b1', '2023-01-02', 3, 100), sell('s1', '2023-09-01', 5, 120)],
      [action('bonus', '2023-06-01', 5 / 3)],
    );
    expect(ledger.realised.map((m) => m.quantity)).toEqual([3, expect.closeTo(2, 9)]);
    expect(ledger.lots).toEqual([]);
  });

  it('rejects actions whose ratio or factor does not fit the kind', () => {
    const lots: Lot[] = [];
    expect(applyAction(lots, action('rights', '2023-01-02', null, 0.9))).toEqual([]);
    const invalid = [
      action('bonus', '2023-06-01', 0.5),
      action('split', '2023-06-01', null),
      action('demerger', '2023-06-01', null, 1.2),
    ];
    for (const a of invalid)
      expect(thrown(() => replay([buy('b1', '2023-01-02', 1, 1)], [a])).reason).toBe('invalid_action');
  });
});
