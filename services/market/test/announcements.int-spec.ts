import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MARKET } from '@nivesh/proto';
import { applyDueAnnouncements, storeAnnouncements } from '../src/import/apply-announcements';
import { BhavcopyImporter } from '../src/import/bhavcopy-importer';
import { AnnouncementRowsSchema } from '../src/nse/corporate-actions/announcements';
import { MarketCache } from '../src/cache/market-cache';
import { MarketTransactions } from '../src/transactions/market-transactions.repository';
import { DATASET_END, keepDatasetEnd, type MarketHarness, startMarket } from './support';

/** The two stocks the announcements are for; the shared dataset ends on DATASET_END (a Thursday; 29 Mar 2024 was Good Friday). */
const SPLIT = 'HDFCBANK';
const DEMERGER = 'ITC';
const [DAY1, DAY2] = ['2024-04-01', '2024-04-02'];
const SOURCE_URL = 'https://www.nseindia.com/api/corporates-corporateActions?index=equities&from_date=28-03-2024&to_date=30-04-2024';
const LEGACY_HEADER = 'SYMBOL,SERIES,OPEN,HIGH,LOW,CLOSE,LAST,PREVCLOSE,TOTTRDQTY,TOTTRDVAL,TIMESTAMP,TOTALTRADES,ISIN,';

/** NSE's answer as the corporate-actions API gives it: the split and the demerger two days after the dataset ends. */
const FEED = [
  { symbol: SPLIT, series: 'EQ', faceVal: '1', subject: 'Face Value Split (Sub-Division) - From Re 1/- Per Share To Re 0.50/- Per Share', exDate: '02-Apr-2024', recDate: '02-Apr-2024', comp: 'HDFC Bank Limited', isin: 'INE040A01034', caBroadcastDate: null },
  { symbol: DEMERGER, series: 'EQ', faceVal: '1', subject: 'Demerger', exDate: '02-Apr-2024', recDate: '02-Apr-2024', bcStartDate: '-', comp: 'ITC Limited', isin: 'INE154A01025' },
  { symbol: DEMERGER, series: 'EQ', faceVal: '1', subject: 'Annual General Meeting/Dividend - Rs 6.25 Per Share', exDate: '01-Apr-2024', recDate: '-', isin: 'INE154A01025' },
  { symbol: 'NOTFOLLOWED', series: 'EQ', subject: 'Bonus 1:1', exDate: '-' },
];

type Bar = { date: string; open: number; close: number };

