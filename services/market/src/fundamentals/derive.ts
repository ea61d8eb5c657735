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

/** One term of a sum over filings: a period's figures, added or taken away, with the filing they come from. */
type Part = { filing: Filing; figures: PeriodFigures; sign: 1 | -1 };
type Flow = 'revenue' | 'net_profit' | 'eps_basic';

const spanDays = (figures: PeriodFigures): number => (Date.parse(figures.end) - Date.parse(figures.start)) / DAY_MS;

/** The filings of one basis that were published by a day, the latest of each period (a revision replaces the original). */
export class FilingBook {
  private readonly byPeriod = new Map<string, Filing>();
  readonly latest?: Filing;

  constructor(
    filings: readonly Filing[],
    readonly basis: FilingBasis,
    readonly day: string,
    private readonly actions: readonly ShareAction[],
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

  at(fiscalYear: number, quarter: number): Filing | undefined {
    return this.byPeriod.get(FilingBook.key(fiscalYear, quarter));
  }

  /** The quarter's own figures, as filed (the filing's three-month context). */
  private quarterAsFiled(fiscalYear: number, quarter: number): Part[] | undefined {
    const filing = this.at(fiscalYear, quarter);
    if (!filing || spanDays(filing.quarter) > MAX_QUARTER_DAYS) return undefined;
    return [{ filing, figures: filing.quarter, sign: 1 }];
  }

  private yearToDate(fiscalYear: number, quarter: number): Part | undefined {
    const filing = this.at(fiscalYear, quarter);
    return filing ? { filing, figures: filing.year_to_date, sign: 1 } : undefined;
  }

  /**
   * The twelve months to the end of quarter `quarter` of `fiscalYear`: the four quarters as filed where all four are,
   * else the last annual figures plus this year to date less last year's same months.
   */
  trailingYear(fiscalYear: number, quarter: number): { parts: Part[]; method: 'four_quarters' | 'annual_plus_year_to_date' } | undefined {
    const quarters: Part[] = [];
    for (let back = 0; back < 4; back++) {
      const index = fiscalYear * 4 + (quarter - 1) - back;
      const parts = this.quarterAsFiled(Math.floor(index / 4), (index % 4) + 1);
      if (!parts) break;
      quarters.push(...parts);
    }
    if (quarters.length === 4) return { parts: quarters, method: 'four_quarters' };
    const annual = this.yearToDate(quarter === 4 ? fiscalYear : fiscalYear - 1, 4);
    if (!annual) return undefined;
    if (quarter === 4) return { parts: [annual], method: 'annual_plus_year_to_date' };
    const now = this.yearToDate(fiscalYear, quarter);
    const before = this.yearToDate(fiscalYear - 1, quarter);
    if (!now || !before) return undefined;
    return { parts: [annual, now, { ...before, sign: -1 }], method: 'annual_plus_year_to_date' };
  }

  /** A flow summed over parts; EPS in the shares of the book's day. Null when any part lacks it. */
  sum(parts: readonly Part[], flow: Flow): number | null {
    let total = 0;
    for (const part of parts) {
      const value = part.figures[flow];
      if (value === null) return null;
      total += part.sign * (flow === 'eps_basic' ? value / sharesGrowth(this.actions, epsBasisDay(part.filing), this.day) : value);
    }
    return total;
  }
}

/** The book value of the latest filing that gives it, per share in the shares of the day. */
type Book = { equity: number; per_share: number | null; filing: Filing };

const equityOf = (filing: Filing): number | null => {
  const { equity, paid_up_capital, reserves } = filing.balance;
  if (equity !== null && equity > 0) return equity;
  return paid_up_capital !== null && reserves !== null ? paid_up_capital + reserves : null;
};

const latestWith = <T>(book: FilingBook, read: (filing: Filing) => T | null): { value: T; filing: Filing } | undefined => {
  let found: { value: T; filing: Filing } | undefined;
  for (const filing of book.filings) {
    const value = read(filing);
    if (value === null) continue;
    const end = filing.year_to_date.end;
    if (!found || end > found.filing.year_to_date.end || (end === found.filing.year_to_date.end && filing.filed_at > found.filing.filed_at)) found = { value, filing };
  }
  return found;
};

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
  ttm: { eps: number | null; revenue: number | null; net_profit: number | null; method: 'four_quarters' | 'annual_plus_year_to_date' } | null;
  /** The same twelve months a year earlier. */
  ttm_before: { revenue: number | null; net_profit: number | null } | null;
  book: Book | null;
  /** Total borrowings over equity, from the latest filing that gives borrowings (FY2023 on). */
  debt_to_equity: number | null;
  /** Dividends paid in the latest fiscal year that gives them (FY2022 on) over that year's profit, in %. */
  dividend_payout: number | null;
};

