import type { BalanceFigures, FilingFormat, PeriodFigures } from './filing';

/**
 * Which `in-bse-fin:` elements carry each figure of a ParsedFiling, per reporting format. Each list is ordered: the
 * first element filed with a non-zero value wins, a filed 0 only when nothing later has more (a 0 often stands for a
 * box the company left empty). The lists come from a survey of the 2,380 filings of ../shared/data/fundamentals.
 */

/** The formats NSE names in its file names: `…_INDAS_…`, `…_BANKING_…`, `…_NBFC_INDAS_…`, `…_NONINDAS_…`. */
export type XbrlFormat = 'INDAS' | 'BANKING' | 'NBFC' | 'NONINDAS';

/** Income-statement figures, read from the quarter's (OneD) and the year to date's (FourD) context. */
export type IncomeFigure = 'revenue' | 'total_income' | 'net_profit' | 'eps_basic' | 'eps_diluted';
/** Cash-flow figures, filed for the half year and the year only. */
export type CashFlowFigure = Extract<keyof PeriodFigures, 'operating_cash_flow' | 'dividends_paid'>;
export type BalanceFigure = keyof BalanceFigures;

export type TagLists<K extends string> = { readonly [F in K]: readonly string[] };

export type FormatTags = {
  /** What ParsedFiling.format says for filings of this format. */
  format: FilingFormat;
  income: TagLists<IncomeFigure>;
  cashFlow: TagLists<CashFlowFigure>;
  balance: TagLists<BalanceFigure>;
  /** Lists that replace the ones above in standalone reports, where "attributable to owners" figures do not apply. */
  standalone: Partial<TagLists<IncomeFigure | BalanceFigure>>;
};

/** Figures filed in rupees per share (unit INRPerShare); every other figure is an amount in rupees (unit INR). */
export const PER_SHARE_FIGURES: ReadonlySet<string> = new Set(['eps_basic', 'eps_diluted', 'face_value']);

const PAID_UP = 'PaidUpValueOfEquityShareCapital';
const FACE_VALUE = 'FaceValueOfEquityShareCapital';
const RESERVES = 'ReserveExcludingRevaluationReserves';
const OPERATING_CASH_FLOW = 'CashFlowsFromUsedInOperatingActivities';
const DIVIDENDS_PAID = 'DividendsPaidClassifiedAsFinancingActivities';

/** Ind AS companies (Ind-AS_entry_point_2017/2020). */
export const INDAS_TAGS: FormatTags = {
  format: 'indas',
  income: {
    revenue: ['RevenueFromOperations'],
    total_income: ['Income'],
    // Some consolidated filings leave the owners' share at 0 (MARUTI Q3 FY2025, NESTLEIND H1 FY2025, TITAN Q3 FY2019).
    net_profit: ['ProfitOrLossAttributableToOwnersOfParent', 'ProfitLossForPeriod'],
    eps_basic: [
      'BasicEarningsLossPerShareFromContinuingAndDiscontinuedOperations',
      'BasicEarningsLossPerShareFromContinuingOperations',
    ],
    eps_diluted: [
      'DilutedEarningsLossPerShareFromContinuingAndDiscontinuedOperations',
      'DilutedEarningsLossPerShareFromContinuingOperations',
    ],
  },
  cashFlow: { operating_cash_flow: [OPERATING_CASH_FLOW], dividends_paid: [DIVIDENDS_PAID] },
  balance: {
    // HCLTECH files a paid-up capital of 0 in most quarters; its balance sheet (OneI, H1 and FY) has the figure.
    paid_up_capital: [PAID_UP, 'EquityShareCapital'],
    face_value: [FACE_VALUE],
    // Not OtherEquity, which can be larger (GAIL FY2024: 70,422 crore against 58,302 filed as reserves excluding
    // revaluation reserves); when the latter is missing, `equity` still gives the book value.
    reserves: [RESERVES],
    equity: ['EquityAttributableToOwnersOfParent'],
    total_assets: ['Assets'],
    borrowings_current: ['BorrowingsCurrent'],
    borrowings_noncurrent: ['BorrowingsNoncurrent'],
  },
  standalone: {
    // A standalone "owners' share" is misfiled where it is there (MARUTI Q4 FY2019: the comprehensive income).
    net_profit: ['ProfitLossForPeriod'],
  },
};

