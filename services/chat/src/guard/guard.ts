import { KnowledgeBase } from '../knowledge/knowledge-base';
import { type AdviceProbabilities, AdviceClassifier, type LabelledQuestion } from './classifier';
import { type GuardCategory, isEducationalFraming, mainCategory, matchInputRules, mentionsMarkets } from './input-rules';
import { prepareQuestion } from './normalize';
import { inspectAnswer } from './output-rail';
import { LABELLED_QUESTIONS } from './questions.generated';

/** The guard's decision on a question or an answer, in the chat contract's field names. */
export type GuardVerdict = { blocked: boolean; category: string | null; block_reason: string | null; alternative_suggestion: string | null };

/** What the guard knows about the conversation: the chat type and, for technical chats, the ticker. */
export type GuardContext = { chatType: 'sentiment' | 'technical'; ticker?: string };

/**
 * How sure layer 2 must be, as p(advice), at each point where it decides or overrules a rule. Chosen by 5-fold
 * cross-validation on the labelled set, never on the held-out set: the variant that blocks most while wrongly blocking
 * at most 1.5 %, three quarters of the 2 % allowed (scripts/eval-guard.mjs prints the variants and its choice).
 */
export type GuardThresholds = {
  /** A question about investing that no rule matched and that is not phrased educationally is blocked from here. */
  advice: number;
  /** A question phrased educationally ("what's the 2026 price of …?") is blocked all the same from here. */
  framedAdvice: number;
  /** Below this, a soft rule's match is taken for an educational mention ("what is survivorship bias in multibagger stories?"). */
  softRuleVeto: number;
  /** Below this, a strong recommendation, target, tip or allocation rule is overruled; injection and role play never are. */
  strongRuleVeto: number;
  /** A question with no word of investing at all ("given this RSI, am I getting in?") is blocked from here. */
  noMarketWords: number;
};

// The classifier decides alone only where no rule spoke; to overrule a rule it must be all but certain.
export const DEFAULT_THRESHOLDS: GuardThresholds = { advice: 0.5, framedAdvice: 0.99, softRuleVeto: 0.1, strongRuleVeto: 0.005, noMarketWords: 0.99 };

/** Options for tests and the evaluation: another training set (else the labelled set and the guides' phrasings), an already trained classifier or other thresholds. */
export type GuardOptions = { examples?: readonly LabelledQuestion[]; classifier?: AdviceClassifier; thresholds?: Partial<GuardThresholds> };

const SEBI = 'only SEBI-registered research analysts and investment advisers may give';

/** Why a question was refused, per category: one complete sentence each, as the chat shows it. */
export const BLOCK_REASONS: Readonly<Record<GuardCategory, string>> = {
  recommendation: `Warren AI explains how markets work; it cannot tell you whether to buy, sell or hold a stock, because ${SEBI} that advice.`,
  price_target:
    'Warren AI cannot predict where a share price will go or give a price target: a target is a research recommendation that only SEBI-registered research analysts may publish, and no one can forecast prices reliably.',
  tip: `Warren AI does not give stock tips or trading calls: a tip is investment advice, which ${SEBI}, and unregistered tips are a common route to fraud.`,
  multibagger: `No one can reliably say which stock will double or multiply, and naming one would be a stock recommendation, which ${SEBI}.`,
  guaranteed_returns:
    'No stock investment has guaranteed returns and Warren AI cannot promise any outcome; a promise of sure or fixed profits is a classic warning sign of fraud.',
  allocation:
    'Warren AI cannot decide how much of your money to put into particular stocks: a personal allocation is investment advice that only a SEBI-registered investment adviser may give after assessing your situation.',
  role_play: `Warren AI cannot take on the role of an adviser, broker or tipster: in any persona it explains markets and gives no buy or sell calls or price targets, because ${SEBI} them.`,
  prompt_injection: 'Warren AI cannot change, ignore or reveal its instructions; it answers educational questions about markets only.',
};

/** Said in place of an engine's answer that the output rail stopped. */
export const ANSWER_REASON =
  'This answer was withheld because it contained a price target, a buy, sell or hold call, or a promise of returns: only SEBI-registered research analysts and investment advisers may give targets and calls, and no one may promise returns.';

/** Said in place of an answer that repeated the language model's instructions, with the question offered instead. */
export const LEAK_REASON = 'This answer was withheld because it repeated Warren AI’s own instructions, which are not shared.';
export const LEAK_SUGGESTION = 'What can Warren AI explain about the market?';

/**
 * An educational question to ask instead, about the stock the user named (else the chat's ticker) when there is one:
 * "What do INFY's RSI and moving averages show right now?".
 */
