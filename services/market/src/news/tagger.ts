import { type Alias, OTHER_NAMES, STOCK_ALIASES } from './aliases';

/** A stock as the tagger learns it: its symbol and company name as stored (stocks outside the alias table still tag). */
export type TaggableStock = { symbol: string; company: string };

type Entry = { pattern: RegExp; symbol: string | null; needs?: RegExp };
type Match = { start: number; end: number; symbol: string | null };

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Curly apostrophes and accents as typed by different desks read the same. */
const normalise = (text: string): string => text.normalize('NFC').replace(/[’‘]/g, "'");

/** Company names as stored end in 'Ltd.' or 'Limited'; headlines leave that out. */
export const shortCompanyName = (company: string): string => company.replace(/\s*\b(Ltd\.?|Limited)$/i, '').trim();

const entryOf = (alias: string | Alias, symbol: string | null): Entry => {
  const { text, case: casing, needs } = typeof alias === 'string' ? { text: alias, case: undefined, needs: undefined } : alias;
  const written = normalise(text);
  // A one-word name is matched in its own case unless told otherwise: 'Titan' the company, not 'a titan of industry'.
  const exact = (casing ?? (/\s/.test(written) ? 'any' : 'exact')) === 'exact';
  // Letters, digits and '&' continue a name (M&M, L&T); anything else ends it.
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}&])${escape(written)}(?![\\p{L}\\p{N}&])`, exact ? 'gu' : 'giu');
  return { pattern, symbol, needs };
};

/**
 * Finds the stocks a headline names. Every name of every stock (the alias table, plus each stored stock's symbol and
 * company name) and every name of another company that shares their words is matched; where matches overlap the
 * longest wins, so 'Tech Mahindra' tags TECHM alone and 'Reliance Power' tags nothing. A name that also means
 * something else counts only beside the words it needs.
 */
export class Tagger {
  private readonly entries: Entry[];

  constructor(stocks: readonly TaggableStock[]) {
    const entries: Entry[] = [];
    const known = new Set<string>();
    for (const [symbol, { aliases }] of Object.entries(STOCK_ALIASES)) {
      for (const alias of aliases) {
        entries.push(entryOf(alias, symbol));
        known.add(normalise(typeof alias === 'string' ? alias : alias.text).toLowerCase());
      }
    }
    for (const stock of stocks) {
      // Two-letter symbols (LT) are too often something else to tag on their own.
      const extra = [stock.symbol.length >= 3 ? { text: stock.symbol, case: 'exact' as const } : null, { text: shortCompanyName(stock.company) }];
      for (const alias of extra) {
        if (!alias || known.has(normalise(alias.text).toLowerCase())) continue;
        entries.push(entryOf(alias, stock.symbol));
        known.add(normalise(alias.text).toLowerCase());
      }
    }
    for (const other of OTHER_NAMES) entries.push(entryOf(other, null));
    this.entries = entries;
  }

  /** The symbols `text` names, in the order they first appear, each once. */
  tag(text: string): string[] {
    const written = normalise(text);
    const matches: Match[] = [];
    for (const entry of this.entries) {
      if (entry.needs && !entry.needs.test(written)) continue;
      entry.pattern.lastIndex = 0;
      for (const found of written.matchAll(entry.pattern)) {
        matches.push({ start: found.index, end: found.index + found[0].length, symbol: entry.symbol });
      }
    }
    matches.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
    const taken: Match[] = [];
    for (const match of matches) {
      if (taken.some((other) => match.start < other.end && other.start < match.end)) continue;
      taken.push(match);
    }
    const symbols = taken
      .filter((match): match is Match & { symbol: string } => match.symbol !== null)
      .sort((a, b) => a.start - b.start)
      .map((match) => match.symbol);
    return [...new Set(symbols)];
  }
}
