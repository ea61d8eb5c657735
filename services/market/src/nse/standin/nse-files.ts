import path from 'node:path';
import type { MarketBar } from '@nivesh/proto';
import { strToU8, zipSync } from 'fflate';
import { INDEX_COLUMNS, UDIFF_COLUMNS } from '../../data/bhavcopy';
import { readBarsCsv, readSymbolsCsv } from '../../data/csv';
import { DATASET_ACTIONS } from '../../data/dataset-actions';
import { udiffBhavcopyName } from '../archive-paths';
import { type CorporateAnnouncement, announcementDay, datasetAnnouncements } from './corporate-announcements';
import { hash, SyntheticMarket, syntheticStock, uniform } from './synthetic';

/** A stock of the shared dataset with its whole price history. */
export type DatasetStock = { symbol: string; company: string; industry: string; isin: string; id: number; bars: readonly MarketBar[] };
/** One stock's bar on a day, with the close of its previous bar (its own close on its first day). */
type DayBar = { stock: DatasetStock; bar: MarketBar; previousClose: number };

/** The shared dataset (../shared/data/nse) read once into per-day tables; shared by any number of generators. */
export type NseDataset = {
  stocks: readonly DatasetStock[];
  /** Days with at least one stock bar, ascending: the days a CM bhavcopy is published. */
  tradingDays: readonly string[];
  bhavcopyDays: ReadonlyMap<string, readonly DayBar[]>;
  /** NIFTY 50 by day, with the previous close. */
  niftyDays: ReadonlyMap<string, { bar: MarketBar; previousClose: number }>;
};

/** The manifest's symbol of the index (its file is NIFTY50.csv). */
const NIFTY = 'NIFTY 50';

/** Reads symbols.csv, every stock's file and NIFTY50.csv from `dataDir`. */
export const loadNseDataset = async (dataDir: string): Promise<NseDataset> => {
  const manifest = await readSymbolsCsv(path.join(dataDir, 'symbols.csv'));
  const index = manifest.find((row) => row.symbol === NIFTY);
  if (!index) throw new Error(`${path.join(dataDir, 'symbols.csv')} lists no ${NIFTY}`);
  const rows = manifest.filter((row) => row !== index);
  // NSE's instrument ids are stable per stock; the manifest's order gives the same stable numbers for this dataset.
  const stocks = await Promise.all(
    rows.map(async (row, i): Promise<DatasetStock> => ({ symbol: row.symbol, company: row.company, industry: row.industry, isin: row.isin ?? '', id: 1001 + i, bars: await readBarsCsv(path.join(dataDir, row.file)) })),
  );
  const nifty = await readBarsCsv(path.join(dataDir, index.file));
  const niftyDays = new Map(nifty.map((bar, i) => [bar.date, { bar, previousClose: (nifty[i - 1] ?? bar).close }] as const));
  const bhavcopyDays = new Map<string, DayBar[]>();
  const gaps = datasetGaps(stocks, nifty);
  for (const stock of stocks) {
    withGapsFilled(stock.bars, gaps).forEach((bar, i, bars) => {
      const day = bhavcopyDays.get(bar.date) ?? bhavcopyDays.set(bar.date, []).get(bar.date)!;
      day.push({ stock, bar, previousClose: (bars[i - 1] ?? bar).close });
    });
  }
  return { stocks, tradingDays: [...bhavcopyDays.keys()].sort(), bhavcopyDays, niftyDays };
};

/**
 * The sessions the dataset's stock files lack (17 between May 2021 and March 2024, the same in every file; see its
 * README): days NIFTY 50 has a close but no stock has a bar, inside the stocks' range. NSE's archive has no holes, so
 * the stand-in publishes those days too (withGapsFilled).
 */
const datasetGaps = (stocks: readonly DatasetStock[], nifty: readonly MarketBar[]): string[] => {
  const traded = new Set(stocks.flatMap((stock) => stock.bars.map((bar) => bar.date)));
  const [first, last] = [[...traded].reduce(min), [...traded].reduce(max)];
  return nifty.map((bar) => bar.date).filter((day) => day > first && day < last && !traded.has(day));
};

