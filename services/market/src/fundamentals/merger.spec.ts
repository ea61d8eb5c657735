import { readdirSync } from 'node:fs';
import path from 'node:path';
import { DATASET_ACTIONS, LATER_ACTIONS } from '../data/dataset-actions';
import { type Filing, fundamentalState, profitability, type ShareAction, valuation } from './derive';
import { MERGER_EVENTS, mergersOf } from './merger-events';
import { repairFilings } from './repair';
import { measuresOf, missingReason, timeline } from './screen';
import { valueBacktest } from './value-backtest';
import { readFilingFile } from './xbrl';

/** The shared dataset (../shared/data/fundamentals, README.md there), read in place. */
const DATA = path.resolve(__dirname, '../../../..', '..', 'shared/data/fundamentals/xbrl');
const CRORE = 10_000_000;

/** HDFC Bank's close on 28 March 2024 (../shared/data/nse/HDFCBANK.csv), the last day of the price data. */
const CLOSE_2024_03_28 = 1447.9;

const shareActionsOf = (symbol: string): ShareAction[] =>
  [...DATASET_ACTIONS, ...LATER_ACTIONS].filter((action) => action.symbol === symbol && action.ratio !== null).map((action) => ({ ex_date: action.ex_date, ratio: action.ratio! }));

/** A stock's filings as the service uses them: every file of its folder, repaired with its share changes and mergers. */
const stock = async (symbol: string) => {
  const dir = path.join(DATA, symbol);
  const parsed = await Promise.all(readdirSync(dir).map((name) => readFilingFile(path.join(dir, name))));
  const actions = shareActionsOf(symbol);
  const mergers = mergersOf(symbol);
  return { filings: repairFilings(parsed, actions, mergers), actions, mergers };
};

