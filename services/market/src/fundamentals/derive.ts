import type { FilingBasis, ParsedFiling, PeriodFigures } from './filing';

/** What the derived figures need of a filing (a stored row or a parsed file). */
export type Filing = Pick<ParsedFiling, 'fiscal_year' | 'period' | 'basis' | 'format' | 'filed_at' | 'source_file' | 'quarter' | 'year_to_date' | 'balance'> & {
  /** Shares in issue at the period's end, checked against the company's other filings (see `repairFilings`). */
  shares?: number | null;
  /**
   * The day whose share count the filing's EPS and its own share count are stated in: the period's end, unless a split
   * or bonus issue between the period's end and publication was already applied (see `repairFilings`).
   */
  eps_basis_day?: string;
  count_basis_day?: string;
};

/** The day in whose shares a filing states its EPS (default: the end of its period). */
export const epsBasisDay = (filing: Filing): string => filing.eps_basis_day ?? filing.year_to_date.end;
/** The day in whose shares a filing states its share count (default: the end of its period). */
export const countBasisDay = (filing: Filing): string => filing.count_basis_day ?? filing.year_to_date.end;

/** A change of the share count: `ratio` new shares per old share from `ex_date` on (2 for a 1:1 bonus or a 2-for-1 split). */
export type ShareAction = { ex_date: string; ratio: number };

/**
 * A merger or amalgamation: from `effective` on the company is the combined one, so its results and balance sheets from
 * before that day describe another company and are not mixed with later ones (see `FilingBook`).
 */
export type Merger = {
  effective: string;
  /** What happened, for people: 'HDFC Bank’s amalgamation of HDFC Ltd.' */
  what: string;
};

/** The latest merger in effect on `day`, if any. */
export const mergerOn = (mergers: readonly Merger[], day: string): Merger | null =>
  mergers.reduce<Merger | null>((found, merger) => (merger.effective <= day && (!found || merger.effective > found.effective) ? merger : found), null);

const QUARTER_OF = { Q1: 1, H1: 2, Q3: 3, FY: 4 } as const;
/** A quarter's own figures span about three months; anything longer is a year to date filed in the quarter's place. */
const MAX_QUARTER_DAYS = 100;
const DAY_MS = 86_400_000;
/** Indian Standard Time, in which NSE stamps filings. */
const IST_OFFSET_MS = 330 * 60_000;

/** The day (IST) on which a filing was published: from that day on its figures count. */
export const filedDay = (filedAt: string): string => new Date(Date.parse(filedAt) + IST_OFFSET_MS).toISOString().slice(0, 10);

/** How many of today's shares one share of `fromDay` has become by `toDay`: the share-count changes in between. */
export const sharesGrowth = (actions: readonly ShareAction[], fromDay: string, toDay: string): number =>
  actions.reduce((product, action) => (action.ex_date > fromDay && action.ex_date <= toDay ? product * action.ratio : product), 1);

/** 'Q3 FY2024', 'H1 FY2024' or 'FY2024'. */
export const filingLabel = (filing: Pick<Filing, 'fiscal_year' | 'period'>): string =>
  filing.period === 'FY' ? `FY${filing.fiscal_year}` : `${filing.period} FY${filing.fiscal_year}`;

