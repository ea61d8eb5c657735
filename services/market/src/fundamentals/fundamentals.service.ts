import { Injectable } from '@nestjs/common';
import {
  DomainError,
  FUNDAMENTAL_MEASURES,
  MEASURE_NAMES,
  type FundamentalMeasure,
  type MarketSymbolInfo,
  type ScreenerQuery,
  type ScreenerResponse,
  type StockFundamentals,
  type StockValuation,
  type ValueBacktest,
  INDEX_SYMBOL,
} from '@nivesh/proto';
import { actionLabel } from '../data/action-labels';
import { type CorporateAction, SHARE_KINDS } from '../data/corporate-actions';
import { BarStore, yearsBefore } from '../bars/bar-store';
import { CorporateActionsRepository } from '../corporate-actions/corporate-actions.repository';
import { DailyBarsRepository } from '../bars/daily-bars.repository';
import { FilingsRepository, type StoredFiling } from './filings.repository';
import { MarketCache } from '../cache/market-cache';
import { epsBasisDay, type Filing, filingLabel, type FundamentalState, type Merger, mergerOn, type ShareAction, sharesGrowth, valuation } from './derive';
import { MERGER_EVENTS, mergersOf } from './merger-events';
import { repairFilings } from './repair';
import { type Close, dayInWords, type Measures, measuresOf, measureValue, median, medians, screen, timeline, weeklyCloses } from './screen';
import { backtestCaveats, valueBacktest } from './value-backtest';

/** Filings start with FY2018's annual results (published from April 2018); history is drawn from then. */
const HISTORY_SINCE = '2018-01-01';
const MEDIAN_YEARS = 5;

type StockData = {
  info: MarketSymbolInfo;
  /** As filed (shown), and repaired (used for the figures). */
  filed: StoredFiling[];
  filings: Filing[];
  actions: CorporateAction[];
  shareActions: ShareAction[];
  mergers: Merger[];
  raw: Close[];
};
type Evaluated = { data: StockData; state: FundamentalState; close: Close; now: Measures; own: Measures; peers: string };
type Universe = { asOf: string; stocks: StockData[]; evaluated: Map<string, Evaluated>; sectorMedians: Map<string, Measures> };

const round = (value: number | null, digits = 2): number | null => (value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits);
const toShareActions = (actions: readonly CorporateAction[]): ShareAction[] =>
  actions.filter((action) => SHARE_KINDS.has(action.kind) && action.ratio !== null).map((action) => ({ ex_date: action.ex_date, ratio: action.ratio! }));
/** Banks are compared with banks, other companies with their industry. */
const peerGroup = (industry: string, state: FundamentalState): string => (state.bank ? 'BANKS' : industry);

/**
 * Undervalued Analytics: fundamentals of every stock from NSE's filings, point in time, on the latest close; each
 * measure against the stock's own 5-year median (of weekly values) and its peers' median; the screener's filters; one
 * stock's valuation history; and the earnings-yield back-test. The universe is computed once per data version.
 */
@Injectable()
export class FundamentalsService {
  private universe?: { version: string; value: Promise<Universe> };

  constructor(
    private readonly store: BarStore,
    private readonly dailyBars: DailyBarsRepository,
    private readonly actions: CorporateActionsRepository,
    private readonly filings: FilingsRepository,
    private readonly cache: MarketCache,
  ) {}

  async screener(query: ScreenerQuery): Promise<ScreenerResponse> {
    const universe = await this.load();
    const rows: StockFundamentals[] = [];
    const unavailable: ScreenerResponse['unavailable'] = [];
    for (const data of universe.stocks) {
      const evaluated = universe.evaluated.get(data.info.symbol);
      if (!evaluated || !evaluated.state.filing) {
        unavailable.push({ symbol: data.info.symbol, company: data.info.company, reason: noFilingsReason(data) });
        continue;
      }
      const { pass, unjudged } = screen(evaluated.now, query);
      if (unjudged) {
        const reason = measureValue(unjudged, evaluated.state, evaluated.now, evaluated.own, evaluated.own).missing_reason;
        unavailable.push({ symbol: data.info.symbol, company: data.info.company, reason: `No ${MEASURE_NAMES[unjudged]}: ${reason}` });
      } else if (pass) rows.push(this.row(universe, evaluated));
    }
    return { as_of: universe.asOf, universe: universe.stocks.length, rows, unavailable };
  }

