import type { MarketBar } from '@nivesh/proto';
import type { Filing } from '../fundamentals/derive';
import type { PeriodFigures } from '../fundamentals/filing';
import { actionEvents, MARKET_EVENT_RULES, marketEvents, resultsEvents } from './events';
import { consolidatedQ3, FALLING_PROFIT_FILINGS } from './testing/results-filings';

const CRORE = 1e7;
const figures = (start: string, end: string, revenue: number | null, profit: number | null, eps: number | null): PeriodFigures => ({
  start,
  end,
  revenue: revenue === null ? null : revenue * CRORE,
  total_income: null,
  net_profit: profit === null ? null : profit * CRORE,
  eps_basic: eps,
  eps_diluted: null,
  operating_cash_flow: null,
  dividends_paid: null,
});
const BALANCE = { paid_up_capital: null, face_value: null, reserves: null, equity: null, total_assets: null, borrowings_current: null, borrowings_noncurrent: null };
/** A Q3 filing: October–December of the fiscal year's first calendar year. */
const q3 = (fiscalYear: number, basis: Filing['basis'], filedAt: string, revenue: number | null, profit: number, eps: number, format: Filing['format'] = 'indas'): Filing => ({
  fiscal_year: fiscalYear,
  period: 'Q3',
  basis,
  format,
  filed_at: filedAt,
  source_file: `${fiscalYear}-${basis}-${filedAt}.xml`,
  quarter: figures(`${fiscalYear - 1}-10-01`, `${fiscalYear - 1}-12-31`, revenue, profit, eps),
  year_to_date: figures(`${fiscalYear - 1}-04-01`, `${fiscalYear - 1}-12-31`, revenue === null ? null : revenue * 3, profit * 3, eps * 3),
  balance: BALANCE,
});

describe('resultsEvents', () => {
  it('writes one item per announcement, consolidated, with the quarter against the same quarter a year earlier', () => {
    const events = resultsEvents('INFY', 'Infosys', [
      q3(2023, 'standalone', '2023-01-12T10:52:00.000Z', 32389, 6210, 14.77),
      q3(2023, 'consolidated', '2023-01-12T10:55:00.000Z', 38318, 6586, 15.72),
      q3(2024, 'consolidated', '2024-01-11T12:49:00.000Z', 38821, 6106, 14.76),
      q3(2024, 'standalone', '2024-01-11T12:58:00.000Z', 32491, 6552, 15.79),
    ]);
    expect(events.map((event) => [event.id, event.date, event.headline])).toEqual([
      ['results:INFY:2023:Q3', '2023-01-12', 'Infosys Q3 FY2023 results: revenue ₹38,318 cr; EPS ₹15.72'],
      ['results:INFY:2024:Q3', '2024-01-11', 'Infosys Q3 FY2024 results: revenue ₹38,821 cr, up 1.3% year on year; EPS ₹14.76'],
    ]);
    const latest = events[1]!;
    expect(latest).toMatchObject({ kind: 'results', symbol: 'INFY', published_at: '2024-01-11T12:49:00.000Z', known_at: '2024-01-11T12:49:00.000Z' });
    expect(latest.summary).toBe(
      'Consolidated results for October–December 2023, published on NSE on 11 Jan 2024 at 18:19 IST. Net profit ₹6,106 cr, against ₹6,586 cr a year earlier (down 7.3%). ' +
        'Revenue a year earlier: ₹38,318 cr. Basic EPS ₹14.76 against ₹15.72, in the shares of the time.',
    );
    expect(events[0]!.summary).toContain('No filing of the same period a year earlier is in the data');
  });

  it('speaks of interest earned for a bank, and of net profit when no revenue is filed', () => {
    const [bank] = resultsEvents('SBIN', 'SBI', [q3(2023, 'standalone', '2023-02-03T09:00:00.000Z', 1000, 100, 5, 'banking'), q3(2024, 'standalone', '2024-02-03T09:00:00.000Z', 1100, 120, 6, 'banking')]).slice(1);
    expect(bank!.headline).toBe('SBI Q3 FY2024 results: interest earned ₹1,100 cr, up 10% year on year; EPS ₹6.00');
    const [profitOnly] = resultsEvents('X', 'X', [q3(2024, 'standalone', '2024-02-03T09:00:00.000Z', null, 120, 6)]);
    expect(profitOnly!.headline).toBe('X Q3 FY2024 results: net profit ₹120 cr; EPS ₹6.00');
  });

  it('compares standalone with standalone when the year before has no consolidated filing', () => {
    const events = resultsEvents('NESTLEIND', 'Nestlé India', [
      q3(2023, 'standalone', '2023-02-14T09:00:00.000Z', 4200, 600, 60),
      q3(2024, 'consolidated', '2024-02-08T09:00:00.000Z', 4700, 650, 65),
      q3(2024, 'standalone', '2024-02-08T09:05:00.000Z', 4600, 640, 64),
    ]);
    expect(events.at(-1)!.headline).toBe('Nestlé India Q3 FY2024 results: revenue ₹4,600 cr, up 9.5% year on year; EPS ₹64.00');
  });
});

