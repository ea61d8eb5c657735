import { z } from 'zod';
import type { ActionKind } from '../../data/corporate-actions';

/** NSE writes '-' (or nothing, or null) where a field has no value. */
const Optional = z
  .string()
  .nullish()
  .transform((value) => {
    const text = value?.trim();
    return text && text !== '-' ? text : null;
  });

/**
 * One row of NSE's corporate-actions API (`/api/corporates-corporateActions`): strings, '-' for none. Only the symbol
 * and the subject are required, so a renamed or dropped column elsewhere does not refuse the whole answer; fields
 * NSE adds later are kept and ignored.
 */
export const AnnouncementRowSchema = z.looseObject({
  symbol: z.string().trim().min(1),
  series: Optional,
  faceVal: Optional,
  subject: z.string().trim().min(1),
  exDate: Optional,
  recDate: Optional,
  isin: Optional,
  caBroadcastDate: Optional,
});
export type AnnouncementRow = z.output<typeof AnnouncementRowSchema>;

/** The API's answer: a JSON array of rows. */
export const AnnouncementRowsSchema = z.array(AnnouncementRowSchema);

/** The kinds an announcement is stored as: one of the corporate-action kinds, the share-count ones combined per day. */
export type AnnouncedKind = ActionKind;

/** What the subject states, in numbers (rupees per share; shares as NSE's a:b). Stored as jsonb. */
export type AnnouncementTerms = {
  face_value?: { from: number; to: number };
  bonus?: { new_shares: number; held: number };
  rights?: { offered: number; held: number; price: number };
  special_dividend?: { amount: number };
  dividend?: { amount: number };
};

/**
 * What a subject means for prices: the kind Nivesh stores it as (null when it changes no price Nivesh adjusts, or
 * cannot be read), new shares per old share for the share-count kinds, its terms, and a sentence saying what it is or
 * why it is not applied.
 */
export type ParsedSubject = { kind: AnnouncedKind | null; ratio: number | null; terms: AnnouncementTerms; note: string };

/** An announcement ready to store: the row's identity and dates ('YYYY-MM-DD') and its parsed subject. */
export type Announcement = ParsedSubject & { symbol: string; isin: string | null; ex_date: string; record_date: string | null; subject: string };

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** NSE's '16-Jun-2025' (any case) as '2025-06-16'; null for '-', nothing, or a day that does not exist. */
export const parseNseDate = (value: string | null | undefined): string | null => {
  const match = /^(\d{1,2})-([a-z]{3})-(\d{4})$/i.exec(value?.trim() ?? '');
  if (!match) return null;
  const month = MONTHS.indexOf(match[2]!.toLowerCase());
  if (month < 0) return null;
  const date = new Date(Date.UTC(Number(match[3]), month, Number(match[1])));
  if (date.getUTCDate() !== Number(match[1]) || date.getUTCMonth() !== month) return null;
  return date.toISOString().slice(0, 10);
};

/** Rupees as NSE writes them: 'Rs 10/-', 'Rs.3.50', 'Re 1', 'Rs 1,257'. */
const RUPEES = String.raw`R[es]\.?\s*(\d[\d,]*(?:\.\d+)?)`;
const FACE_VALUE_SPLIT = new RegExp(String.raw`\b(?:split|sub-?division)\b.*?\bfrom\s*${RUPEES}.*?\bto\s*${RUPEES}`, 'i');
const CONSOLIDATION = new RegExp(String.raw`\bconsolidation\b.*?\bfrom\s*${RUPEES}.*?\bto\s*${RUPEES}`, 'i');
const BONUS = /\bbonus\b(?:\s+issue)?\s*(?:of\s*)?(\d+)\s*:\s*(\d+)/i;
const RIGHTS = new RegExp(String.raw`\brights?\b\s*(?:issue\s*)?(\d+)\s*:\s*(\d+)\s*@\s*(premium\s*(?:of\s*)?)?${RUPEES}`, 'i');
const SPECIAL_DIVIDEND = new RegExp(String.raw`\bspecial\s+(?:interim\s+|final\s+)?div(?:idend)?\b\s*(?:-\s*)?(?:of\s*)?${RUPEES}`, 'i');
const DIVIDEND = new RegExp(String.raw`\bdiv(?:idend)?\b\s*(?:-\s*)?(?:of\s*)?${RUPEES}`, 'i');

const rupees = (text: string): number => Number(text.replace(/,/g, ''));

