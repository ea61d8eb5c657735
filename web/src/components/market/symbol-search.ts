/** One stock the picker offers: the fields of GET /api/market/symbols it shows and searches. */
export type SymbolEntry = { symbol: string; company: string; industry: string };

const normalise = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

const isWordChar = (char: string) => /[\p{L}\p{N}]/u.test(char);

/** Whether `query` starts at the beginning of a word of `text` ("mahindra" in "Mahindra & Mahindra Ltd."). */
const startsAWord = (text: string, query: string) => {
  for (let at = text.indexOf(query); at !== -1; at = text.indexOf(query, at + 1)) {
    if (at === 0 || !isWordChar(text[at - 1] ?? '')) return true;
  }
  return false;
};

/**
 * How well an entry matches, best 0: the exact symbol, a symbol prefix, the start of the company name, the start of a
 * later word of it, anywhere; null for no match.
 */
const rankOf = (entry: SymbolEntry, query: string): number | null => {
  const symbol = entry.symbol.toLowerCase();
  const company = normalise(entry.company);
  if (symbol === query) return 0;
  if (symbol.startsWith(query)) return 1;
  if (company.startsWith(query)) return 2;
  if (startsAWord(company, query)) return 3;
  if (symbol.includes(query) || company.includes(query)) return 4;
  return null;
};

/**
 * The stocks matching what was typed, best first: the symbol itself, symbols starting with it, then companies with a
 * word starting with it, the name's first word first ("tata" → TATAMOTORS, TATASTEEL, then TCS; "mahindra" → M&M, then
 * KOTAKBANK for Kotak Mahindra Bank), then anything containing it. Case does not matter.
 */
export const searchSymbols = <T extends SymbolEntry>(entries: readonly T[], typed: string): T[] => {
  const query = normalise(typed);
  if (!query) return [...entries];
  return entries
    .map((entry) => ({ entry, rank: rankOf(entry, query) }))
    .filter((match): match is { entry: T; rank: number } => match.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.entry.symbol.localeCompare(b.entry.symbol))
    .map((match) => match.entry);
};