  async valuation({ symbol }: { symbol: string }): Promise<StockValuation> {
    const universe = await this.load();
    const data = universe.stocks.find((stock) => stock.info.symbol === symbol);
    if (!data) {
      await this.store.symbolInfo(symbol);
      throw new DomainError('not_found', `${symbol} is the index, which files no financial results.`);
    }
    const evaluated = universe.evaluated.get(symbol);
    if (!evaluated || !evaluated.state.filing) throw new DomainError('not_found', noFilingsReason(data));
    const history = timeline(data.filings, data.shareActions, weeklyCloses(data.raw), data.mergers)
      .filter((point) => point.state.filing !== null)
      .map((point) => {
        const { pe, pb } = valuation(point.state, point.close);
        return { date: point.date, pe: round(pe), pb: round(pb) };
      });
    const basis = evaluated.state.basis;
    const repaired = new Map(data.filings.map((filing) => [filing.source_file, filing]));
    const filings = data.filed
      .filter((filing) => filing.basis === basis)
      .sort((a, b) => (a.filed_at < b.filed_at ? 1 : -1))
      .map((filing) => {
        const basisDay = epsBasisDay(repaired.get(filing.source_file) ?? filing);
        const since = data.actions.filter((action) => SHARE_KINDS.has(action.kind) && action.ex_date > basisDay);
        const growth = sharesGrowth(data.shareActions, basisDay, '9999-12-31');
        const eps = filing.year_to_date.eps_basic;
        return {
          ...filingRef(filing),
          revenue: filing.year_to_date.revenue,
          net_profit: filing.year_to_date.net_profit,
          eps_basic: eps,
          eps_adjusted: eps === null ? null : round(eps / growth, 4),
          adjustment: since.length ? `Divided by ${round(growth, 4)} for the ${since.map((action) => `${actionLabel(action).toLowerCase()} of ${action.ex_date}`).join(' and the ')}.` : null,
        };
      });
    return { latest: this.row(universe, evaluated), history, filings, basis_note: basisNote(data, basis, evaluated.close.date) };
  }

  async backtest(): Promise<ValueBacktest> {
    const universe = await this.load();
    const adjusted = await this.store.allBars(HISTORY_SINCE);
    const closes = (symbol: string): Close[] => (adjusted.get(symbol) ?? []).map((bar) => ({ date: bar.date, close: bar.close }));
    const result = valueBacktest(
      universe.stocks
        .filter((stock) => stock.filings.length > 0)
        .map((stock) => ({ symbol: stock.info.symbol, filings: stock.filings, actions: stock.shareActions, mergers: stock.mergers, raw: stock.raw, adjusted: closes(stock.info.symbol) })),
      closes(INDEX_SYMBOL),
    );
    return { ...result, caveats: backtestCaveats(result, universe.stocks.filter((stock) => stock.filings.length > 0).length) };
  }

  private row(universe: Universe, evaluated: Evaluated): StockFundamentals {
    const { data, state, close, now, own } = evaluated;
    const sector = universe.sectorMedians.get(evaluated.peers)!;
    const rounded = (values: Measures): Measures => Object.fromEntries(FUNDAMENTAL_MEASURES.map((measure) => [measure, round(values[measure])])) as Measures;
    const { graham_number } = valuation(state, close.close);
    return {
      symbol: data.info.symbol,
      company: data.info.company,
      industry: data.info.industry,
      bank: state.bank,
      close: close.close,
      close_date: close.date,
      ttm_eps: round(state.ttm?.eps ?? null),
      ttm_method: state.ttm?.method ?? null,
      book_value_per_share: round(state.book?.per_share ?? null),
      graham_number: round(graham_number),
      measures: Object.fromEntries(FUNDAMENTAL_MEASURES.map((measure) => [measure, measureValue(measure, state, rounded(now), rounded(own), rounded(sector))])) as StockFundamentals['measures'],
      filing: state.filing ? filingRef(state.filing) : null,
    };
  }