/**
 * A stock's bars with a no-trade bar (its previous close, volume 0) on each gap day between two of its bars: what the
 * stand-in serves for a session the dataset lacks, rather than inventing a move. The next real bar keeps its own prices.
 */
const withGapsFilled = (bars: readonly MarketBar[], gaps: readonly string[]): MarketBar[] => {
  if (!gaps.length || !bars.length) return [...bars];
  const filled: MarketBar[] = [];
  let gap = gaps.findIndex((day) => day > bars[0]!.date);
  for (const bar of bars) {
    while (gap >= 0 && gap < gaps.length && gaps[gap]! < bar.date) {
      const { close } = filled.at(-1)!;
      filled.push({ date: gaps[gap]!, open: close, high: close, low: close, close, volume: 0 });
      gap += 1;
    }
    filled.push(bar);
  }
  return filled;
};

const min = (a: string, b: string): string => (a < b ? a : b);
const max = (a: string, b: string): string => (a > b ? a : b);

/** From `from` on (a day), `symbol` trades under a new ISIN, as NSE gives a stock after a split or bonus issue. */
export type IsinChange = { symbol: string; from: string; isin: string };

export type NseFilesOptions = {
  /** The last day published; later days have no files yet. Default: the dataset's last trading day. */
  through?: string;
  /** Extra random-walk EQ stocks on every trading day (SYN0001 …), for a bhavcopy as wide as NSE's. */
  synthetic?: number;
  /** Seed of the synthetic stocks. */
  seed?: number;
  isinChanges?: readonly IsinChange[];
};

export { INDEX_COLUMNS, UDIFF_COLUMNS };

type UdiffRow = Partial<Record<(typeof UDIFF_COLUMNS)[number], string | number>>;