export function suggestion(category: GuardCategory, context?: GuardContext, named?: string): string {
  const ticker = named ?? (context?.chatType === 'technical' ? context.ticker?.trim().toUpperCase() || undefined : undefined);
  switch (category) {
    case 'price_target':
      return ticker
        ? `How volatile has ${ticker} been over the past year, and what does that say about its risk?`
        : 'How do analysts arrive at price targets, and how reliable have they been?';
    case 'tip':
      return ticker ? `What do ${ticker}'s volume and recent trend show, and why are tips on it risky?` : 'What are the red flags of stock tips from unregistered sources?';
    case 'multibagger':
      return ticker ? `What do ${ticker}'s price history and drawdowns say about its risk?` : 'Why is it so hard to predict which stocks will multiply?';
    case 'guaranteed_returns':
      return 'How can I recognise an investment scheme that promises guaranteed returns?';
    case 'allocation':
      return 'What is diversification, and why does it matter when building a portfolio?';
    case 'prompt_injection':
    case 'role_play':
      return ticker ? `What does the RSI say about ${ticker}'s recent momentum?` : 'How do I check whether an adviser is SEBI-registered?';
    case 'recommendation':
    default:
      if (ticker) return `What do ${ticker}'s RSI and moving averages show right now?`;
      return context?.chatType === 'sentiment'
        ? 'What does the market sentiment index show right now, and how is it measured?'
        : 'Which indicators do analysts look at to understand a stock’s trend?';
  }
}

function blocked(category: GuardCategory, context: GuardContext | undefined, named?: string, reason = BLOCK_REASONS[category]): GuardVerdict {
  return { blocked: true, category, block_reason: reason, alternative_suggestion: suggestion(category, context, named) };
}

const ALLOWED: GuardVerdict = { blocked: false, category: null, block_reason: null, alternative_suggestion: null };

/** The labelled set, embedded from `data/questions.jsonl` by embed-questions.cjs so that dist/ carries it. */
export function readLabelledQuestions(): LabelledQuestion[] {
  return [...LABELLED_QUESTIONS];
}

/**
 * The questions Warren AI's guides say they answer, as educational examples: every one is a question the chat exists to
 * answer, so the classifier learns the whole curriculum's words ("default", "head of income", "in the money") as words
 * of learning. Trained on beside the labelled set, never scored in its cross-validation.
 */
export function guidePhrasings(): LabelledQuestion[] {
  return KnowledgeBase.parsed().flatMap((article) => article.questions.map((text) => ({ text, label: 'educational' as const, category: 'guide_phrasing' })));
}

/** Layer 2's category guess for a question the classifier blocked with no rule matched: a plain recommendation ask. */
const CLASSIFIER_CATEGORY: GuardCategory = 'recommendation';

// Categories a classifier never overrules: asking the assistant to drop its rules is blocked however it is worded.
const NEVER_OVERRULED = new Set<GuardCategory>(['prompt_injection', 'role_play']);

/**
 * Warren AI's compliance guard: input rules (layer 1), two text classifiers (layer 2) and the output rail (layer 3).
 * A prompt injection or role play is always blocked. Otherwise the rules propose and the classifier's p(advice) has the
 * last word at the edges: a strong rule blocks unless p is all but zero, a soft rule blocks unless p is low, an
 * educational framing (what/how/why … mean/work) lets the question through unless p is all but one, and a question
 * no rule matched is blocked when p reaches the advice threshold.
 */
export class ComplianceGuard {
  private readonly classifier: AdviceClassifier;
  private readonly thresholds: GuardThresholds;

  constructor(options: GuardOptions = {}) {
    this.classifier = options.classifier ?? new AdviceClassifier(options.examples ?? [...readLabelledQuestions(), ...guidePhrasings()]);
    this.thresholds = { ...DEFAULT_THRESHOLDS, ...options.thresholds };
  }

  /** The same trained classifier with other thresholds, for the evaluation's variants. */
  withThresholds(thresholds: Partial<GuardThresholds>): ComplianceGuard {
    return new ComplianceGuard({ classifier: this.classifier, thresholds: { ...this.thresholds, ...thresholds } });
  }

  /** Checks a user's question before any engine sees it. */
  checkQuestion(text: string, context?: GuardContext): GuardVerdict {
    const question = prepareQuestion(text);
    const named = question.symbols[0];
    const hits = matchInputRules(question);
    const category = mainCategory(hits);
    const strong = hits.filter((hit) => hit.strong);
    if (strong.some((hit) => NEVER_OVERRULED.has(hit.category))) return blocked(mainCategory(strong)!, context, named);
    const p = this.classifier.adviceProbability(question);
    if (category && strong.length) return p < this.thresholds.strongRuleVeto ? ALLOWED : blocked(category, context, named);
    if (isEducationalFraming(question, hits)) return p >= this.thresholds.framedAdvice ? blocked(category ?? CLASSIFIER_CATEGORY, context, named) : ALLOWED;
    if (category) return p >= this.thresholds.softRuleVeto ? blocked(category, context, named) : ALLOWED;
    const threshold = mentionsMarkets(question) ? this.thresholds.advice : this.thresholds.noMarketWords;
    return p >= threshold ? blocked(CLASSIFIER_CATEGORY, context, named) : ALLOWED;
  }

  /** Checks an engine's answer before it is sent. */
  checkAnswer(text: string, context?: GuardContext): GuardVerdict {
    const hit = inspectAnswer(text);
    return hit ? blocked(hit.category, context, undefined, ANSWER_REASON) : ALLOWED;
  }

  /** Layer 2 alone, for the evaluation. */
  adviceProbability(text: string): number {
    return this.classifier.adviceProbability(text);
  }

  /** Each model of layer 2 alone, for the evaluation. */
  adviceProbabilities(text: string): AdviceProbabilities {
    return this.classifier.probabilities(text);
  }
}
