import type { NewsTone } from '@nivesh/proto';
import { afinn165FinancialMarketNews as LEXICON } from 'afinn-165-financialmarketnews';
import { STOCK_ALIASES } from './aliases';

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