const csvField = (value: string | number | undefined): string => {
  const text = value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const csvLine = (columns: readonly string[], row: Partial<Record<string, string | number>>): string => columns.map((column) => csvField(row[column])).join(',');
const price = (value: number): string => value.toFixed(2);

/** Rows of other series, which readers of the EQ market must pass over: a trade-for-trade stock and a government bond. */
const OTHER_SERIES = [
  { symbol: 'STANDINBE', series: 'BE', isin: 'INE0000B0001', id: 800_001, company: 'Stand-in Trade for Trade Ltd.', level: 45 },
  { symbol: '718GS2033', series: 'GS', isin: 'IN0020230085', id: 800_002, company: 'GOI LOAN 7.18% 2033', level: 100 },
] as const;

/**
 * NSE's end-of-day files for the shared dataset's days, generated in NSE's own layouts: the UDiFF CM bhavcopy (zipped
 * as NSE serves it), NSE Indices' close file, and the corporate-actions announcements of the website's API. Files of
 * days after `through`, or of days that are not trading days, do not exist (null).
 */
export class NseFiles {
  private throughDay: string;
  private readonly synthetic: SyntheticMarket | null;
  private readonly dayIndex: ReadonlyMap<string, number>;
  private readonly announcements: CorporateAnnouncement[];

  constructor(
    readonly dataset: NseDataset,
    private readonly options: NseFilesOptions = {},
  ) {
    this.throughDay = options.through ?? this.lastDay;
    this.dayIndex = new Map(dataset.tradingDays.map((day, i) => [day, i]));
    this.synthetic = options.synthetic ? new SyntheticMarket(options.seed ?? 1, options.synthetic, dataset.tradingDays) : null;
    const stocks = new Map(dataset.stocks.map((stock) => [stock.symbol, stock]));
    this.announcements = datasetAnnouncements(DATASET_ACTIONS, (symbol, day) => {
      const stock = stocks.get(symbol);
      return stock ? { company: stock.company, isin: this.isinOn(stock, day) } : null;
    });
  }

  get firstDay(): string {
    return this.dataset.tradingDays[0]!;
  }

  get lastDay(): string {
    return this.dataset.tradingDays.at(-1)!;
  }

  /** The last day published. */
  get through(): string {
    return this.throughDay;
  }

  /** Publishes every day up to `day` (or withdraws later ones, to replay them). */
  publishThrough(day: string): void {
    this.throughDay = day;
  }

  /** Whether `day` is a trading day whose files are published. */
  isPublished(day: string): boolean {
    return day <= this.throughDay && this.dayIndex.has(day);
  }

  /** The published trading days from `from` to `to`, both included, ascending. */
  tradingDays(from: string, to: string): string[] {
    return this.dataset.tradingDays.filter((day) => day >= from && day <= to && day <= this.throughDay);
  }

  /** The trading day before `day`, or null. */
  previousTradingDay(day: string): string | null {
    const days = this.dataset.tradingDays;
    let low = 0;
    let high = days.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (days[middle]! < day) low = middle + 1;
      else high = middle;
    }
    return days[low - 1] ?? null;
  }

  /**
   * The UDiFF CM bhavcopy of `day`: one EQ row per stock trading that day (dataset stocks, then synthetic ones), a
   * block-deal (BL) row of the first stock, and a BE and a GS row.
   */
  udiffBhavcopyCsv(day: string): string | null {
    if (!this.isPublished(day)) return null;
    const lines = [UDIFF_COLUMNS.join(',')];
    const common = { TradDt: day, BizDt: day, Sgmt: 'CM', Src: 'NSE', FinInstrmTp: 'STK', SsnId: 'F1', NewBrdLotQty: 1 };
    const stockRow = (stock: { symbol: string; isin: string; id: number; company: string }, series: string, bar: MarketBar, previousClose: number, trades: number): UdiffRow => {
      const volume = bar.volume ?? 0;
      return {
        ...common,
        FinInstrmId: stock.id,
        ISIN: stock.isin,
        TckrSymb: stock.symbol,
        SctySrs: series,
        FinInstrmNm: stock.company,
        OpnPric: price(bar.open),
        HghPric: price(bar.high),
        LwPric: price(bar.low),
        ClsPric: price(bar.close),
        LastPric: price(bar.close),
        PrvsClsgPric: price(previousClose),
        SttlmPric: price(bar.close),
        TtlTradgVol: volume,
        TtlTrfVal: price((volume * (bar.open + bar.high + bar.low + bar.close)) / 4),
        TtlNbOfTxsExctd: trades,
      };
    };
    const dayNumber = Number(day.replace(/-/g, ''));
    /** About one trade per 50 to 250 shares, as NSE's large caps show; at least one for any volume, none for none. */
    const trades = (id: number, volume: number) => (volume === 0 ? 0 : Math.max(1, Math.round(volume / (50 + 200 * uniform(id, dayNumber, 0)))));

    const rows = this.dataset.bhavcopyDays.get(day)!;
    rows.forEach(({ stock, bar, previousClose }, i) => {
      lines.push(csvLine(UDIFF_COLUMNS, stockRow({ ...stock, isin: this.isinOn(stock, day) }, 'EQ', bar, previousClose, trades(stock.id, bar.volume ?? 0))));
      if (i === 0) {
        const block = { date: day, open: bar.close, high: bar.close, low: bar.close, close: bar.close, volume: 500_000 };
        lines.push(csvLine(UDIFF_COLUMNS, stockRow({ ...stock, isin: this.isinOn(stock, day) }, 'BL', block, previousClose, 1)));
      }
    });
    if (this.synthetic) {
      for (const { stock, bar, previousClose } of this.synthetic.barsOn(this.dayIndex.get(day)!)) {
        lines.push(csvLine(UDIFF_COLUMNS, stockRow(stock, 'EQ', bar, previousClose, trades(stock.id, bar.volume ?? 0))));
      }
    }
    for (const other of OTHER_SERIES) {
      const close = other.level * (0.95 + 0.1 * uniform(other.id, dayNumber, 1));
      const bar = { date: day, open: close, high: close * 1.01, low: close * 0.99, close, volume: 1_000 + (hash(other.id, dayNumber, 2) % 9_000) };
      lines.push(csvLine(UDIFF_COLUMNS, stockRow(other, other.series, bar, close, trades(other.id, bar.volume))));
    }
    return `${lines.join('\n')}\n`;
  }

  /** The bhavcopy as NSE serves it: a zip holding one entry named like the zip without `.zip`. */
  udiffBhavcopyZip(day: string): Uint8Array | null {
    const csv = this.udiffBhavcopyCsv(day);
    if (csv === null) return null;
    // A fixed time (6 pm on the day) keeps the bytes the same on every run.
    const mtime = new Date(`${day}T18:00:00`);
    return zipSync({ [udiffBhavcopyName(day).replace(/\.zip$/, '')]: [strToU8(csv), { mtime }] });
  }

  /**
   * NSE Indices' close file of `day` with the NIFTY 50 row, or null when the dataset has no NIFTY 50 bar that day.
   * Volume and turnover are the dataset stocks' totals (the index's own are not in the dataset); P/E, P/B and dividend
   * yield are '-', as NSE writes for figures it does not have, rather than invented.
   */
  indexCloseCsv(day: string): string | null {
    const nifty = this.dataset.niftyDays.get(day);
    if (!nifty || day > this.throughDay) return null;
    const { bar, previousClose } = nifty;
    const stocks = this.dataset.bhavcopyDays.get(day) ?? [];
    const volume = stocks.reduce((sum, { bar: stock }) => sum + (stock.volume ?? 0), 0);
    const turnover = stocks.reduce((sum, { bar: stock }) => sum + ((stock.volume ?? 0) * (stock.open + stock.high + stock.low + stock.close)) / 4, 0);
    const change = bar.close - previousClose;
    const row = {
      'Index Name': 'Nifty 50',
      'Index Date': `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`,
      'Open Index Value': price(bar.open),
      'High Index Value': price(bar.high),
      'Low Index Value': price(bar.low),
      'Closing Index Value': price(bar.close),
      'Points Change': price(change),
      'Change(%)': price((change / previousClose) * 100),
      Volume: volume > 0 ? volume : '-',
      'Turnover (Rs. Cr.)': turnover > 0 ? price(turnover / 1e7) : '-',
      'P/E': '-',
      'P/B': '-',
      'Div Yield': '-',
    };
    return `${INDEX_COLUMNS.join(',')}\n${csvLine(INDEX_COLUMNS, row)}\n`;
  }

  /**
   * The announcements whose ex-date is from `from` to `to` (days, both included), ordered by ex-date: the curated
   * actions of the dataset's stocks and any added by `announce`. Announced ahead of their ex-dates, so `through` does
   * not hide them.
   */
  /**
   * NSE Indices' `ind_nifty500list.csv` (Company Name, Industry, Symbol, Series, ISIN Code): the dataset's stocks, then
   * synthetic ones up to 500 members when there are any (their industry reads "Synthetic (stand-in)").
   */
  nifty500ListCsv(): string {
    const members = this.dataset.stocks.map((stock) => [stock.company, stock.industry, stock.symbol, 'EQ', stock.isin]);
    const synthetic = Math.min(this.synthetic?.count ?? 0, 500 - members.length);
    for (let n = 1; n <= synthetic; n++) {
      const stock = syntheticStock(n);
      members.push([stock.company, 'Synthetic (stand-in)', stock.symbol, 'EQ', stock.isin]);
    }
    return ['Company Name,Industry,Symbol,Series,ISIN Code', ...members.map((fields) => fields.map((field) => csvField(field)).join(','))].join('\n') + '\n';
  }

  corporateActions(from: string, to: string): CorporateAnnouncement[] {
    return this.announcements
      .map((row) => ({ row, day: announcementDay(row.exDate)! }))
      .filter(({ day }) => day >= from && day <= to)
      .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
      .map(({ row }) => row);
  }

  /** Adds announcements to the feed (a test's split, a demo's bonus issue). */
  announce(rows: readonly CorporateAnnouncement[]): void {
    this.announcements.push(...rows);
  }

  /** The ISIN `stock` trades under on `day`, after any `isinChanges`. */
  private isinOn(stock: DatasetStock, day: string): string {
    const changes = (this.options.isinChanges ?? []).filter((change) => change.symbol === stock.symbol && change.from <= day);
    return changes.sort((a, b) => (a.from < b.from ? -1 : 1)).at(-1)?.isin ?? stock.isin;
  }
}