/** ₹1,257, ₹3.50, ₹10. */
export const formatRupees = (amount: number): string =>
  `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;

const FLAGGED = 'an unexplained move on its ex-date is flagged for review.';

const NOT_APPLIED = {
  dividend: 'An ordinary dividend: prices are not adjusted for it.',
  meeting: 'A shareholders’ meeting: it changes no price.',
  unknown: `Not an action Nivesh adjusts prices for; ${FLAGGED}`,
  combined: `It combines actions Nivesh cannot store on one day; ${FLAGGED}`,
} as const;

const unreadable = (what: string, why = 'without terms Nivesh can read'): ParsedSubject => ({ kind: null, ratio: null, terms: {}, note: `It names ${what} ${why}; ${FLAGGED}` });

/** The face-value change of a split or consolidation, or why it cannot be read. */
const faceValueChange = (subject: string): ParsedSubject | null => {
  const consolidation = CONSOLIDATION.exec(subject);
  if (consolidation) {
    const [from, to] = [rupees(consolidation[1]!), rupees(consolidation[2]!)];
    if (!(from > 0 && to > from)) return unreadable('a consolidation');
    return described('reverse_split', from / to, { face_value: { from, to } });
  }
  if (/\bconsolidation\b/i.test(subject)) return unreadable('a consolidation');
  const split = FACE_VALUE_SPLIT.exec(subject);
  if (split) {
    const [from, to] = [rupees(split[1]!), rupees(split[2]!)];
    if (!(to > 0 && from > to)) return unreadable('a split');
    return described('split', from / to, { face_value: { from, to } });
  }
  return /\b(?:split|sub-?division)\b/i.test(subject) ? unreadable('a split') : null;
};

const bonusIssue = (subject: string): ParsedSubject | null => {
  const bonus = BONUS.exec(subject);
  if (!bonus) return /\bbonus\b/i.test(subject) ? unreadable('a bonus issue') : null;
  const [newShares, held] = [Number(bonus[1]), Number(bonus[2])];
  if (!(newShares > 0 && held > 0)) return unreadable('a bonus issue');
  return described('bonus', (newShares + held) / held, { bonus: { new_shares: newShares, held } });
};

/** A rights issue's price: '@ Premium Rs 100' is over the face value, '@ Rs 550' the whole price. */
const rightsIssue = (subject: string, faceValue: number | null): ParsedSubject | null => {
  const rights = RIGHTS.exec(subject);
  if (!rights) return /\brights?\b/i.test(subject) ? unreadable('a rights issue') : null;
  const [offered, held] = [Number(rights[1]), Number(rights[2])];
  const amount = rupees(rights[4]!);
  if (rights[3] && faceValue === null) return unreadable('a rights issue at a premium', 'but not the face value the premium is added to');
  const price = rights[3] ? faceValue! + amount : amount;
  if (!(offered > 0 && held > 0 && price > 0)) return unreadable('a rights issue');
  return described('rights', null, { rights: { offered, held, price } });
};

/**
 * Reads an announcement's subject (free text, parts joined by '/', e.g. 'Annual General Meeting/Dividend - Rs 8 Per
 * Share'). Splits, bonus issues and consolidations change the share count (`ratio`: a 10 to 2 face-value split is 5,
 * a 4:1 bonus 5, both in one subject 25); demergers, rights issues and special dividends change the price, their factor
 * set on the ex-date from its prices. Ordinary dividends, meetings and anything unread are kept with kind null and the
 * reason; this never throws. `faceValue` (the row's faceVal, ₹) prices a rights issue quoted as a premium. Pure.
 */
export const parseSubject = (subject: string, faceValue: number | null = null): ParsedSubject => {
  const text = subject.trim();
  const shareParts = [faceValueChange(text), bonusIssue(text)].filter((part): part is ParsedSubject => part !== null);
  const demerger = /\bde-?merger\b/i.test(text) ? described('demerger', null, {}) : null;
  const special = SPECIAL_DIVIDEND.exec(text);
  const specialPart: ParsedSubject | null = special
    ? described('special_dividend', null, { special_dividend: { amount: rupees(special[1]!) } })
    : /\bspecial\s+div/i.test(text)
      ? unreadable('a special dividend')
      : null;
  const priceParts = [demerger, rightsIssue(text, faceValue), specialPart].filter((part): part is ParsedSubject => part !== null);
  const parts = [...shareParts, ...priceParts];
  const read = parts.filter((part) => part.kind !== null);
  if (read.length < parts.length) return parts.find((part) => part.kind === null)!;
  const shares = read.filter((part) => part.ratio !== null);
  if (read.length > 1 && shares.length !== read.length) return { kind: null, ratio: null, terms: {}, note: NOT_APPLIED.combined };
  if (shares.length) {
    const combined = combineShareChanges(shares.map((part) => ({ kind: part.kind!, ratio: part.ratio!, terms: part.terms })));
    return described(combined.kind, combined.ratio, combined.terms);
  }
  if (read.length) return read[0]!;
  const dividend = DIVIDEND.exec(text);
  if (dividend) return { kind: null, ratio: null, terms: { dividend: { amount: rupees(dividend[1]!) } }, note: NOT_APPLIED.dividend };
  if (/\bdiv(?:idend)?\b/i.test(text)) return { kind: null, ratio: null, terms: {}, note: NOT_APPLIED.dividend };
  if (/\b(?:annual|extra-?ordinary)?\s*general\s+meeting\b|\b[ae]gm\b/i.test(text)) return { kind: null, ratio: null, terms: {}, note: NOT_APPLIED.meeting };
  return { kind: null, ratio: null, terms: {}, note: NOT_APPLIED.unknown };
};

/** A share-count change: its kind, new shares per old share and terms. */
export type ShareChange = { kind: AnnouncedKind; ratio: number; terms: AnnouncementTerms };

/**
 * Share-count changes of one symbol on one ex-date as the one action a day holds: the product of their ratios, kind
 * 'split_bonus' when a split and a bonus issue fall together (BAJFINANCE 16 Jun 2025: a 4:1 bonus and a ₹2 to ₹1
 * split, announced as two rows, 10 new shares per old one). Pure.
 */
export const combineShareChanges = (changes: readonly ShareChange[]): ShareChange => {
  if (changes.length === 1) return changes[0]!;
  const ratio = changes.reduce((product, change) => product * change.ratio, 1);
  const terms = changes.reduce<AnnouncementTerms>((all, change) => ({ ...all, ...change.terms }), {});
  return { kind: ratio > 1 ? 'split_bonus' : 'reverse_split', ratio, terms };
};

const KIND_NAMES: Record<AnnouncedKind, string> = {
  split: 'Split',
  bonus: 'Bonus issue',
  split_bonus: 'Split and bonus issue',
  reverse_split: 'Consolidation',
  demerger: 'Demerger',
  rights: 'Rights issue',
  special_dividend: 'Special dividend',
};

const bonusText = ({ new_shares, held }: { new_shares: number; held: number }): string => `${new_shares}:${held} bonus issue`;

/**
 * The note a stored action carries, as the curated list writes them ('Face value ₹10 to ₹2', 'Face value ₹2 to ₹1 and
 * a 4:1 bonus issue', 'Rights issue of 1 share for every 5 at ₹110'); null where the kind and ratio say it all (a
 * bonus issue, a demerger NSE names no further). Pure.
 */
export const actionNote = (kind: AnnouncedKind, terms: AnnouncementTerms): string | null => {
  const face = terms.face_value && `Face value ${formatRupees(terms.face_value.from)} to ${formatRupees(terms.face_value.to)}`;
  switch (kind) {
    case 'split':
    case 'reverse_split':
      return face ?? null;
    case 'split_bonus':
      return face && terms.bonus ? `${face} and a ${bonusText(terms.bonus)}` : null;
    case 'rights': {
      if (!terms.rights) return null;
      const { offered, held, price } = terms.rights;
      return `Rights issue of ${offered} ${offered === 1 ? 'share' : 'shares'} for every ${held} at ${formatRupees(price)}`;
    }
    case 'special_dividend':
      return terms.special_dividend ? `Special dividend of ${formatRupees(terms.special_dividend.amount)} per share` : null;
    default:
      return null;
  }
};

/** A parsed subject of `kind`, described in a sentence. */
const described = (kind: AnnouncedKind, ratio: number | null, terms: AnnouncementTerms): ParsedSubject => {
  const named = kind === 'bonus' && terms.bonus ? bonusText(terms.bonus) : KIND_NAMES[kind];
  return { kind, ratio, terms, note: actionNote(kind, terms) ?? named };
};

/**
 * A row as an announcement to store: dates read, subject parsed (a premium rights price uses the row's face value).
 * Null for a row without a readable ex-date: nothing can be applied without one.
 */
export const readAnnouncement = (row: AnnouncementRow): Announcement | null => {
  const exDate = parseNseDate(row.exDate);
  if (!exDate) return null;
  const faceValue = row.faceVal === null ? null : Number(row.faceVal.replace(/,/g, ''));
  const parsed = parseSubject(row.subject, faceValue !== null && faceValue > 0 ? faceValue : null);
  return { symbol: row.symbol.toUpperCase(), isin: row.isin, ex_date: exDate, record_date: parseNseDate(row.recDate), subject: row.subject, ...parsed };
};
