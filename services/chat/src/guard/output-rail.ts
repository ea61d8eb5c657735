// Only a type import: web/src/app/static-texts.test.tsx type-checks and runs this file as it is.
import type { GuardCategory } from './guard-category';

/** Why an answer was stopped, or null when it may be sent. */
export type RailHit = { rule: string; category: GuardCategory } | null;

// A rupee level, a percentage, or a bare number that is not a duration or a year ("12 months", "by March 2025").
const AMOUNT =
  '(₹|rs\\.?|inr|rupees?)\\s?\\d[\\d,]*(\\.\\d+)?|\\d[\\d,]*(\\.\\d+)?\\s?(%|percent|per cent|rupees|rs\\b)|' +
  '(?<!\\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]* |\\b(in|by|of|since|fy|year) ?|[\\d,.])(\\d{1,3}(,\\d{2,3})+|\\d{2,})(\\.\\d+)?(?!\\d|[,.]\\d|\\s?-?(days?|weeks?|months?|years?|sessions?|trading|day|month|year))';
const FUTURE = '(target|targets|price objective|will (likely |probably |definitely |surely |easily |soon )?(reach|touch|hit|cross|go|rise|climb|fall|drop|trade|be|test|gain|move|rally)|can (go|reach|touch|hit|rise|climb|move)|could (reach|go|touch|hit|rise|climb|test)|may (reach|touch|hit|rise|climb|go)|heading (to|towards)|head (to|towards)|expected to (reach|touch|hit|rise|trade|climb|fall|gain|move|deliver)|likely to (reach|touch|hit|rise|trade|climb|gain|move)|upside (of|to|potential)|(by|before) (next|the end|end|december|march|diwali|202\\d|\\d+ (days|weeks|months))|in the (next|coming) \\w+ (days|weeks|months|sessions)|going to (reach|touch|hit|rise|cross|go))';

// Sentence-initial verbs of a trading call, either case ("Sell BAJFINANCE today", "…; buy INFY above ₹1,500").
const VERBS = ['buy', 'sell', 'accumulate', 'exit', 'short', 'add', 'hold', 'book profits?( in)?', 'go long( on)?']
  .map((verb) => `[${verb[0]}${verb[0].toUpperCase()}]${verb.slice(1)}`)
  .join('|');

const RAIL: Array<{ id: string; category: GuardCategory; pattern: RegExp; definitional: boolean }> = [
  {
    id: 'price-target',
    category: 'price_target',
    definitional: false,
    pattern: new RegExp(`\\b${FUTURE}\\b[^.!?\\n]{0,60}(${AMOUNT})|(${AMOUNT})[^.!?\\n]{0,40}\\b(target|by (next|the end|end|december|march|diwali|202\\d))\\b`, 'i'),
  },
  {
    id: 'recommend-action',
    category: 'recommendation',
    definitional: false,
    pattern: /\b(i|we) (would |strongly |personally )?(recommend|suggest|advise|advice|prefer)( that)?( you)?( to)? (buy|sell|hold|accumulate|exit|book|add|invest|short|go long|buying|selling|holding|accumulating|exiting|booking|adding|investing in|shorting|staying invested)\b|\b(you|investors|traders|shareholders|holders|one|people|everyone|readers) (should|must|ought to|need to|had better|d better) (buy|sell|hold|accumulate|exit|book|add|invest in|short|go long|enter|stay invested|get out|switch)\b|\b(good|right|great|ideal|best) (time|moment|opportunity|level) to (buy|sell|accumulate|exit|enter|invest|book|add)\b|\b(is|looks|remains|stays|rated) (a |an )?(strong )?(buy|sell|accumulate|outperform)\b(?![- ](back|side|order|rating|signal|and))|\bmy (call|recommendation|pick|advice) (is|would be|:)/i,
  },
  {
    id: 'imperative-call',
    category: 'recommendation',
    definitional: false,
    pattern: new RegExp(
      `(^|[.!?:;,\\n]\\s*|\\b([Ss]o|[Tt]herefore|[Hh]ence|[Tt]hen)\\s)(${VERBS})\\s+(([A-Z][A-Z0-9&-]{1,11})\\b|(now|today|tomorrow|more|on dips?|at|above|below|around|near|this stock|the stock|it|some|partial)\\b)`,
    ),
  },
  {
    id: 'call-words',
    category: 'recommendation',
    definitional: true,
    pattern: /\bstop[- ]?loss (at|of|below|near|around) (₹|rs\.? ?)?\d|\b(strong buy|strong sell|buy call|sell call|book (your )?(partial )?profits?|(accumulate|add|buy)( [A-Z][A-Z0-9&-]{1,11}| (the|this) stock| (the|these) shares| more)? on dips|buy the dip|stay invested|exit the stock|trim your position)\b/i,
  },
  {
    id: 'promise',
    category: 'guaranteed_returns',
    definitional: true,
    pattern: /\b(guaranteed?|guarantees|assured (returns?|profits?|gains?)|sure[- ]?shot|surefire|risk[- ]free (returns?|profits?)|cannot lose|can't lose|can not lose|no chance of (a )?loss|100 ?% (safe|sure|certain)|will (definitely |surely |certainly )?(double|triple|multiply)|(double|triple) your money)\b/i,
  },
];

// A sentence that defines or warns ("A price target is an analyst's estimate…", "no one can guarantee returns").
const DEFINITION = /\b(means?|meant|refers? to|is defined|definition|is an? (term|estimate|order|rating|phrase|type|kind|practice|strategy|way)|is the (term|practice|estimate|level)|describes?|is when|stands for)\b/i;
const WARNING = /\b(beware|wary|careful|red flag|warning|scam|scams|fraud|fraudulent|illegal|suspicious|claims?|claiming|promis\w*|unregistered|sceptical|skeptical|cannot tell you|can not tell you|only sebi)\b/i;
// A negation shortly before the matched words: "no one can guarantee returns", "returns are never guaranteed".
const NEGATED = /\b(no|not|never|nobody|no one|nothing|none|cannot|can not|can't|isn't|aren't|don't|doesn't|won't|neither|nor)\b(\s+\S+){0,4}\s*$/i;
const HYPOTHETICAL = /\b(for example|for instance|e\.g\.|suppose|say an analyst|if an analyst|hypothetical|illustrat\w+|such as)\b/i;

const sentences = (text: string): string[] => text.split(/(?<=[.!?])\s+|\n+/).map((part) => part.trim()).filter(Boolean);

/** Layer 3: inspects an answer before it is sent; any engine's price target, buy/sell/hold call or promise stops it. */
export function inspectAnswer(text: string): RailHit {
  const clean = text.normalize('NFKC').replace(/[\u200B-\u200D\u2060\uFEFF]/g, '');
  for (const sentence of sentences(clean)) {
    const softened = DEFINITION.test(sentence) || WARNING.test(sentence) || HYPOTHETICAL.test(sentence);
    for (const rule of RAIL) {
      const match = rule.pattern.exec(sentence);
      if (!match) continue;
      if (rule.definitional && (softened || NEGATED.test(sentence.slice(0, match.index)))) continue;
      if (rule.id === 'price-target' && HYPOTHETICAL.test(sentence)) continue;
      return { rule: rule.id, category: rule.category };
    }
  }
  return null;
}