describe('the tone of a results item', () => {
  it('follows net profit year on year, not the wording: none of the five whose profit fell is Positive', () => {
    const tones = Object.entries(FALLING_PROFIT_FILINGS).map(([symbol, { name, filings }]) => {
      const latest = resultsEvents(symbol, name, filings).find((event) => event.id === `results:${symbol}:2025:Q3`)!;
      return [symbol, latest.tone!.label, latest.tone!.words[0]];
    });
    expect(tones).toEqual([
      ['GRASIM', 'negative', 'net profit down 40.6%'],
      ['INDUSINDBK', 'negative', 'net profit down 39.1%'],
      ['ONGC', 'negative', 'net profit down 16.8%'],
      ['ITC', 'negative', 'net profit down 7.5%'],
      ['TITAN', 'neutral', 'net profit down 0.6%'],
    ]);
  });

  it('compares the filing the item reports with the same basis a year earlier, and is Neutral with nothing to compare', () => {
    const { name, filings } = FALLING_PROFIT_FILINGS.GRASIM!;
    // Grasim's standalone Q3 FY2025 was a loss; the item reports the consolidated figures, against consolidated ones.
    const standalone = { ...consolidatedQ3(2025, '2025-02-10T15:56:00.000Z', '10Feb2025_2126_INDAS_119490_1377330_10022025092640.xml', 81202800000, -1686500000, -2.53), basis: 'standalone' as const };
    const events = resultsEvents('GRASIM', name, [...filings, standalone]);
    expect(events.map((event) => [event.id, event.tone])).toEqual([
      ['results:GRASIM:2024:Q3', { label: 'neutral', score: 0, words: ['no net profit of the same period a year earlier'] }],
      ['results:GRASIM:2025:Q3', { label: 'negative', score: -1, words: ['net profit down 40.6%', 'revenue up 8.8%'] }],
    ]);
  });
});

describe('actionEvents', () => {
  it('reports splits, bonus issues and demergers on their ex-date, known from the open', () => {
    const events = actionEvents('RELIANCE', 'Reliance Industries', [
      { ex_date: '2020-05-13', kind: 'rights', ratio: null, factor: 0.991, note: 'Rights issue of 1 share for every 15 at ₹1,257' },
      { ex_date: '2023-07-20', kind: 'demerger', ratio: null, factor: 0.908, note: 'Demerger of Jio Financial Services' },
      { ex_date: '2024-10-28', kind: 'bonus', ratio: 2, factor: 0.5, note: null },
    ]);
    expect(events.map((event) => [event.event, event.headline, event.known_at])).toEqual([
      ['demerger', 'Reliance Industries: Demerger of Jio Financial Services, ex-date 20 Jul 2023', '2023-07-20T03:45:00.000Z'],
      ['bonus', 'Reliance Industries: 1:1 bonus issue, ex-date 28 Oct 2024', '2024-10-28T03:45:00.000Z'],
    ]);
    expect(events[1]!.summary).toBe('From 28 Oct 2024 each share counts as 2 shares. Nivesh divides earlier prices by 2 so charts and returns compare like with like.');
  });
});

describe('marketEvents', () => {
  const day = (i: number) => new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10);
  const bar = (i: number, close: number, extra: Partial<MarketBar> = {}): MarketBar => ({ date: day(i), open: close, high: close, low: close, close, volume: 1000, ...extra });
  /** A year of closes between 100 and 101 (so the first day after it can set a 52-week high or low). */
  const flatYear = () => Array.from({ length: MARKET_EVENT_RULES.yearDays }, (_, i) => bar(i, 100 + (i % 2)));

  it('lists a new 52-week high once per run: again only after three months without one', () => {
    const bars = flatYear();
    // Highs on days 250-259, then a quiet stretch of 70 days, then another high.
    for (let i = 0; i < 10; i++) bars.push(bar(bars.length, 102 + i));
    for (let i = 0; i < 70; i++) bars.push(bar(bars.length, 105));
    bars.push(bar(bars.length, 120));
    const highs = marketEvents('INFY', 'Infosys', bars, day(0)).filter((event) => event.event === 'high_52w');
    expect(highs.map((event) => event.date)).toEqual([day(250), day(330)]);
    expect(highs[0]).toMatchObject({ kind: 'market', headline: 'Infosys closes at a 52-week high of ₹102.00', known_at: `${day(250)}T10:00:00.000Z` });
  });

  it('lists a new 52-week low', () => {
    const lows = marketEvents('INFY', 'Infosys', [...flatYear(), bar(250, 90)], day(0)).filter((event) => event.event === 'low_52w');
    expect(lows.map((event) => event.headline)).toEqual(['Infosys closes at a 52-week low of ₹90.00']);
  });

  it('lists volume above three times the 50-session average, once in ten sessions', () => {
    const bars = Array.from({ length: 60 }, (_, i) => bar(i, 100));
    bars.push(bar(60, 101, { volume: 3001 }), bar(61, 101, { volume: 5000 }), bar(62, 101, { volume: 3000 }));
    const volume = marketEvents('TCS', 'TCS', bars, day(0)).filter((event) => event.event === 'volume');
    expect(volume.map((event) => [event.date, event.headline])).toEqual([[day(60), 'TCS trades 3 times its usual volume']]);
    expect(volume[0]!.summary).toBe('3,001 shares changed hands on 1 Mar 2020, against an average of 1,000 over the 50 sessions before. It closed at ₹101.00, up 1% on the day.');
  });

  it('lists opening gaps of 5 % or more either way', () => {
    const bars = [bar(0, 100), bar(1, 106, { open: 105 }), bar(2, 100, { open: 101 }), bar(3, 95, { open: 94.9 })];
    expect(marketEvents('TCS', 'TCS', bars, day(0)).map((event) => [event.event, event.headline])).toEqual([
      ['gap_up', 'TCS opens 5% above the previous close'],
      ['gap_down', 'TCS opens 5.1% below the previous close'],
    ]);
  });

  it('lists nothing before `since`, but follows runs from before it', () => {
    const bars = flatYear();
    for (let i = 0; i < 5; i++) bars.push(bar(bars.length, 102 + i));
    // The run started on day 250; from day 252 on nothing new starts.
    expect(marketEvents('INFY', 'Infosys', bars, day(252)).filter((event) => event.event === 'high_52w')).toEqual([]);
  });
});
