import { type Bhavcopy, parseBhavcopy, parseBhavcopyZip } from '../data/bhavcopy';
import { CsvFormatError, parseCsv } from '../data/csv';

/** One check made before anything of a day is written (stored with the day's run). */
export type IngestCheck = { name: string; ok: boolean; detail: string };

/** One downloaded file: NSE's name for it and its bytes. */
export type DownloadedFile = { name: string; bytes: Uint8Array };

export type DayFiles = {
  /** The trading day the files were asked for. */
  day: string;
  bhavcopy: DownloadedFile;
  index: DownloadedFile;
  /** EQ rows of the bhavcopies of the last imported days, most recent first (for the row-count band). */
  recentRowCounts: readonly number[];
  /** The stored NIFTY 50 close of the session before `day`, if any. */
  previousNiftyClose: number | null;
};

export type CheckedDay = { ok: true; files: Bhavcopy[]; eqRows: number; checks: IngestCheck[] } | { ok: false; reason: string; checks: IngestCheck[] };

/** A day's EQ row count is refused outside this band around the median of recent days (NSE lists ~2,000 EQ stocks; a file with a third of them is broken). */
export const ROW_BAND = { low: 0.8, high: 1.25, minDays: 3, days: 10 } as const;
/** The index file's implied previous close must match the stored one to within rounding (closes are published to 2 decimals). */
const NIFTY_TOLERANCE = 0.06;
export const INDEX_NAME_IN_FILE = 'NIFTY 50';

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Every check a day's files must pass before anything of the day is written, in order; the first failure refuses the
 * day with its reason (a sentence naming the file). Pure.
 * 1. the bhavcopy is a real zip holding one CSV in NSE's UDiFF CM layout (a malformed row is named by its line);
 * 2. its trade date is the day asked for;
 * 3. its EQ row count is within ROW_BAND of the median of recent days;
 * 4. the index file is NSE Indices' layout, for the same day, with a NIFTY 50 row;
 * 5. the NIFTY 50 close agrees with the index file's own change and the stored previous close.
 */
export const checkDayFiles = (input: DayFiles): CheckedDay => {
  const checks: IngestCheck[] = [];
  const pass = (name: string, detail: string) => checks.push({ name, ok: true, detail });
  const refuse = (name: string, detail: string): CheckedDay => {
    checks.push({ name, ok: false, detail });
    return { ok: false, reason: detail, checks };
  };

  let bhavcopy: Bhavcopy;
  try {
    bhavcopy = parseBhavcopyZip(input.bhavcopy.name, input.bhavcopy.bytes);
  } catch (error) {
    return refuse('bhavcopy_zip', formatError(error));
  }
  if (bhavcopy.format !== 'cm-udiff') return refuse('bhavcopy_zip', `${input.bhavcopy.name} holds a ${bhavcopy.format} file, not NSE's UDiFF CM bhavcopy`);
  pass('bhavcopy_zip', `${input.bhavcopy.name}: a zip holding NSE's UDiFF CM bhavcopy, ${bhavcopy.rows.length} EQ rows`);

  if (bhavcopy.date !== input.day) return refuse('trade_date', `${input.bhavcopy.name} is for ${bhavcopy.date}, not ${input.day}`);
  pass('trade_date', `trade date ${bhavcopy.date}`);

  const recent = input.recentRowCounts.slice(0, ROW_BAND.days);
  if (recent.length < ROW_BAND.minDays) {
    pass('row_count', `${bhavcopy.rows.length} EQ rows; fewer than ${ROW_BAND.minDays} earlier days to compare with`);
  } else {
    const typical = median(recent);
    const low = Math.floor(typical * ROW_BAND.low);
    const high = Math.ceil(typical * ROW_BAND.high);
    if (bhavcopy.rows.length < low || bhavcopy.rows.length > high) {
      return refuse('row_count', `${input.bhavcopy.name} has ${bhavcopy.rows.length} EQ rows; recent days had about ${typical} (accepted ${low}–${high})`);
    }
    pass('row_count', `${bhavcopy.rows.length} EQ rows; recent days had about ${typical} (accepted ${low}–${high})`);
  }

  let index: Bhavcopy;
  try {
    index = parseBhavcopy(input.index.name, Buffer.from(input.index.bytes));
  } catch (error) {
    return refuse('index_file', formatError(error));
  }
  if (index.format !== 'index-close') return refuse('index_file', `${input.index.name} is not NSE Indices' closing values file`);
  if (index.date !== input.day) return refuse('index_file', `${input.index.name} is for ${index.date}, not ${input.day}`);
  const nifty = index.rows.find((row) => row.symbol === INDEX_NAME_IN_FILE);
  if (!nifty) return refuse('index_file', `${input.index.name} has no NIFTY 50 row`);
  pass('index_file', `${input.index.name}: NIFTY 50 closed at ${nifty.bar.close} on ${index.date}`);

  const change = pointsChange(input.index);
  if (input.previousNiftyClose === null || change === null) {
    pass('nifty_close', input.previousNiftyClose === null ? 'no stored NIFTY 50 close before this day to compare with' : 'the index file gives no points change to compare with');
  } else {
    const implied = round2(nifty.bar.close - change);
    if (Math.abs(implied - input.previousNiftyClose) > NIFTY_TOLERANCE) {
      return refuse(
        'nifty_close',
        `${input.index.name}: NIFTY 50 closed at ${nifty.bar.close}, ${change} points from ${implied}, but the stored previous close is ${input.previousNiftyClose}`,
      );
    }
    pass('nifty_close', `NIFTY 50 ${nifty.bar.close} is ${change} points from the stored previous close ${input.previousNiftyClose}`);
  }
  return { ok: true, files: [bhavcopy, index], eqRows: bhavcopy.rows.length, checks };
};

/** The NIFTY 50 row's "Points Change" of an index close file (already validated by parseBhavcopy), or null when blank. */
const pointsChange = (file: DownloadedFile): number | null => {
  const [header, ...records] = parseCsv(file.name, Buffer.from(file.bytes));
  const names = header!.fields.map((name) => name.trim());
  const nameAt = names.indexOf('Index Name');
  const changeAt = names.indexOf('Points Change');
  const row = records.find((record) => record.fields[nameAt]?.trim().toUpperCase() === INDEX_NAME_IN_FILE);
  const value = Number(row?.fields[changeAt]?.trim());
  return row && row.fields[changeAt]?.trim() !== '' && Number.isFinite(value) ? value : null;
};

const round2 = (value: number): number => Math.round(value * 100) / 100;

const formatError = (error: unknown): string => (error instanceof CsvFormatError ? error.message : `could not be read: ${(error as Error).message}`);