  private async load(): Promise<Universe> {
    const version = await this.cache.version();
    if (this.universe?.version !== version) {
      const value = this.compute();
      this.universe = { version, value };
      value.catch(() => (this.universe = undefined));
    }
    return this.universe.value;
  }

  private async compute(): Promise<Universe> {
    const asOf = await this.store.latestDate();
    if (asOf === null) throw new DomainError('service_unavailable', 'No prices have been imported yet.');
    const [infos, filings, actions, raw] = await Promise.all([this.store.stocks(), this.filings.bySymbol(), this.actions.bySymbol({ ahead: true }), this.dailyBars.allSince(HISTORY_SINCE)]);
    const stocks: StockData[] = infos.map((info) => {
      const shareActions = toShareActions(actions.get(info.symbol) ?? []);
      const mergers = mergersOf(info.symbol);
      const filed = filings.get(info.symbol) ?? [];
      return {
        info,
        filed,
        filings: repairFilings(filed, shareActions, mergers),
        actions: actions.get(info.symbol) ?? [],
        shareActions,
        mergers,
        raw: (raw.get(info.symbol) ?? []).map((bar) => ({ date: bar.date, close: bar.close })),
      };
    });
    const since = yearsBefore(asOf, MEDIAN_YEARS);
    const evaluated = new Map<string, Evaluated>();
    for (const data of stocks) {
      if (!data.filings.length || !data.raw.length) continue;
      const points = timeline(data.filings, data.shareActions, weeklyCloses(data.raw.filter((close) => close.date > since)), data.mergers);
      const last = points.at(-1);
      if (!last) continue;
      const now = measuresOf(last.state, last.close);
      const own = medians(points.map((point) => ({ measures: measuresOf(point.state, point.close) })));
      evaluated.set(data.info.symbol, { data, state: last.state, close: { date: last.date, close: last.close }, now, own, peers: peerGroup(data.info.industry, last.state) });
    }
    const groups = new Map<string, Evaluated[]>();
    for (const entry of evaluated.values()) groups.set(entry.peers, [...(groups.get(entry.peers) ?? []), entry]);
    const sectorMedians = new Map<string, Measures>();
    for (const [group, members] of groups) {
      sectorMedians.set(
        group,
        Object.fromEntries(
          FUNDAMENTAL_MEASURES.map((measure: FundamentalMeasure) => {
            const values = members.map((member) => member.now[measure]).filter((value): value is number => value !== null);
            // A median of peers needs at least two of them.
            return [measure, values.length >= 2 ? median(values) : null];
          }),
        ) as Measures,
      );
    }
    return { asOf, stocks, evaluated, sectorMedians };
  }
}

const filingRef = (filing: Filing) => ({
  label: filingLabel(filing),
  fiscal_year: filing.fiscal_year,
  period: filing.period,
  basis: filing.basis,
  period_end: filing.year_to_date.end,
  filed_at: filing.filed_at,
});

const noFilingsReason = (data: StockData): string =>
  data.filings.length
    ? `No price of ${data.info.company} is recent enough to value it.`
    : `NSE's financial results for ${data.info.company} are not in the data Nivesh was given, so it cannot be valued.`;

const basisNote = (data: StockData, basis: Filing['basis'], day: string): string => {
  const other = basis === 'consolidated' ? 'standalone' : 'consolidated';
  const hasOther = data.filings.some((filing) => filing.basis === other);
  const note =
    basis === 'consolidated'
      ? 'Consolidated results (the group, subsidiaries included), which show the whole business.'
      : hasOther
        ? 'Standalone results (the listed company alone): its consolidated filings do not give twelve months of earnings.'
        : 'Standalone results (the listed company alone): it files no consolidated results in this data.';
  const merger = mergerOn(data.mergers, day);
  const event = merger && MERGER_EVENTS.find((entry) => entry.symbol === data.info.symbol && entry.effective === merger.effective);
  return event ? `${note} ${mergerNote(event)}` : note;
};

/** What a merger changes in the figures, in sentences for people. */
const mergerNote = (event: (typeof MERGER_EVENTS)[number]): string =>
  `${event.what} took effect on ${dayInWords(event.effective)} (${event.exchange}). From that day the measures use only results and balance sheets from after it: until four quarters after it are filed, earnings per share are the quarters since it, annualised; book value and ROE wait for a balance sheet dated after it.`;
