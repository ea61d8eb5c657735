import { ADVICE_REFUSAL } from '../engine/texts';
import { WITHHELD_TEXT } from '../hub/texts';
import { ANSWER_REASON, BLOCK_REASONS, LEAK_REASON, LEAK_SUGGESTION, suggestion } from './guard';
import type { GuardCategory } from './input-rules';
import { inspectAnswer } from './output-rail';

const CATEGORIES = Object.keys(BLOCK_REASONS) as GuardCategory[];

/** Every refusal Warren AI can answer with, by where it is said. */
const REFUSALS: Record<string, string> = {
  ...Object.fromEntries(CATEGORIES.map((category) => [`question refused: ${category}`, BLOCK_REASONS[category]])),
  'answer withheld by the output rail': ANSWER_REASON,
  'answer withheld for repeating the instructions': LEAK_REASON,
  'built-in engine asked for a call': ADVICE_REFUSAL,
  'Intelligence Hub text withheld': WITHHELD_TEXT,
};

/** The question offered beside each refusal, without a stock and with one. */
const SUGGESTIONS: Record<string, string> = {
  ...Object.fromEntries(CATEGORIES.map((category) => [`${category}, sentiment chat`, suggestion(category, { chatType: 'sentiment' })])),
  ...Object.fromEntries(CATEGORIES.map((category) => [`${category}, technical chat on INFY`, suggestion(category, { chatType: 'technical', ticker: 'INFY' })])),
  'instructions repeated': LEAK_SUGGESTION,
};

const sentencesOf = (text: string): string[] => text.split(/(?<=[.?!])\s+/);

/** Slips a template or an edit leaves behind: placeholders, doubled words, stray spaces, unbalanced quotes. */
const slips = (text: string): string[] => {
  const found: string[] = [];
  if (/\$\{|\{[A-Z]\}|\bundefined\b|\bnull\b/.test(text)) found.push('a placeholder');
  const doubled = /\b(\w+) \1\b/i.exec(text);
  if (doubled) found.push(`"${doubled[0]}"`);
  if (/ {2}| [,.;:?]|[,;:]{2}|\.\./.test(text)) found.push('stray spacing or punctuation');
  for (const [open, close] of [['(', ')'], ['“', '”']] as const) {
    if (text.split(open).length !== text.split(close).length) found.push(`unbalanced ${open}${close}`);
  }
  return found;
};

describe('refusal texts', () => {
  it('lists every refusal, as a person read them once', () => {
    expect(REFUSALS).toMatchSnapshot();
    expect(SUGGESTIONS).toMatchSnapshot();
  });

  it.each(Object.entries(REFUSALS))('says "%s" in complete sentences', (_, text) => {
    for (const sentence of sentencesOf(text)) expect([sentence, /^[A-Z][^]*[a-z)’”]\.$/.test(sentence)]).toEqual([sentence, true]);
    expect(slips(text)).toEqual([]);
    // "a recommendation that only analysts may give such recommendations": a relative clause never repeats its object.
    expect(text).not.toMatch(/\b(that|which) [^,;:.]*\bmay (give|publish) (such|that|these|those|them|it)\b/);
  });

  it.each(Object.entries(SUGGESTIONS))('offers a whole question for %s', (_, text) => {
    expect(text).toMatch(/^[A-Z][^]*[a-z)]\?$/);
    expect(slips(text)).toEqual([]);
  });

  it('never reads as a call, a target or a promise itself', () => {
    for (const text of Object.values(REFUSALS)) expect([text, inspectAnswer(text)]).toEqual([text, null]);
  });
});
