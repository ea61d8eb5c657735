import type { NewsTone } from '@nivesh/proto';
import { afinn165FinancialMarketNews as LEXICON } from 'afinn-165-financialmarketnews';
import { STOCK_ALIASES } from './aliases';
import { changeWords, formatCrore } from './wording';

/** The tone of a text: the lexicon's sum over its words, its label, and the words that counted with their scores. */
export type Tone = { label: NewsTone; score: number; words: string[] };

/** Words that turn the sense of the next few words around ('not', 'no', 'fails to'). */
const NEGATORS = new Set(['not', 'no', 'never', 'without', 'nor', 'neither', "isn't", "wasn't", "aren't", "don't", "doesn't", "didn't", "won't", 'cannot', "can't", 'fails', 'failed', 'fail']);
/** How many words after a negator it reaches. */
const NEGATION_REACH = 3;
/** Longest phrase of the lexicon, in words ('better-than-expected' is one word here, 'does not work' three). */
const LONGEST_PHRASE = 3;

/**
 * A word's score: itself in the lexicon, else, for a plural or third person the lexicon lacks, its singular ('jumps'
 * is scored as 'jump'). Past and -ing forms are not guessed: 'fined' is not 'fine'.
 */
const scoreOf = (word: string): { word: string; score: number } | null => {
  const direct = LEXICON[word];
  if (direct !== undefined) return direct === 0 ? null : { word, score: direct };
  for (const [suffix, replacement] of [
    ['ies', 'y'],
    ['es', ''],
    ['s', ''],
  ] as const) {
    if (word.length > suffix.length + 2 && word.endsWith(suffix)) {
      const stem = word.slice(0, -suffix.length) + replacement;
      const score = LEXICON[stem];
      if (score) return { word, score };
    }
  }
  return null;
};

/**
 * Names are not tone: 'Hero' MotoCorp, 'Titan', 'Sun' Pharma, 'Power' Grid and the 'Nifty' carry lexicon scores of
 * their own. Every name of the alias table and the indices' names are taken out before scoring.
 */
const NAMES = new RegExp(
  `(?<![\\p{L}\\p{N}&])(${[...Object.values(STOCK_ALIASES).flatMap((stock) => stock.aliases.map((alias) => (typeof alias === 'string' ? alias : alias.text))), 'Nifty 50', 'Nifty', 'Sensex', 'Bank Nifty']
    .sort((a, b) => b.length - a.length)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})(?![\\p{L}\\p{N}&])`,
  'giu',
);