describe('HDFC Bank after its amalgamation of HDFC Ltd. (effective 1 July 2023), from its real filings', () => {
  let hdfcBank: Awaited<ReturnType<typeof stock>>;
  beforeAll(async () => {
    hdfcBank = await stock('HDFCBANK');
  });

  it('is listed with its record date, exchange ratio and source', () => {
    expect(MERGER_EVENTS.find((event) => event.symbol === 'HDFCBANK')).toMatchObject({
      effective: '2023-07-01',
      record_date: '2023-07-13',
      exchange: '42 HDFC Bank shares for every 25 HDFC Ltd. shares',
      source_url: expect.stringMatching(/^https:\/\//),
    });
    expect(mergersOf('HDFCBANK')).toEqual([{ effective: '2023-07-01', what: 'HDFC Bank’s amalgamation of HDFC Ltd.' }]);
  });

  it('on 28 March 2024 sets no pre-merger book value against the price: P/B and ROE are not available, with the reason', () => {
    const { filings, actions, mergers } = hdfcBank;
    const state = fundamentalState(filings, actions, '2024-03-28', mergers);
    const { pb, pe } = valuation(state, CLOSE_2024_03_28);
    const { roe } = profitability(state);
    // Mixing the March 2023 balance sheet (5.58 billion shares, ₹518.73 a share) with the price gave P/B 2.79 and ROE 20.4 %.
    expect(pb).toBeNull();
    expect(roe).toBeNull();
    expect(state.book).toBeNull();
    // The only balance sheet after the merger, of 31 March 2024, was published on 21 April 2024.
    expect(missingReason('pb', state)).toBe(
      'HDFC Bank’s amalgamation of HDFC Ltd. took effect on 1 July 2023. Book value comes only from a balance sheet dated after it, and none had been published by then: the last one is of the company before the merger.',
    );
    expect(missingReason('roe', state)).toMatch(/^HDFC Bank’s amalgamation of HDFC Ltd\. took effect on 1 July 2023\. ROE needs a balance sheet dated after it/);
    // What the figures were when pre-merger ones were mixed in, kept only to tell why they are withheld.
    expect(state.merger?.mixed.book?.per_share).toBeCloseTo(518.73, 2);
    expect(valuation(state.merger!.mixed, CLOSE_2024_03_28).pb).toBeCloseTo(2.79, 2);

    // EPS: only the two quarters after the merger (July–September 22.24, October–December 22.74), annualised; not
    // two quarters before it (22.58, 22.15) with two after it.
    expect(state.ttm).toMatchObject({ method: 'annualised_since_merger', eps: expect.closeTo((22.24 + 22.74) * 2, 6) });
    expect(pe).toBeCloseTo(CLOSE_2024_03_28 / 89.96, 6);
    expect(pe).toBeCloseTo(16.09, 2);
    // Growth would compare the combined bank with the one before.
    expect(profitability(state).profit_growth).toBeNull();
    expect(missingReason('profit_growth', state)).toMatch(/waits for two years of results after it/);
  });

  it('values on the first balance sheet after the merger once it is published: P/B about 2.42, ROE about 15 %', () => {
    const { filings, actions, mergers } = hdfcBank;
    const state = fundamentalState(filings, actions, '2024-04-22', mergers);
    // Consolidated equity of 31 March 2024: ₹4,53,743 crore on 7.597 billion shares.
    expect(state.book).toMatchObject({ equity: expect.closeTo(453_742.53 * CRORE, -5), per_share: expect.closeTo(597.27, 2) });
    expect(valuation(state, CLOSE_2024_03_28).pb).toBeCloseTo(2.42, 2);
    // Profit of the three quarters after the merger (₹16,811 + 17,258 + 17,622 crore), annualised, over the closing
    // equity alone: the opening balance sheet (March 2023) is from before the merger.
    expect(state.equity_return).toMatchObject({ opening_equity: null, end: '2024-03-31', method: 'annualised_since_merger' });
    const roe = profitability(state).roe!;
    expect(roe).toBeGreaterThan(13);
    expect(roe).toBeLessThan(16);
    expect(roe).toBeCloseTo(15.19, 2);
  });

  it('changes nothing before the merger took effect', () => {
    const { filings, actions, mergers } = hdfcBank;
    for (const day of ['2022-06-30', '2023-04-17', '2023-06-30']) expect(fundamentalState(filings, actions, day, mergers)).toEqual(fundamentalState(filings, actions, day));
    const state = fundamentalState(filings, actions, '2023-06-30', mergers);
    expect(state.merger).toBeNull();
    const close = 1701.4;
    // The four quarters to June 2023 and the March 2023 balance sheet, as before.
    expect(state.ttm).toMatchObject({ method: 'four_quarters', eps: expect.closeTo(82.67, 6) });
    expect(valuation(state, close).pe).toBeCloseTo(20.58, 2);
    expect(valuation(state, close).pb).toBeCloseTo(3.28, 2);
  });

  it('computes ROE on average equity: FY2023 profit over the mean of the March 2022 and March 2023 equity', () => {
    const { filings, actions, mergers } = hdfcBank;
    const state = fundamentalState(filings, actions, '2023-06-30', mergers);
    // ₹45,997 crore over the mean of ₹2,47,326 and ₹2,89,438 crore: 17.1 %, where the latest equity alone gave 15.9 %.
    expect(state.equity_return).toMatchObject({
      net_profit: expect.closeTo(45_997.11 * CRORE, -6),
      opening_equity: expect.closeTo(247_326.17 * CRORE, -6),
      closing_equity: expect.closeTo(289_437.52 * CRORE, -6),
      end: '2023-03-31',
    });
    expect(profitability(state).roe).toBeCloseTo((45_997.11 / ((247_326.17 + 289_437.52) / 2)) * 100, 6);
    expect(profitability(state).roe).toBeCloseTo(17.14, 1);
  });

  it('uses the same rule in the screener’s history and the back-test', () => {
    const { filings, actions, mergers } = hdfcBank;
    const closes = [
      { date: '2023-06-30', close: 1701.4 },
      { date: '2023-07-07', close: 1660.4 },
      { date: '2024-03-28', close: CLOSE_2024_03_28 },
    ];
    // No filing was published between 30 June and 7 July 2023: the merger itself changes what is known.
    const points = timeline(filings, actions, closes, mergers);
    expect(points.map((point) => measuresOf(point.state, point.close).pb !== null)).toEqual([true, false, false]);
    expect(points.map((point) => measuresOf(point.state, point.close).pe !== null)).toEqual([true, false, true]);
    // Formed on 3 July 2023, two days after the merger, with no quarter after it published: HDFC Bank is not ranked.
    const nifty = ['2019-07-01', '2020-07-01', '2021-07-01', '2022-07-01', '2023-07-03', '2024-03-28'].map((date) => ({ date, close: 20_000 }));
    const raw = [
      { date: '2023-07-03', close: 1719.8 },
      { date: '2024-03-28', close: CLOSE_2024_03_28 },
    ];
    const formed2023 = (result: ReturnType<typeof valueBacktest>) => result.years.find((year) => year.formed_on === '2023-07-03');
    expect(formed2023(valueBacktest([{ symbol: 'HDFCBANK', filings, actions, mergers, raw, adjusted: raw }], nifty))).toMatchObject({ stocks: 0 });
    // Mixing in the quarters before the merger, it was ranked.
    expect(formed2023(valueBacktest([{ symbol: 'HDFCBANK', filings, actions, raw, adjusted: raw }], nifty))).toMatchObject({ stocks: 1 });
  });
});

describe('the other amalgamations found in the 47 stocks’ filings', () => {
  it('each changed the share count its filings give by the ratio listed', async () => {
    for (const event of MERGER_EVENTS) {
      const { filings } = await stock(event.symbol);
      const counted = (filter: (filing: Filing) => boolean) =>
        filings.filter((filing) => filter(filing) && filing.shares != null).sort((a, b) => (a.year_to_date.end < b.year_to_date.end ? -1 : 1));
      const after = counted((filing) => filing.year_to_date.end >= event.effective)[0]!;
      expect([event.symbol, after.shares! / event.shares.after]).toEqual([event.symbol, expect.closeTo(1, 2)]);
      const before = counted((filing) => filing.year_to_date.end < event.effective).at(-1);
      // GRASIM's filings start after its merger.
      if (before) expect([event.symbol, before.shares! / event.shares.before]).toEqual([event.symbol, expect.closeTo(1, 2)]);
    }
  });

  it('Hindustan Unilever: ROE from the first year after the merger, on its closing equity, not on the pre-merger book', async () => {
    const { filings, actions, mergers } = await stock('HINDUNILVR');
    const state = fundamentalState(filings, actions, '2021-04-30', mergers);
    // FY2021 (April 2020 – March 2021, all after 1 April 2020): ₹7,995 crore over ₹47,674 crore; averaging in March
    // 2020's ₹8,229 crore (before the merger brought in GSK Consumer Healthcare's brands) would give 28.6 %.
    expect(state.equity_return).toMatchObject({ opening_equity: null, end: '2021-03-31', method: 'four_quarters' });
    expect(profitability(state).roe).toBeCloseTo(16.8, 1);
    // Between the merger and the first results after it, EPS is not available, with the reason.
    const april = fundamentalState(filings, actions, '2020-05-15', mergers);
    expect(april.ttm).toBeNull();
    expect(missingReason('pe', april)).toMatch(/^Hindustan Unilever’s amalgamation of GlaxoSmithKline Consumer Healthcare took effect on 1 April 2020\./);
  });
});
