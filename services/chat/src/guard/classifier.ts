import naiveBayesTextClassifier from 'wink-naive-bayes-text-classifier';
import nlp from 'wink-nlp-utils';
import { normalizeText } from './normalize';

/** One labelled question of the guard's training set. */
export type LabelledQuestion = { text: string; label: 'advice' | 'educational'; category: string };

// Short, common words the model should not key on; "should", "i", "my", "which", "will" carry the signal and stay.
const STOPWORDS = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'and', 'or', 'is', 'are', 'it', 'this', 'that', 'at', 'be']);
// Upper-case words in questions that are not tickers.
const ACRONYMS = new Set(['I', 'RSI', 'SIP', 'SEBI', 'NSE', 'BSE', 'ETF', 'IPO', 'MACD', 'EPS', 'PE', 'NAV', 'FD', 'RBI', 'FII', 'FIIS', 'EMA', 'SMA', 'ATR', 'VWAP', 'DCF', 'NPA', 'ROE', 'ELSS', 'IDCW', 'XIRR', 'LTCG', 'STCG', 'IT', 'BTST', 'DAN', 'SYSTEM', 'USER', 'NIFTY', 'SCORES', 'NSDL', 'CDSL', 'EBITDA', 'EV', 'PEG', 'OK', 'AI', 'SIM', 'F', 'O', 'P', 'B', 'E', 'T', 'FOMO', 'USA', 'US', 'GDP', 'CEO', 'AGM', 'IV', 'OI']);

/** Tokens for the model: tickers and numbers generalised, stems, and word pairs so "should i" and "kya hai" count. */
export function questionTokens(raw: string): string[] {
  const tickers = new Set(
    (raw.match(/\b[A-Z][A-Z0-9&-]{1,11}\b/g) ?? []).filter((word) => !ACRONYMS.has(word)).map((word) => normalizeText(word)),
  );
  const words = nlp.string
    .tokenize0(normalizeText(raw))
    .map((word) => (tickers.has(word) ? 'TICKER' : /^\d/.test(word) ? 'NUM' : word))
    .filter((word) => !STOPWORDS.has(word));
  return nlp.tokens.appendBigrams(nlp.tokens.stem(words));
}

/** Layer 2: a naive Bayes text classifier (wink) trained on the labelled questions when constructed. */
export class AdviceClassifier {
  private readonly model = naiveBayesTextClassifier();

  constructor(examples: readonly LabelledQuestion[]) {
    this.model.definePrepTasks([questionTokens]);
    this.model.defineConfig({ considerOnlyPresence: true, smoothingFactor: 0.5 });
    for (const example of examples) this.model.learn(example.text, example.label);
    this.model.consolidate();
  }

  /** Probability (0–1) that the question asks for advice; 0.5 when none of its words were seen in training. */
  adviceProbability(text: string): number {
    const odds = this.model.computeOdds(text);
    const entry = odds.find(([label]) => label === 'advice');
    if (!entry) return odds[0]?.[0] === 'unknown' ? 0.5 : 0;
    return 1 / (1 + 2 ** -entry[1]);
  }
}
