import naiveBayesTextClassifier from 'wink-naive-bayes-text-classifier';
import nlp from 'wink-nlp-utils';
import stem from 'wink-porter2-stemmer';
import { LogisticRegression } from '../learning/logistic-regression';
import { type PreparedQuestion, prepareQuestion } from './normalize';

/** One labelled question of the guard's training set. */
export type LabelledQuestion = { text: string; label: 'advice' | 'educational'; category: string };

// Short, common words the model should not key on; "should", "i", "my", "which", "will" carry the signal and stay.
const STOPWORDS = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'and', 'or', 'is', 'are', 'it', 'this', 'that', 'at', 'be']);

// Cues that generalise beyond the words of the training set: who acts, what is asked for, how it is framed, and what
// an educational question is about (a figure to look up, a claim to check, something to learn, the past, a greeting).
const CUES: Array<[string, RegExp]> = [
  ['cue_asker_acts', /\b(i|we)( \w+)? (buy|sell|hold|exit|invest|add|enter|keep|switch|book|average|get in|put|lagau|karu|lu|kharidu|bechu)\b/],
  ['cue_asks_warren', /\b(you|your|u|ur)\b/],
  ['cue_names_stock', /\bticker\b/],
  ['cue_money', /\b(rs|lakh|crore|k|thousand|savings|salary|bonus)\b/],
  ['cue_future', /\b(will|going to|gonna|tomorrow|next (week|month|year)|by (end|diwali|march|december)|from here|soon)\b/],
  ['cue_weighs', /\b(good|best|better|worth|cheap|expensive|undervalued|overvalued|safe|right|smart|wise|accha|sahi)\b/],
  ['cue_explains', /^(what|how|why|explain|define|describe|when|who)\b|\b(mean|means|meaning|matlab|kya hota|kya hai|work|works|difference)\b/],
  ['cue_people', /\b(people|investors|analysts|brokers|traders|companies|funds|promoters)\b/],
  ['cue_metric', /\b(rsi|macd|moving averages?|dma|ema|sma|p e|pe ratio|ratios?|volatility|beta|drawdowns?|dividends?|yield|results|earnings|52 week|history|volume|market cap|eps|roe|weight|weightage|sentiment|closing price|performance|performed|data|chart)\b/],
  ['cue_claim', /\b(scam|fraud|fake|myth|legal|legally|illegal|allowed|realistic|genuine|legit|true|promise|promised|claims?|believable|red flags?|warning)\b/],
  ['cue_learn', /\b(learn|learning|understand|books?|course|courses|beginners?|basics|explain|concept|ignore|noise|habits?)\b/],
  ['cue_past', /\b(did|was|were|happened|last (year|decade|month)|in (19|20)\d\d|historically)\b/],
  ['cue_greeting', /^(hi|hello|hey|good (morning|evening|afternoon|night)|thanks|thank you|ok|okay|bye)\b/],
];

// Stemming is most of the cost of a question's features, and people reuse the same few thousand words: stems are
// remembered, and forgotten all at once when the cache grows past its bound.
const STEMS = new Map<string, string>();
const STEM_CACHE_SIZE = 20_000;

function stemOf(word: string): string {
  let stemmed = STEMS.get(word);
  if (stemmed === undefined) {
    if (STEMS.size >= STEM_CACHE_SIZE) STEMS.clear();
    stemmed = stem(word);
    STEMS.set(word, stemmed);
  }
  return stemmed;
}

/**
 * Features of a masked question: numbers generalised, stems, word pairs so "should i" and "kya hai" count, how the
 * question opens and ends ("what is …", "… kya"), and the cues.
 */
function maskedFeatures(masked: string): string[] {
  const words = nlp.string
    .tokenize0(masked)
    .map((word) => (/^\d/.test(word) ? 'NUM' : word))
    .filter((word) => !STOPWORDS.has(word))
    .map(stemOf);
  const plain = masked
    .split(' ')
    .filter(Boolean)
    .map((word) => (/^\d/.test(word) ? 'num' : word));
  const shape = plain.length ? [`start:${plain[0]}`, `start:${plain.slice(0, 2).join('_')}`, `end:${plain[plain.length - 1]}`] : [];
  const cues = CUES.filter(([, pattern]) => pattern.test(masked)).map(([cue]) => cue);
  return [...nlp.tokens.appendBigrams(words), ...shape, ...cues];
}

/** The model's features for a question: named stocks become "ticker" (see `prepareQuestion`), then as `maskedFeatures`. */
export function questionTokens(raw: string | PreparedQuestion): string[] {
  return maskedFeatures((typeof raw === 'string' ? prepareQuestion(raw) : raw).masked);
}

/** Each model's probability that a question asks for advice, and the two combined. */
export type AdviceProbabilities = { naiveBayes: number; logistic: number; combined: number };

/**
 * Layer 2: two models trained on the labelled questions when constructed, from the same features: wink's naive Bayes
 * text classifier and a logistic regression. Their mean is the guard's p(advice): naive Bayes is sure quickly from a
 * few telling words, the regression weighs the words against each other, and where they disagree the mean is unsure.
 */
export class AdviceClassifier {
  private readonly naiveBayes = naiveBayesTextClassifier();
  private readonly logistic = new LogisticRegression();

  constructor(examples: readonly LabelledQuestion[]) {
    this.naiveBayes.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
    const featured = examples.map((example) => ({ features: questionTokens(example.text), positive: example.label === 'advice' }));
    for (const { features, positive } of featured) this.naiveBayes.learn(features, positive ? 'advice' : 'educational');
    this.naiveBayes.consolidate();
    this.logistic.fit(featured);
  }

  /** Probability (0–1) that the question asks for advice: the mean of the two models. */
  adviceProbability(question: string | PreparedQuestion): number {
    return this.probabilities(question).combined;
  }

  /** Both models' probabilities, for the evaluation; naive Bayes answers 0.5 when none of the words were seen. */
  probabilities(question: string | PreparedQuestion): AdviceProbabilities {
    const features = questionTokens(question);
    const odds = this.naiveBayes.computeOdds(features);
    const entry = odds.find(([label]) => label === 'advice');
    const naiveBayes = entry ? 1 / (1 + 2 ** -entry[1]) : odds[0]?.[0] === 'unknown' ? 0.5 : 0;
    const logistic = this.logistic.probability(features);
    return { naiveBayes, logistic, combined: (naiveBayes + logistic) / 2 };
  }
}
