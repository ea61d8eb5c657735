/**
 * Where NSE publishes its end-of-day files, relative to its archive host (`NSE_ARCHIVE_URL`, by default
 * https://nsearchives.nseindia.com) and its website (`NSE_WEB_URL`, by default https://www.nseindia.com). The
 * local stand-in (`standin/`) serves the same paths, so the pipeline cannot tell the two apart. Dates are
 * trading days, 'YYYY-MM-DD'. Pure.
 */

const parts = (day: string): { y: string; m: string; d: string } => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) throw new RangeError(`expected a day like 2024-03-28, found "${day}"`);
  return { y: match[1]!, m: match[2]!, d: match[3]! };
};

/** The UDiFF CM bhavcopy (since 8 Jul 2024 NSE's only CM bhavcopy): a zip holding one CSV of the same name. */
export const udiffBhavcopyName = (day: string): string => {
  const { y, m, d } = parts(day);
  return `BhavCopy_NSE_CM_0_0_0_${y}${m}${d}_F_0000.csv.zip`;
};

/** NSE Indices' closing values of every index, a plain CSV. */
export const indexCloseName = (day: string): string => {
  const { y, m, d } = parts(day);
  return `ind_close_all_${d}${m}${y}.csv`;
};

/** The full bhavcopy with delivery figures, a plain CSV (not fetched by the pipeline; see README). */
export const fullBhavcopyName = (day: string): string => {
  const { y, m, d } = parts(day);
  return `sec_bhavdata_full_${d}${m}${y}.csv`;
};

export const ARCHIVE_PATHS = {
  udiffBhavcopy: (day: string) => `/content/cm/${udiffBhavcopyName(day)}`,
  indexClose: (day: string) => `/content/indices/${indexCloseName(day)}`,
  fullBhavcopy: (day: string) => `/products/content/${fullBhavcopyName(day)}`,
  /** NSE Indices' list of the NIFTY 500's members: Company Name, Industry, Symbol, Series, ISIN Code. */
  nifty500List: () => '/content/indices/ind_nifty500list.csv',
} as const;

/** 'DD-MM-YYYY', the date form of NSE's website API queries. */
export const nseQueryDate = (day: string): string => {
  const { y, m, d } = parts(day);
  return `${d}-${m}-${y}`;
};

/**
 * The website's paths: its home page (which sets the session cookies its API requires) and the corporate-actions
 * API, answering a JSON array of announcements between two dates.
 */
export const WEB_PATHS = {
  home: '/',
  corporateActions: (from: string, to: string) => `/api/corporates-corporateActions?index=equities&from_date=${nseQueryDate(from)}&to_date=${nseQueryDate(to)}`,
} as const;
