import { lastCloseBefore, priceReaction } from './reaction';

// Wednesday 10 Jan 2024 to Friday 9 Feb 2024: 22 NSE sessions (Saturday 20 Jan was one; 22 and 26 Jan were holidays).
const DATES = ['2024-01-10', '2024-01-11', '2024-01-12', '2024-01-15', '2024-01-16', '2024-01-17', '2024-01-18', '2024-01-19', '2024-01-20', '2024-01-23', '2024-01-24', '2024-01-25', '2024-01-29', '2024-01-30', '2024-01-31', '2024-02-01', '2024-02-02', '2024-02-05', '2024-02-06', '2024-02-07', '2024-02-08', '2024-02-09'];
const series = { dates: DATES, closes: DATES.map((_, i) => 100 + i) };
const nifty = new Map(DATES.slice(0, 10).map((date, i) => [date, 1000 + 5 * i]));

describe('lastCloseBefore', () => {
  it('takes the same day’s close for an item after 15:30 IST, the day before for one during or before the session', () => {
    expect(DATES[lastCloseBefore(series, '2024-01-11T12:49:00.000Z')]).toBe('2024-01-11'); // 18:19 IST
    expect(DATES[lastCloseBefore(series, '2024-01-11T10:00:00.000Z')]).toBe('2024-01-11'); // 15:30 IST exactly
    expect(DATES[lastCloseBefore(series, '2024-01-11T04:35:00.000Z')]).toBe('2024-01-10'); // 10:05 IST
    expect(DATES[lastCloseBefore(series, '2024-01-13T06:00:00.000Z')]).toBe('2024-01-12'); // a Saturday
    expect(lastCloseBefore(series, '2024-01-10T03:45:00.000Z')).toBe(-1);
  });
});

describe('priceReaction', () => {
  it('measures 1, 5 and 20 trading days from that close, against NIFTY 50 where the index has both closes', () => {
    expect(priceReaction('INFY', series, nifty, '2024-01-11T12:49:00.000Z')).toEqual({
      symbol: 'INFY',
      base_date: '2024-01-11',
      moves: [
        { days: 1, date: '2024-01-12', stock_pct: 0.99, nifty_pct: 0.5, excess_pct: 0.49 },
        { days: 5, date: '2024-01-18', stock_pct: 4.95, nifty_pct: 2.49, excess_pct: 2.46 },
        // The index stops on 23 Jan: no comparison after that.
        { days: 20, date: '2024-02-09', stock_pct: 19.8, nifty_pct: null, excess_pct: null },
      ],
      note: null,
    });
  });

  it('counts sessions on NSE\'s calendar: a session missing from the prices has no move, not the next bar\'s', () => {
    const gap = DATES.filter((date) => date !== '2024-01-18');
    const reaction = priceReaction('INFY', { dates: gap, closes: gap.map((_, i) => 100 + i) }, nifty, '2024-01-11T12:49:00.000Z');
    expect(reaction.moves.map((move) => move.date)).toEqual(['2024-01-12', null, '2024-02-09']);
    // An item on Good Friday 2024 is measured from Thursday's close; its first session is Monday 1 Apr.
    const easter = ['2024-03-27', '2024-03-28', '2024-04-01', '2024-04-02'];
    expect(priceReaction('INFY', { dates: easter, closes: [1, 2, 3, 4] }, nifty, '2024-03-29T06:00:00.000Z').moves[0]).toMatchObject({ days: 1, date: '2024-04-01' });
  });

  it('says why there is no move: prices that end first, or start after', () => {
    const late = priceReaction('INFY', series, nifty, '2024-02-09T11:00:00.000Z');
    expect(late).toMatchObject({ base_date: '2024-02-09', note: 'The prices end on 9 Feb 2024, before any trading day after this item.' });
    expect(late.moves.map((move) => move.date)).toEqual([null, null, null]);
    expect(priceReaction('INFY', series, nifty, '2023-12-01T10:00:00.000Z')).toEqual({ symbol: 'INFY', base_date: null, moves: [], note: 'The prices of INFY start after this item.' });
    expect(priceReaction('INFY', undefined, nifty, '2024-01-11T12:49:00.000Z').note).toBe('No prices of INFY are stored.');
  });
});
