import { fiscalYear, realisedGains, unrealised } from './gains';
import { replay } from './lots';
import type { Transaction } from './transactions';

const t = (
  id: string,
  kind: Transaction['kind'],
  date: string,
  quantity: number,
  price: number,
  symbol = 'INFY',
): Transaction => ({
  id,
  symbol,
  date,
  kind,
  quantity,
  price,
  charges: 0,
});

describe('fiscalYear', () => {
  it('runs from April to March', () => {
    expect(fiscalYear('2024-03-31')).toBe('FY2023-24');
    expect(fiscalYear('2024-04-01')).toBe('FY2024-25');
    expect(fiscalYear('2000-01-15')).toBe('FY1999-00');
    expect(fiscalYear('2099-12-31')).toBe('FY2099-00');
  });
});

describe('realisedGains', () => {
  // A 1:1 bonus on 2023-06-01; sales in FY2023-24 (one long-term and one short-term part) and FY2024-25.
  const ledger = replay(
    [
      t('b1', 'buy', '2022-01-10', 100, 500),
      t('s1', 'sell', '2023-09-01', 150, 400),
      t('b2', 'buy', '2024-01-15', 10, 410, 'TCS'),
      t('s2', 'sell', '2024-01-15', 10, 420, 'TCS'),
      t('s3', 'sell', '2024-04-02', 50, 450),
    ],
    [{ symbol: 'INFY', ex_date: '2023-06-01', kind: 'bonus', ratio: 2, factor: 0.5 }],
  );
  const gains = realisedGains(ledger.realised, ledger.intraday);

  it('groups by the fiscal year of the sale and by term, intraday apart', () => {
    expect(gains.years).toEqual([
      {
        fiscal_year: 'FY2023-24',
        long: { quantity: 100, cost: 50000, proceeds: 40000, gain: -10000 },
        short: { quantity: 50, cost: 0, proceeds: 20000, gain: 20000 },
        intraday: { quantity: 10, cost: 4100, proceeds: 4200, gain: 100 },
        total: { quantity: 160, cost: 54100, proceeds: 64200, gain: 10100 },
      },
      {
        fiscal_year: 'FY2024-25',
        long: { quantity: 0, cost: 0, proceeds: 0, gain: 0 },
        short: { quantity: 50, cost: 0, proceeds: 22500, gain: 22500 },
        intraday: { quantity: 0, cost: 0, proceeds: 0, gain: 0 },
        total: { quantity: 50, cost: 0, proceeds: 22500, gain: 22500 },
      },
    ]);
  });

  it('totals over all years', () => {
    expect(gains.total).toEqual({
      long: { quantity: 100, cost: 50000, proceeds: 40000, gain: -10000 },
      short: { quantity: 100, cost: 0, proceeds: 42500, gain: 42500 },
      intraday: { quantity: 10, cost: 4100, proceeds: 4200, gain: 100 },
      total: { quantity: 210, cost: 54100, proceeds: 86700, gain: 32600 },
    });
  });
});

describe('unrealised', () => {
  const ledger = replay(
    [
      t('b1', 'buy', '2023-01-02', 10, 1000),
      t('b2', 'buy', '2023-08-01', 10, 1500),
      t('c1', 'buy', '2023-03-01', 4, 250, 'ITC'),
    ],
    [{ symbol: 'INFY', ex_date: '2023-06-01', kind: 'bonus', ratio: 2, factor: 0.5 }],
  );
  const closes = new Map([
    ['INFY', { date: '2024-03-28', close: 800 }],
    ['TCS', { date: '2024-03-28', close: 4000 }],
  ]);
  const answer = unrealised(ledger.lots, closes);

  it('values each holding and lot at its close', () => {
    const infy = answer.holdings.find((h) => h.symbol === 'INFY')!;
    expect(infy).toMatchObject({
      quantity: 30,
      cost: 25000,
      close: 800,
      as_of: '2024-03-28',
      value: 24000,
      pnl: -1000,
    });
    expect(infy.average_cost).toBeCloseTo(25000 / 30, 9);
    expect(infy.pnl_ratio).toBeCloseTo(-0.04, 12);
    expect(
      infy.lots.map((lot) => [
        lot.source_id,
        lot.origin,
        lot.value,
        lot.pnl,
        lot.pnl_ratio,
        lot.term,
        lot.long_term_from,
      ]),
    ).toEqual([
      ['b1', 'buy', 8000, -2000, -0.2, 'long', '2024-01-03'],
      ['b1', 'bonus', 8000, 8000, null, 'short', '2024-06-02'],
      ['b2', 'buy', 8000, -7000, -7000 / 15000, 'short', '2024-08-02'],
    ]);
    expect(infy.lots[0]!.holding_days).toBe(451);
  });

  it('keeps a holding without a close at cost, out of the totals, and says so', () => {
    const itc = answer.holdings.find((h) => h.symbol === 'ITC')!;
    expect(itc).toMatchObject({
      quantity: 4,
      cost: 1000,
      close: null,
      as_of: null,
      value: null,
      pnl: null,
      pnl_ratio: null,
    });
    expect(itc.lots[0]).toMatchObject({ value: null, term: null, long_term_from: '2024-03-02' });
    expect(answer.unpriced).toEqual(['ITC']);
    expect(answer.total).toEqual({ cost: 25000, value: 24000, pnl: -1000, pnl_ratio: -0.04 });
    expect(answer.as_of).toBe('2024-03-28');
  });

  it('reports the latest and the oldest price dates when they differ', () => {
    const mixed = unrealised(ledger.lots, new Map([...closes, ['ITC', { date: '2024-03-27', close: 400 }]]));
    expect([mixed.as_of, mixed.oldest_price, mixed.unpriced]).toEqual(['2024-03-28', '2024-03-27', []]);
    expect(mixed.total.value).toBe(24000 + 1600);
  });
});