/** The same day a year later: '2024-07-01' for '2023-07-01'. */
const yearLater = (day: string): string => `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;

/** One term of a sum over filings: a period's figures, added or taken away, with the filing they come from. */
type Part = { filing: Filing; figures: PeriodFigures; sign: 1 | -1 };
type Flow = 'revenue' | 'net_profit' | 'eps_basic';
export type TtmMethod = 'four_quarters' | 'annual_plus_year_to_date' | 'annualised_since_merger';
/** Twelve months of a flow: the parts to add, times `scale` (4 ÷ the quarters when fewer than four are annualised). */
type Trailing = { parts: Part[]; method: TtmMethod; scale: number };

const spanDays = (figures: PeriodFigures): number => (Date.parse(figures.end) - Date.parse(figures.start)) / DAY_MS;

/**
 * The filings of one basis that were published by a day, the latest of each period (a revision replaces the original).
 * After a merger (`since`, the day it took effect) only periods that start on or after that day and balance sheets
 * dated on or after it count: a ratio never mixes figures from before a merger with figures from after it.
 */
export class FilingBook {
  private readonly byPeriod = new Map<string, Filing>();
  readonly latest?: Filing;

  constructor(
    filings: readonly Filing[],
    readonly basis: FilingBasis,
    readonly day: string,
    private readonly actions: readonly ShareAction[],
    readonly since?: string,
  ) {
    let latest: Filing | undefined;
    for (const filing of filings) {
      if (filing.basis !== basis || filedDay(filing.filed_at) > day) continue;
      const key = FilingBook.key(filing.fiscal_year, QUARTER_OF[filing.period]);
      const held = this.byPeriod.get(key);
      if (!held || held.filed_at < filing.filed_at) this.byPeriod.set(key, filing);
      if (!latest || FilingBook.order(filing) > FilingBook.order(latest) || (FilingBook.order(filing) === FilingBook.order(latest) && filing.filed_at > latest.filed_at)) latest = filing;
    }
    this.latest = latest === undefined ? undefined : this.byPeriod.get(FilingBook.key(latest.fiscal_year, QUARTER_OF[latest.period]));
  }

  private static key(fiscalYear: number, quarter: number): string {
    return `${fiscalYear}-${quarter}`;
  }

  private static order(filing: Filing): number {
    return filing.fiscal_year * 10 + QUARTER_OF[filing.period];
  }

  get filings(): Filing[] {
    return [...this.byPeriod.values()];
  }

  /** Whether a period's figures count: all of it after the merger, if there was one. */
  counts(figures: Pick<PeriodFigures, 'start'>): boolean {
    return this.since === undefined || figures.start >= this.since;
  }

  /** The filings whose balance sheet counts: dated on or after the merger's day, if there was one. */
  get balanceSheets(): Filing[] {
    return this.filings.filter((filing) => this.since === undefined || filing.year_to_date.end >= this.since);
  }

  at(fiscalYear: number, quarter: number): Filing | undefined {
    return this.byPeriod.get(FilingBook.key(fiscalYear, quarter));
  }

  /** The quarter's own figures, as filed (the filing's three-month context). */
  private quarterAsFiled(fiscalYear: number, quarter: number): Part[] | undefined {
    const filing = this.at(fiscalYear, quarter);
    if (!filing || spanDays(filing.quarter) > MAX_QUARTER_DAYS || !this.counts(filing.quarter)) return undefined;
    return [{ filing, figures: filing.quarter, sign: 1 }];
  }

  private yearToDate(fiscalYear: number, quarter: number): Part | undefined {
    const filing = this.at(fiscalYear, quarter);
    return filing && this.counts(filing.year_to_date) ? { filing, figures: filing.year_to_date, sign: 1 } : undefined;
  }

  /**
   * The twelve months to the end of quarter `quarter` of `fiscalYear`: the four quarters as filed where all four are,
   * else the last annual figures plus this year to date less last year's same months. In the first year after a
   * merger, with `annualise`, the quarters since it scaled to twelve months (two quarters doubled).
   */
  trailingYear(fiscalYear: number, quarter: number, annualise = true): Trailing | undefined {
    const quarters: Part[] = [];
    for (let back = 0; back < 4; back++) {
      const index = fiscalYear * 4 + (quarter - 1) - back;
      const parts = this.quarterAsFiled(Math.floor(index / 4), (index % 4) + 1);
      if (!parts) break;
      quarters.push(...parts);
    }
    if (quarters.length === 4) return { parts: quarters, method: 'four_quarters', scale: 1 };
    const annual = this.yearToDate(quarter === 4 ? fiscalYear : fiscalYear - 1, 4);
    const now = quarter === 4 ? annual : this.yearToDate(fiscalYear, quarter);
    const before = quarter === 4 ? undefined : this.yearToDate(fiscalYear - 1, quarter);
    if (annual && now && (quarter === 4 || before)) {
      return { parts: quarter === 4 ? [annual] : [annual, now, { ...before!, sign: -1 }], method: 'annual_plus_year_to_date', scale: 1 };
    }
    // Annualised only in the merger's first year, not to bridge a quarter missing from the data later on.
    const first = quarters.at(-1);
    if (!annualise || this.since === undefined || !first || first.figures.start >= yearLater(this.since)) return undefined;
    return { parts: quarters, method: 'annualised_since_merger', scale: 4 / quarters.length };
  }

  /** A flow summed over twelve months; EPS in the shares of the book's day. Null when any part lacks it. */
  sum({ parts, scale }: Pick<Trailing, 'parts' | 'scale'>, flow: Flow): number | null {
    let total = 0;
    for (const part of parts) {
      const value = part.figures[flow];
      if (value === null) return null;
      total += part.sign * (flow === 'eps_basic' ? value / sharesGrowth(this.actions, epsBasisDay(part.filing), this.day) : value);
    }
    return total * scale;
  }
}

/** The book value of the latest filing that gives it, per share in the shares of the day. */
type Book = { equity: number; per_share: number | null; filing: Filing };

/**
 * What ROE is computed from: the net profit of the twelve months to the latest balance sheet (`end`), and the equity
 * at their end and, where a balance sheet of a year earlier is filed (and not from before a merger), at their start.
 */
type EquityReturn = { net_profit: number | null; opening_equity: number | null; closing_equity: number; end: string; method: TtmMethod | null };

const equityOf = (filing: Filing): number | null => {
  const { equity, paid_up_capital, reserves } = filing.balance;
  if (equity !== null && equity > 0) return equity;
  return paid_up_capital !== null && reserves !== null ? paid_up_capital + reserves : null;
};

const latestWith = <T>(filings: readonly Filing[], read: (filing: Filing) => T | null): { value: T; filing: Filing } | undefined => {
  let found: { value: T; filing: Filing } | undefined;
  for (const filing of filings) {
    const value = read(filing);
    if (value === null) continue;
    const end = filing.year_to_date.end;
    if (!found || end > found.filing.year_to_date.end || (end === found.filing.year_to_date.end && filing.filed_at > found.filing.filed_at)) found = { value, filing };
  }
  return found;
};

/** The same day a year earlier: '2023-03-31' for '2024-03-31'. */
const yearEarlier = (day: string): string => `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`;

/** Beyond this factor between the filed share count and the one the EPS implies, the filed count is a filer's error. */
const SHARE_COUNT_TOLERANCE = 1.25;

/**
 * The shares in issue at a filing's end: paid-up capital over face value, unless that disagrees with the count its
 * profit and EPS imply (profit ÷ EPS) by more than a quarter — some filers put the capital in crores into the face
 * value box (HINDUNILVR, VEDL 2018-19) or a wrong paid-up figure (ICICIBANK) — then the implied count.
 */
export const sharesOf = (filing: Filing): number | null => {
  const { paid_up_capital, face_value } = filing.balance;
  const filed = paid_up_capital !== null && face_value !== null && paid_up_capital > 0 && face_value > 0 ? paid_up_capital / face_value : null;
  const { net_profit, eps_basic } = filing.year_to_date;
  // An EPS under ₹1 is rounded too coarsely to imply a count.
  const implied = net_profit !== null && eps_basic !== null && Math.abs(eps_basic) >= 1 && net_profit / eps_basic > 0 ? net_profit / eps_basic : null;
  if (filed === null || implied === null) return filed ?? implied;
  const ratio = filed / implied;
  return ratio > SHARE_COUNT_TOLERANCE || ratio < 1 / SHARE_COUNT_TOLERANCE ? implied : filed;
};

/** The measures that do not depend on the day's price, as known on one day. */
export type FundamentalState = {
  day: string;
  basis: FilingBasis;
  bank: boolean;
  /** The latest filing counted. */
  filing: Filing | null;
  ttm: { eps: number | null; revenue: number | null; net_profit: number | null; method: TtmMethod } | null;
  /** The same twelve months a year earlier. */
  ttm_before: { revenue: number | null; net_profit: number | null } | null;
  book: Book | null;
  equity_return: EquityReturn | null;
  /** Total borrowings over equity, from the latest filing that gives borrowings (FY2023 on). */
  debt_to_equity: number | null;
  /** Dividends paid in the latest fiscal year that gives them (FY2022 on) over that year's profit, in %. */
  dividend_payout: number | null;
  /**
   * The merger in effect on the day, with the state as it would be if figures from before it were mixed in: it tells
   * which missing measures the merger withholds (and what they would wrongly have been).
   */
  merger: { event: Merger; mixed: FundamentalState } | null;
};

const stateOfBasis = (filings: readonly Filing[], actions: readonly ShareAction[], day: string, basis: FilingBasis, merger: Merger | null): FundamentalState => {
  const book = new FilingBook(filings, basis, day, actions, merger?.effective);
  const latest = book.latest ?? null;
  const state: FundamentalState = {
    day,
    basis,
    bank: latest?.format === 'banking',
    filing: latest,
    ttm: null,
    ttm_before: null,
    book: null,
    equity_return: null,
    debt_to_equity: null,
    dividend_payout: null,
    merger: null,
  };
  if (!latest) return state;
  const quarter = QUARTER_OF[latest.period];
  const trailing = book.trailingYear(latest.fiscal_year, quarter);
  if (trailing) {
    state.ttm = {
      eps: book.sum(trailing, 'eps_basic'),
      revenue: book.sum(trailing, 'revenue'),
      net_profit: book.sum(trailing, 'net_profit'),
      method: trailing.method,
    };
    // Growth compares twelve months with twelve months as reported, never with an annualised part-year.
    const before = book.trailingYear(latest.fiscal_year - 1, quarter, false);
    if (before && trailing.method !== 'annualised_since_merger') state.ttm_before = { revenue: book.sum(before, 'revenue'), net_profit: book.sum(before, 'net_profit') };
  }
  const balanceSheets = book.balanceSheets;
  const equity = latestWith(balanceSheets, equityOf);
  if (equity) {
    const shares = equity.filing.shares !== undefined ? equity.filing.shares : sharesOf(equity.filing);
    const perShare = shares === null ? null : equity.value / shares / sharesGrowth(actions, countBasisDay(equity.filing), day);
    state.book = { equity: equity.value, per_share: perShare, filing: equity.filing };
    const end = equity.filing.year_to_date.end;
    const earnings = book.trailingYear(equity.filing.fiscal_year, QUARTER_OF[equity.filing.period]);
    const opening = latestWith(
      balanceSheets.filter((filing) => filing.year_to_date.end === yearEarlier(end)),
      equityOf,
    );
    state.equity_return = {
      net_profit: earnings ? book.sum(earnings, 'net_profit') : null,
      opening_equity: opening?.value ?? null,
      closing_equity: equity.value,
      end,
      method: earnings?.method ?? null,
    };
  }
  if (!state.bank) {
    const debt = latestWith(balanceSheets, ({ balance }) =>
      balance.borrowings_current === null && balance.borrowings_noncurrent === null ? null : (balance.borrowings_current ?? 0) + (balance.borrowings_noncurrent ?? 0),
    );
    const debtEquity = debt ? (equityOf(debt.filing) ?? state.book?.equity ?? null) : null;
    if (debt && debtEquity !== null && debtEquity > 0) state.debt_to_equity = debt.value / debtEquity;
  }
  const payout = latestWith(book.filings, (filing) =>
    filing.period === 'FY' &&
    filing.fiscal_year >= 2022 &&
    book.counts(filing.year_to_date) &&
    filing.year_to_date.dividends_paid !== null &&
    filing.year_to_date.net_profit !== null &&
    filing.year_to_date.net_profit > 0
      ? (filing.year_to_date.dividends_paid / filing.year_to_date.net_profit) * 100
      : null,
  );
  if (payout) state.dividend_payout = payout.value;
  return state;
};

/**
 * What is known of a company on `day` from the filings published by then (point in time: a filing counts from the
 * day NSE published it), per share in that day's shares. Consolidated figures where they give a trailing year,
 * else standalone. From the day a merger takes effect, only figures from after it count.
 */
export const fundamentalState = (filings: readonly Filing[], actions: readonly ShareAction[], day: string, mergers: readonly Merger[] = []): FundamentalState => {
  const merger = mergerOn(mergers, day);
  const state = stateOnBestBasis(filings, actions, day, merger);
  if (merger) state.merger = { event: merger, mixed: stateOnBestBasis(filings, actions, day, null) };
  return state;
};

const stateOnBestBasis = (filings: readonly Filing[], actions: readonly ShareAction[], day: string, merger: Merger | null): FundamentalState => {
  const consolidated = stateOfBasis(filings, actions, day, 'consolidated', merger);
  if (consolidated.ttm?.eps != null) return consolidated;
  const standalone = stateOfBasis(filings, actions, day, 'standalone', merger);
  if (standalone.ttm?.eps != null || !consolidated.filing) return standalone;
  return consolidated;
};

/** The days on which what is known of a company can change: publication days, ex-dates and mergers, ascending. */
export const changeDays = (filings: readonly Filing[], actions: readonly ShareAction[], mergers: readonly Merger[] = []): string[] =>
  [...new Set([...filings.map((filing) => filedDay(filing.filed_at)), ...actions.map((action) => action.ex_date), ...mergers.map((merger) => merger.effective)])].sort();

/** The price-dependent measures on a close. */
export const valuation = (state: FundamentalState, close: number) => {
  const eps = state.ttm?.eps ?? null;
  const perShare = state.book?.per_share ?? null;
  return {
    pe: eps !== null && eps > 0 ? close / eps : null,
    pb: perShare !== null && perShare > 0 ? close / perShare : null,
    earnings_yield: eps !== null ? (eps / close) * 100 : null,
    graham_number: eps !== null && perShare !== null && eps > 0 && perShare > 0 ? Math.sqrt(22.5 * eps * perShare) : null,
  };
};

const growth = (now: number | null | undefined, before: number | null | undefined): number | null =>
  now == null || before == null || before <= 0 ? null : (now / before - 1) * 100;

/**
 * Return on equity, in %: the net profit of the twelve months to the latest balance sheet over the average of the
 * equity at their start and end — the end alone where the start is not filed or falls before a merger.
 */
const returnOnEquity = (state: FundamentalState): number | null => {
  const input = state.equity_return;
  if (!input || input.net_profit === null) return null;
  const equity = input.opening_equity === null ? input.closing_equity : (input.opening_equity + input.closing_equity) / 2;
  return equity > 0 ? (input.net_profit / equity) * 100 : null;
};

/** The measures that depend only on the filings, in %. */
export const profitability = (state: FundamentalState) => ({
  roe: returnOnEquity(state),
  net_margin: state.ttm?.net_profit != null && state.ttm.revenue != null && state.ttm.revenue > 0 ? (state.ttm.net_profit / state.ttm.revenue) * 100 : null,
  revenue_growth: growth(state.ttm?.revenue, state.ttm_before?.revenue),
  profit_growth: growth(state.ttm?.net_profit, state.ttm_before?.net_profit),
  debt_to_equity: state.debt_to_equity,
  dividend_payout: state.dividend_payout,
});