/** Lower-cased words; hyphenated compounds stay whole ('sell-off'), apostrophes inside words too ("doesn't"). */
const wordsOf = (text: string): string[] => text.replace(NAMES, ' ').toLowerCase().replace(/[’‘]/g, "'").match(/[a-z0-9]+(?:['-][a-z0-9]+)*/g) ?? [];

/** Score at or beyond which a text reads positive (or, negated, negative); between them it reads neutral. */
export const TONE_THRESHOLD = 1;

/**
 * The tone of a headline (and description) by the AFINN-165 lexicon tuned for financial market news: the sum of its
 * words' scores, a word's sign turned round within three words of a negator. It reads wording, not facts: "profit
 * falls less than feared" scores as falling.
 */
export const toneOf = (text: string): Tone => {
  const words = wordsOf(text);
  let score = 0;
  let negatedUntil = -1;
  const counted: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    // The lexicon's phrases ('does not work', 'right direction') are scored as one, before their words alone.
    let phrase: { text: string; score: number; length: number } | null = null;
    for (let length = LONGEST_PHRASE; length >= 2 && !phrase; length--) {
      const text = words.slice(index, index + length).join(' ');
      const found = index + length <= words.length ? LEXICON[text] : undefined;
      if (found !== undefined) phrase = { text, score: found, length };
    }
    if (phrase) {
      score += phrase.score;
      counted.push(`${phrase.text} (${signed(phrase.score)})`);
      index += phrase.length - 1;
      continue;
    }
    if (NEGATORS.has(word)) {
      negatedUntil = index + NEGATION_REACH;
      continue;
    }
    const found = scoreOf(word);
    if (!found) continue;
    const value = index <= negatedUntil ? -found.score : found.score;
    score += value;
    counted.push(`${index <= negatedUntil ? `not ${found.word}` : found.word} (${signed(value)})`);
  }
  const label: NewsTone = score >= TONE_THRESHOLD ? 'positive' : score <= -TONE_THRESHOLD ? 'negative' : 'neutral';
  return { label, score, words: counted };
};

const signed = (value: number): string => (value > 0 ? `+${value}` : String(value));

// ---- results items: the tone of the figures ------------------------------------------------------------------------

/** Within this many per cent either way (at the one decimal shown), a change year on year reads as neither a rise nor a fall. */
export const RESULTS_TONE_BAND_PCT = 2;

/** The figures a results item compares: this period's and the same period's a year earlier, in rupees (null: not filed). */
export type ResultsFigures = {
  net_profit: number | null;
  net_profit_before: number | null;
  /** Revenue from operations; interest earned for a bank. */
  revenue: number | null;
  revenue_before: number | null;
  top_line: 'revenue' | 'interest earned';
};

/** The rule of `resultsTone`, as the AI News page states it. */
export const RESULTS_TONE_RULE =
  `Tone of results items, by their figures rather than their wording: Positive when net profit rose more than ${RESULTS_TONE_BAND_PCT}% on the same period a year earlier ` +
  `and revenue (interest earned, for a bank) fell no more than ${RESULTS_TONE_BAND_PCT}%, Negative when net profit fell more than ${RESULTS_TONE_BAND_PCT}%, ` +
  'otherwise Neutral (a smaller change, profit up on falling revenue, or no year-earlier figure); a loss that shrinks or turns into a profit counts as a rise, ' +
  'a profit that turns into a loss or a loss that grows as a fall.';

/** Which way a figure moved year on year: beyond the band either way, or within it. */
export type Direction = 'up' | 'down' | 'flat';

/** A change's direction as it is shown, to one decimal: 2.04 % is 'up 2%', inside the band. */
const directionOf = (pct: number): Direction => {
  const shown = Math.round(pct * 10) / 10;
  return shown > RESULTS_TONE_BAND_PCT ? 'up' : shown < -RESULTS_TONE_BAND_PCT ? 'down' : 'flat';
};

/**
 * Which way the bottom line moved, in words. A percentage is taken only between two profits or two losses; across
 * the line (a loss to a profit or back, or from nil) the move is a rise or a fall whatever its size.
 */
const profitMove = (now: number, before: number): { direction: Direction; words: string } => {
  if (before > 0 && now >= 0) {
    const pct = (now / before - 1) * 100;
    return { direction: directionOf(pct), words: `net profit ${changeWords(pct)}` };
  }
  if (before < 0 && now < 0) {
    const pct = (now / before - 1) * 100;
    // A smaller loss is a rise of the bottom line.
    return { direction: directionOf(-pct), words: `net loss ${changeWords(pct)}` };
  }
  const was = before < 0 ? `a net loss of ${formatCrore(-before)}` : before > 0 ? `a net profit of ${formatCrore(before)}` : 'nil';
  if (now > before) return { direction: 'up', words: `${now > 0 ? `net profit ${formatCrore(now)}` : 'nil'} against ${was}` };
  if (now < before) return { direction: 'down', words: `${now < 0 ? `net loss ${formatCrore(-now)}` : 'nil'} against ${was}` };
  return { direction: 'flat', words: 'net profit nil in both years' };
};

/**
 * How a results item's net profit and revenue moved by the rule's band ('flat': within it), with the words that say so;
 * null where a figure of either year is missing (or, for revenue, the year before is not positive).
 */
export const resultsMoves = (figures: ResultsFigures): { profit: { direction: Direction; words: string } | null; revenue: { direction: Direction; words: string } | null } => {
  const { net_profit, net_profit_before, revenue, revenue_before } = figures;
  const revenuePct = revenue !== null && revenue_before !== null && revenue_before > 0 ? (revenue / revenue_before - 1) * 100 : null;
  return {
    profit: net_profit === null || net_profit_before === null ? null : profitMove(net_profit, net_profit_before),
    revenue: revenuePct === null ? null : { direction: directionOf(revenuePct), words: `${figures.top_line} ${changeWords(revenuePct)}` },
  };
};

/**
 * The tone of a results item by `RESULTS_TONE_RULE`: net profit year on year decides it, revenue can only hold back a
 * Positive (profit grown on a shrinking business, by cost cuts or one-offs, is mixed news). The words name the figures.
 */
export const resultsTone = (figures: ResultsFigures): Tone => {
  const { profit, revenue } = resultsMoves(figures);
  if (!profit) return { label: 'neutral', score: 0, words: [figures.net_profit_before === null ? 'no net profit of the same period a year earlier' : 'no net profit filed'] };
  const label: NewsTone = profit.direction === 'down' ? 'negative' : profit.direction === 'up' && revenue?.direction !== 'down' ? 'positive' : 'neutral';
  return { label, score: label === 'positive' ? 1 : label === 'negative' ? -1 : 0, words: [profit.words, ...(revenue ? [revenue.words] : [])] };
};