describe('corporate actions from NSE announcements', () => {
  let market: MarketHarness;
  let transactions: MarketTransactions;
  let cache: MarketCache;
  let restoreDataset: () => Promise<void>;
  const tmp = mkdtempSync(path.join(tmpdir(), 'nivesh-announcements-'));
  const last: Record<string, Bar> = {};

  const store = () => transactions.run((tables) => storeAnnouncements(tables, AnnouncementRowsSchema.parse(FEED), SOURCE_URL, new Date()), { lockImports: true });
  const apply = () => transactions.run((tables) => applyDueAnnouncements(tables, DAY2), { lockImports: true });
  const history = (symbol: string) => market.call(MARKET.history, { symbol, range: '1m', adjusted: true });
  const actionsAfter = async (symbol: string) =>
    (
      await market.pg.query(
        `SELECT to_char(ex_date, 'YYYY-MM-DD') AS ex_date, kind, ratio::float8 AS ratio, factor::float8 AS factor, note, source, source_url
         FROM market.corporate_actions WHERE symbol = $1 AND ex_date > $2 ORDER BY ex_date`,
        [symbol, DATASET_END],
      )
    ).rows;
  const announcements = async () =>
    (
      await market.pg.query(
        `SELECT symbol, to_char(ex_date, 'YYYY-MM-DD') AS ex_date, kind, status, note, applied_at IS NOT NULL AS applied
         FROM market.action_announcements WHERE symbol = ANY($1) ORDER BY symbol, ex_date, subject`,
        [[SPLIT, DEMERGER, 'NOTFOLLOWED']],
      )
    ).rows;
  const flags = async () =>
    (await market.pg.query(`SELECT symbol, to_char(date, 'YYYY-MM-DD') AS date FROM market.price_anomalies WHERE symbol = ANY($1) AND date > $2`, [[SPLIT, DEMERGER], DATASET_END])).rows;
  const legacyRow = (symbol: string, date: string, open: number, close: number, previous: number) => {
    const day = new Date(`${date}T00:00:00Z`).toLocaleDateString('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }).replace(/ /g, '-').toUpperCase();
    const [high, low] = [Math.max(open, close) * 1.01, Math.min(open, close) * 0.99].map((price) => price.toFixed(2));
    return `${symbol},EQ,${open.toFixed(2)},${high},${low},${close.toFixed(2)},${close.toFixed(2)},${previous.toFixed(2)},100000,1000000,${day},1000,,`;
  };
  const bhavcopy = (file: string, rows: string[]) => {
    const target = path.join(tmp, file);
    writeFileSync(target, `${LEGACY_HEADER}\n${rows.join('\n')}\n`);
    return target;
  };

  beforeAll(async () => {
    market = await startMarket();
    transactions = market.app.get(MarketTransactions);
    cache = market.app.get(MarketCache);
    restoreDataset = await keepDatasetEnd(market.pg, [SPLIT, DEMERGER]);
    for (const symbol of [SPLIT, DEMERGER]) {
      const { rows } = await market.pg.query<{ open: number; close: number }>(
        `SELECT open::float8 AS open, close::float8 AS close FROM market.daily_bars WHERE symbol = $1 AND date = $2`,
        [symbol, DATASET_END],
      );
      last[symbol] = { date: DATASET_END, ...rows[0]! };
    }
  });

  afterAll(async () => {
    // Leave the shared test database as it was: other files expect the dataset to end on DATASET_END.
    await market.pg.query(`DELETE FROM market.action_announcements WHERE symbol = ANY($1)`, [[SPLIT, DEMERGER, 'NOTFOLLOWED']]);
    await market.pg.query(`DELETE FROM market.price_anomalies WHERE symbol = ANY($1) AND date > $2`, [[SPLIT, DEMERGER], DATASET_END]);
    await restoreDataset();
    await market.close();
  });

  it('stores the announcements ahead of their ex-date; the split waits as an action, and nothing is adjusted yet', async () => {
    const before = await history(SPLIT);
    expect(before.bars.at(-1)!.date).toBe(DATASET_END);

    expect(await store()).toEqual({ rows: 4, added: 3, skipped: 1, actions: 1 });
    await cache.bumpVersion();

    expect(await actionsAfter(SPLIT)).toEqual([{ ex_date: DAY2, kind: 'split', ratio: 2, factor: 0.5, note: 'Face value ₹1 to ₹0.50', source: 'nse', source_url: SOURCE_URL }]);
    expect(await actionsAfter(DEMERGER)).toEqual([]);
    expect(await announcements()).toEqual([
      { symbol: SPLIT, ex_date: DAY2, kind: 'split', status: 'applied', note: 'Stored as a corporate action: 2-for-1 split.', applied: true },
      { symbol: DEMERGER, ex_date: DAY1, kind: null, status: 'ignored', note: 'An ordinary dividend: prices are not adjusted for it.', applied: false },
      { symbol: DEMERGER, ex_date: DAY2, kind: 'demerger', status: 'pending', note: 'Waiting for the ex-date’s prices, which set its factor.', applied: false },
    ]);
    const after = await history(SPLIT);
    expect(after.bars).toEqual(before.bars);
    expect(after.actions).toEqual(before.actions);
  });

  it('on the ex-date the split shows no crash, the demerger takes its factor from the open, and no move is left flagged', async () => {
    const split = last[SPLIT]!;
    const itc = last[DEMERGER]!;
    const files = [
      bhavcopy('cm01APR2024bhav.csv', [legacyRow(SPLIT, DAY1, split.close * 1.002, split.close * 1.01, split.close), legacyRow(DEMERGER, DAY1, itc.close, itc.close * 1.005, itc.close)]),
      // The split halves the price; the demerged business takes 12 % of ITC's value in the pre-open session.
      bhavcopy('cm02APR2024bhav.csv', [
        legacyRow(SPLIT, DAY2, (split.close * 1.01) / 2, (split.close * 1.02) / 2, split.close * 1.01),
        legacyRow(DEMERGER, DAY2, itc.close * 1.005 * 0.88, itc.close * 1.005 * 0.89, itc.close * 1.005),
      ]),
    ];
    const imported = await market.app.get(BhavcopyImporter).importFiles(files);
    expect(imported).toMatchObject({ new_bars: 4, new_actions: 0 });

    expect(await apply()).toEqual({ actions: 1, applied: 1, refused: 0 });
    await cache.bumpVersion();

    const splitHistory = await history(SPLIT);
    const [day1, day2] = splitHistory.bars.slice(-2);
    expect([day1!.date, day2!.date]).toEqual([DAY1, DAY2]);
    expect(day2!.close / day1!.close - 1).toBeCloseTo(0.01, 3);
    expect(splitHistory.actions).toContainEqual({ date: DAY2, kind: 'split', ratio: 2, factor: 0.5, label: '2-for-1 split' });
    const quote = await market.call(MARKET.quote, { symbol: SPLIT });
    expect(quote).toMatchObject({ as_of: DAY2, close: Number(((split.close * 1.02) / 2).toFixed(2)) });
    expect(quote.change_pct!).toBeCloseTo(1, 0);
    const risk = await market.call(MARKET.risk, { symbol: SPLIT, range: '1y' });
    expect(risk.metrics.max_drawdown_trough).not.toBe(DAY2);
    expect(risk.metrics.max_drawdown_pct).toBeGreaterThan(-30);

    const published = await market.call(MARKET.history, { symbol: DEMERGER, range: '1m', adjusted: false });
    const [itc1, itc2] = published.bars.slice(-2);
    const factor = itc2!.open / itc1!.close;
    expect(factor).toBeCloseTo(0.88, 3);
    expect(await actionsAfter(DEMERGER)).toEqual([{ ex_date: DAY2, kind: 'demerger', ratio: null, factor, note: null, source: 'nse', source_url: SOURCE_URL }]);
    const adjusted = (await history(DEMERGER)).bars.slice(-2);
    expect(adjusted[1]!.open / adjusted[0]!.close).toBeCloseTo(1, 6);

    expect(await flags()).toEqual([]);
    expect((await announcements()).find((row) => row.kind === 'demerger')).toMatchObject({
      status: 'applied',
      note: `Stored as a corporate action: Demerger (price adjusted ×${factor.toFixed(3)}).`,
      applied: true,
    });
  });

  it('re-running the feed, the apply step and the import stores nothing new', async () => {
    const before = { split: await actionsAfter(SPLIT), itc: await actionsAfter(DEMERGER), announcements: await announcements() };
    expect(await store()).toEqual({ rows: 4, added: 0, skipped: 1, actions: 0 });
    expect(await apply()).toEqual({ actions: 0, applied: 0, refused: 0 });
    expect(await market.app.get(BhavcopyImporter).importFiles([path.join(tmp, 'cm01APR2024bhav.csv'), path.join(tmp, 'cm02APR2024bhav.csv')])).toMatchObject({
      new_bars: 0,
      new_actions: 0,
      flagged: 0,
    });
    expect({ split: await actionsAfter(SPLIT), itc: await actionsAfter(DEMERGER), announcements: await announcements() }).toEqual(before);
  });
});
