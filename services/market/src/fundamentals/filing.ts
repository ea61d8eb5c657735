/**
 * A financial-results filing as NSE publishes it (XBRL), reduced to the figures the fundamentals need. Amounts are in
 * rupees as filed; per-share figures in rupees per share; a figure the company left out is null.
 */

/** What a filing reports: the first quarter, the half year (with Q2 as its quarter), nine months (Q3) or the year (Q4). */
export type FilingPeriod = 'Q1' | 'H1' | 'Q3' | 'FY';

export type FilingBasis = 'standalone' | 'consolidated';

/** The reporting format: Ind AS companies, banks, and the others NSE's entry points name (NBFC, insurance). */
export type FilingFormat = 'indas' | 'banking' | 'nbfc' | 'insurance';

/** The income-statement figures of one period (the quarter, or the year to date). */
export type PeriodFigures = {
  /** First and last day of the period, 'YYYY-MM-DD'. */
  start: string;
  end: string;
  /** Revenue from operations; for banks, interest earned. */
  revenue: number | null;
  /** Total income (revenue plus other income). */
  total_income: number | null;
  /** Profit for the period attributable to the owners of the parent (consolidated), else the profit for the period. */
  net_profit: number | null;
  /** Basic EPS as filed, from continuing and discontinued operations (banks: after extraordinary items). */
  eps_basic: number | null;
  eps_diluted: number | null;
  /** Cash from operating activities and dividends paid (positive = paid), where the filing has a cash-flow statement. */
  operating_cash_flow: number | null;
  dividends_paid: number | null;
};

/** The balance-sheet and capital figures at the end of the filing's period. */
export type BalanceFigures = {
  paid_up_capital: number | null;
  face_value: number | null;
  /** Reserves excluding revaluation reserves; a filed 0 is read as missing (null), not as zero equity. */
  reserves: number | null;
  /** Equity attributable to the owners of the parent, where filed. */
  equity: number | null;
  total_assets: number | null;
  borrowings_current: number | null;
  borrowings_noncurrent: number | null;
};

export type ParsedFiling = {
  symbol: string;
  /** The calendar year in which the fiscal year ends: 2023 for April 2022 – March 2023 (FY2023). */
  fiscal_year: number;
  period: FilingPeriod;
  basis: FilingBasis;
  format: FilingFormat;
  /** When NSE published it, from the file name (IST), as an ISO instant: the first moment the figures were known. */
  filed_at: string;
  /** The file's base name, which identifies the filing. */
  source_file: string;
  /** The three months of the filing (OneD). */
  quarter: PeriodFigures;
  /** The year to date (FourD); for Q1 the same months as the quarter. */
  year_to_date: PeriodFigures;
  balance: BalanceFigures;
};

/** A file that is not a readable financial-results filing: the file and what is wrong with it, in words. */
export class FilingFormatError extends Error {
  constructor(
    readonly file: string,
    readonly reason: string,
  ) {
    super(`${file}: ${reason}`);
    this.name = 'FilingFormatError';
  }
}