const stateOfBasis = (filings: readonly Filing[], actions: readonly ShareAction[], day: string, basis: FilingBasis): FundamentalState => {
  const book = new FilingBook(filings, basis, day, actions);
  const latest = book.latest ?? null;
  const state: FundamentalState = {
    day,
    basis,
    bank: latest?.format === 'banking',
    filing: latest,
    ttm: null,
    ttm_before: null,
    book: null,
    debt_to_equity: null,
    dividend_payout: null,
  };
  if (!latest) return state;
  const quarter = QUARTER_OF[latest.period];
  const trailing = book.trailingYear(latest.fiscal_year, quarter);
  if (trailing) {
    state.ttm = {
      eps: book.sum(trailing.parts, 'eps_basic'),
      revenue: book.sum(trailing.parts, 'revenue'),
      net_profit: book.sum(trailing.parts, 'net_profit'),
      method: trailing.method,
    };
    const before = book.trailingYear(latest.fiscal_year - 1, quarter);
    if (before) state.ttm_before = { revenue: book.sum(before.parts, 'revenue'), net_profit: book.sum(before.parts, 'net_profit') };
  }
  const equity = latestWith(book, equityOf);
  if (equity) {
    const shares = equity.filing.shares !== undefined ? equity.filing.shares : sharesOf(equity.filing);
    const perShare = shares === null ? null : equity.value / shares / sharesGrowth(actions, countBasisDay(equity.filing), day);
    state.book = { equity: equity.value, per_share: perShare, filing: equity.filing };
  }
  if (!state.bank) {
    const debt = latestWith(book, ({ balance }) =>
      balance.borrowings_current === null && balance.borrowings_noncurrent === null ? null : (balance.borrowings_current ?? 0) + (balance.borrowings_noncurrent ?? 0),
    );
    const debtEquity = debt ? (equityOf(debt.filing) ?? state.book?.equity ?? null) : null;
    if (debt && debtEquity !== null && debtEquity > 0) state.debt_to_equity = debt.value / debtEquity;
  }
  const payout = latestWith(book, (filing) =>
    filing.period === 'FY' && filing.fiscal_year >= 2022 && filing.year_to_date.dividends_paid !== null && filing.year_to_date.net_profit !== null && filing.year_to_date.net_profit > 0
      ? (filing.year_to_date.dividends_paid / filing.year_to_date.net_profit) * 100
      : null,
  );
  if (payout) state.dividend_payout = payout.value;
  return state;
};

/**
 * What is known of a company on `day` from the filings published by then (point in time: a filing counts from the
 * day NSE published it), per share in that day's shares. Consolidated figures where they give a trailing year,
 * else standalone.
 */
export const fundamentalState = (filings: readonly Filing[], actions: readonly ShareAction[], day: string): FundamentalState => {
  const consolidated = stateOfBasis(filings, actions, day, 'consolidated');
  if (consolidated.ttm?.eps != null) return consolidated;
  const standalone = stateOfBasis(filings, actions, day, 'standalone');
  if (standalone.ttm?.eps != null || !consolidated.filing) return standalone;
  return consolidated;
};

/** The days on which what is known of a company can change: publication days and ex-dates, ascending. */
export const changeDays = (filings: readonly Filing[], actions: readonly ShareAction[]): string[] =>
  [...new Set([...filings.map((filing) => filedDay(filing.filed_at)), ...actions.map((action) => action.ex_date)])].sort();

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

/** The measures that depend only on the filings, in %. */
export const profitability = (state: FundamentalState) => ({
  roe: state.ttm?.net_profit != null && state.book && state.book.equity > 0 ? (state.ttm.net_profit / state.book.equity) * 100 : null,
  net_margin: state.ttm?.net_profit != null && state.ttm.revenue != null && state.ttm.revenue > 0 ? (state.ttm.net_profit / state.ttm.revenue) * 100 : null,
  revenue_growth: growth(state.ttm?.revenue, state.ttm_before?.revenue),
  profit_growth: growth(state.ttm?.net_profit, state.ttm_before?.net_profit),
  debt_to_equity: state.debt_to_equity,
  dividend_payout: state.dividend_payout,
});