/** Banks (banking_entry_point_2018/2019): the RBI's format, with interest earned as the top line. */
export const BANKING_TAGS: FormatTags = {
  format: 'banking',
  income: {
    revenue: ['InterestEarned'],
    total_income: ['Income'],
    // After minority interest and associates: the consolidated owners' profit (equal to the profit in standalone).
    net_profit: ['ProfitLossAfterTaxesMinorityInterestAndShareOfProfitLossOfAssociates', 'ProfitLossForThePeriod'],
    eps_basic: ['BasicEarningsPerShareAfterExtraordinaryItems', 'BasicEarningsPerShareBeforeExtraordinaryItems'],
    eps_diluted: ['DilutedEarningsPerShareAfterExtraordinaryItems', 'DilutedEarningsPerShareBeforeExtraordinaryItems'],
  },
  cashFlow: {
    operating_cash_flow: [OPERATING_CASH_FLOW, 'CashFlowsFromUsedInOperatingActivitiesBeforeExtraordinaryItems'],
    dividends_paid: [DIVIDENDS_PAID],
  },
  balance: {
    paid_up_capital: [PAID_UP, 'Capital'],
    face_value: [FACE_VALUE],
    // Not ReservesAndSurplus, which includes the revaluation reserve (SBIN FY2024: 4,29,665 crore against 3,86,491).
    reserves: [RESERVES],
    // A bank's balance sheet has capital and reserves but no equity total, and borrowings without a current split.
    equity: [],
    total_assets: ['Assets'],
    borrowings_current: [],
    borrowings_noncurrent: [],
  },
  standalone: {},
};

/** NBFCs under Ind AS (the NBFC entry point, `…_NBFC_INDAS_…`: BAJFINANCE and BAJAJFINSV). */
export const NBFC_TAGS: FormatTags = {
  format: 'nbfc',
  income: {
    // Interest, fees and the rest: InterestEarned alone leaves out BAJAJFINSV's insurance business (other revenue).
    revenue: ['RevenueFromOperations'],
    total_income: ['Income'],
    net_profit: ['ProfitOrLossAttributableToOwnersOfParent', 'ProfitLossForPeriod'],
    eps_basic: INDAS_TAGS.income.eps_basic,
    eps_diluted: INDAS_TAGS.income.eps_diluted,
  },
  cashFlow: INDAS_TAGS.cashFlow,
  balance: {
    paid_up_capital: [PAID_UP, 'EquityShareCapital'],
    face_value: [FACE_VALUE],
    reserves: [RESERVES],
    equity: ['EquityAttributableToOwnersOfParent'],
    // The 2019 taxonomy has financial and non-financial assets but no total; no borrowings split by maturity either.
    total_assets: ['Assets'],
    borrowings_current: [],
    borrowings_noncurrent: [],
  },
  standalone: {
    net_profit: ['ProfitLossForPeriod'],
    // Without subsidiaries the whole equity is the owners'.
    equity: ['EquityAttributableToOwnersOfParent', 'Equity'],
  },
};

/** Indian GAAP results of non-banks (other_than_banks_entry_point): FY2018 of BAJFINANCE and BAJAJFINSV. */
export const NONINDAS_TAGS: FormatTags = {
  // Only these two NBFCs filed in it; 'nbfc' keeps each company's series in one format.
  format: 'nbfc',
  income: {
    revenue: ['RevenueFromOperations'],
    // Indian GAAP's "total revenue": revenue from operations plus other income.
    total_income: ['Revenue'],
    // After minority interest; the year's "before minority interest" is misfiled (BAJAJFINSV FY2018: 433988.00).
    net_profit: ['ProfitLossForThePeriod', 'ProfitLossForPeriodBeforeMinorityInterest'],
    eps_basic: ['BasicEarningsLossPerShareFromContinuingAndDiscontinuedOperations'],
    eps_diluted: ['DilutedEarningsLossPerShareFromContinuingAndDiscontinuedOperations'],
  },
  cashFlow: { operating_cash_flow: [], dividends_paid: [] },
  balance: {
    paid_up_capital: [PAID_UP],
    face_value: [FACE_VALUE],
    reserves: [RESERVES],
    equity: [],
    total_assets: [],
    borrowings_current: [],
    borrowings_noncurrent: [],
  },
  standalone: {},
};

export const XBRL_TAGS: { readonly [F in XbrlFormat]: FormatTags } = {
  INDAS: INDAS_TAGS,
  BANKING: BANKING_TAGS,
  NBFC: NBFC_TAGS,
  NONINDAS: NONINDAS_TAGS,
};
