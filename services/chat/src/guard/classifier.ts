import naiveBayesTextClassifier from 'wink-naive-bayes-text-classifier';
import nlp from 'wink-nlp-utils';
import { type PreparedQuestion, prepareQuestion } from './normalize';

/** One labelled question of the guard's training set. */
export type LabelledQuestion = { text: string; label: 'advice' | 'educational'; category: string };

// Short, common words the model should not key on; "should", "i", "my", "which", "will" carry the signal and stay.
const STOPWORDS = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'and', 'or', 'is', 'are', 'it', 'this', 'that', 'at', 'be']);

// Cues that generalise beyond the words of the training set: who acts, what is asked for, how it is framed.
const CUES: Array<[string, RegExp]> = [
  ['cue_asker_acts', /\b(i|we)( \w+)? (buy|sell|hold|exit|invest|add|enter|keep|switch|book|average|get in|put|lagau|karu|lu|kharidu|bechu)\b/],
  ['cue_asks_warren', /\b(you|your|u|ur)\b/],
  ['cue_names_stock', /\bticker\b/],
  ['cue_money', /\b(rs|lakh|crore|k|thousand|savings|salary|bonus)\b/],
  ['cue_future', /\b(will|going to|gonna|tomorrow|next (week|month|year)|by (end|diwali|march|december)|from here|soon)\b/],
  ['cue_weighs', /\b(good|best|better|worth|cheap|expensive|undervalued|overvalued|safe|right|smart|wise|accha|sahi)\b/],
  ['cue_explains', /^(what|how|why|explain|define|describe|when|who)\b|\b(mean|means|meaning|matlab|kya hota|kya hai|work|works|difference)\b/],
  ['cue_people', /\b(people|investors|analysts|brokers|traders|companies|funds|promoters)\b/],
];

/** Tokens of a masked question: numbers generalised, stems, word pairs so "should i" and "kya hai" count, and cues. */
function maskedTokens(masked: string): string[] {
  const words = nlp.string
    .tokenize0(masked)
    .map((word) => (/^\d/.test(word) ? 'NUM' : word))
    .filter((word) => !STOPWORDS.has(word));
  const cues = CUES.filter(([, pattern]) => pattern.test(masked)).map(([cue]) => cue);
  return [...nlp.tokens.appendBigrams(nlp.tokens.stem(words)), ...cues];
}

/** The model's tokens for a question: named stocks become "ticker" (see `prepareQuestion`), then as `maskedTokens`. */
export function questionTokens(raw: string): string[] {
  return maskedTokens(prepareQuestion(raw).masked);
}

/** Layer 2: a naive Bayes text classifier (wink) trained on the labelled questions when constructed. */
export class AdviceClassifier {
  private readonly model = naiveBayesTextClassifier();

  constructor(examples: readonly LabelledQuestion[]) {
    this.model.definePrepTasks([maskedTokens]);
    this.model.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
    for (const example of examples) this.model.learn(prepareQuestion(example.text).masked, example.label);
    this.model.consolidate();
  }

  /** Probability (0–1) that the question asks for advice; 0.5 when none of its words were seen in training. */
  adviceProbability(question: string | PreparedQuestion): number {
    const odds = this.model.computeOdds((typeof question === 'string' ? prepareQuestion(question) : question).masked);
    const entry = odds.find(([label]) => label === 'advice');
    if (!entry) return odds[0]?.[0] === 'unknown' ? 0.5 : 0;
    return 1 / (1 + 2 ** -entry[1]);
  }
}
