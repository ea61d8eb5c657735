import { NOT_CLASSIFIED } from '../common/market-constants';
import { CsvFormatError, parseCsv } from '../data/csv';

/** One member of an NSE index list (`ind_nifty500list.csv`). */
export type IndexMember = { symbol: string; company: string; industry: string; isin: string | null };

const COLUMNS = ['Company Name', 'Industry', 'Symbol', 'Series', 'ISIN Code'] as const;

/** NSE Indices' constituents file, by symbol; a file in another layout is a CsvFormatError naming it. Pure. */
export const parseIndexMembers = (file: string, text: string | Buffer): Map<string, IndexMember> => {
  const [header, ...rows] = parseCsv(file, text);
  const names = header?.fields.map((name) => name.trim()) ?? [];
  const at = COLUMNS.map((column) => names.indexOf(column));
  if (!header || at.some((index) => index < 0)) throw new CsvFormatError(file, header?.line ?? 1, `expected the columns ${COLUMNS.join(', ')}`);
  const [company, industry, symbol, , isin] = at as [number, number, number, number, number];
  const members = new Map<string, IndexMember>();
  for (const row of rows) {
    const code = row.fields[symbol]?.trim();
    if (!code) throw new CsvFormatError(file, row.line, 'column Symbol is empty');
    members.set(code, { symbol: code, company: row.fields[company]?.trim() || code, industry: row.fields[industry]?.trim() || NOT_CLASSIFIED, isin: row.fields[isin]?.trim() || null });
  }
  return members;
};
