import { AdviceClassifier, type LabelledQuestion } from './classifier';
import { type GuardCategory, isEducationalFraming, mainCategory, matchInputRules, mentionsMarkets } from './input-rules';
import { prepareQuestion } from './normalize';
import { inspectAnswer } from './output-rail';
import { LABELLED_QUESTIONS } from './questions.generated';

/** The guard's decision on a question or an answer, in the chat contract's field names. */
export type GuardVerdict = { blocked: boolean; category: string | null; block_reason: string | null; alternative_suggestion: string | null };

/** What the guard knows about the conversation: the chat type and, for technical chats, the ticker. */
export type GuardContext = { chatType: 'sentiment' | 'technical'; ticker?: string };

/** Options for tests and the evaluation: another training set or threshold than the shipped ones. */
export type GuardOptions = { examples?: readonly LabelledQuestion[]; adviceThreshold?: number };

// Chosen by 5-fold cross-validation on the labelled set (scripts/eval-guard.mjs): the classifier only decides
// questions that no rule matched and that are not phrased educationally, so it is asked to be sure.
const DEFAULT_ADVICE_THRESHOLD = 0.85;

const SEBI = 'only SEBI-registered research analysts and investment advisers may give that advice';

const REASONS: Record<GuardCategory, string> = {
  recommendation: `Warren AI explains how markets work; it cannot tell you whether to buy, sell or hold a stock, because ${SEBI}.`,
  price_target:
    'Warren AI cannot predict where a share price will go or give a price target: a target is a research recommendation that only SEBI-registered research analysts may publish, and no one can forecast prices reliably.',
  tip: `Warren AI does not give stock tips or trading calls: a tip is investment advice, ${SEBI}, and unregistered tips are a common route to fraud.`,
  multibagger: `No one can reliably say which stock will double or multiply, and naming one would be a recommendation that ${SEBI.replace('that advice', 'such recommendations')}.`,
  guaranteed_returns:
    'No stock investment has guaranteed returns and Warren AI cannot promise any outcome; a promise of sure or fixed profits is a classic warning sign of fraud.',
  allocation: `Warren AI cannot decide how much of your money to put into particular stocks: a personal allocation is investment advice that only a SEBI-registered investment adviser may give after assessing your situation.`,
  role_play: `Warren AI cannot take on the role of an adviser, broker or tipster: in any persona it explains markets and does not give buy, sell or target calls, because ${SEBI}.`,
  prompt_injection: 'Warren AI cannot change, ignore or reveal its instructions; it answers educational questions about markets only.',
};

const ANSWER_REASON =
  'This answer was withheld because it contained a price target, a buy/sell/hold call or a promise of returns, which only SEBI-registered research analysts and advisers may give.';

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

function blocked(category: GuardCategory, context: GuardContext | undefined, named?: string, reason = REASONS[category]): GuardVerdict {
  return { blocked: true, category, block_reason: reason, alternative_suggestion: suggestion(category, context, named) };
}

const ALLOWED: GuardVerdict = { blocked: false, category: null, block_reason: null, alternative_suggestion: null };

/** The labelled set, embedded from `data/questions.jsonl` by embed-questions.cjs so that dist/ carries it. */
export function readLabelledQuestions(): LabelledQuestion[] {
  return [...LABELLED_QUESTIONS];
}

/** Layer 2's category guess for a question the classifier blocked; no rule matched, so it is a plain recommendation ask. */
const CLASSIFIER_CATEGORY: GuardCategory = 'recommendation';

/**
 * Warren AI's compliance guard: input rules (layer 1), a naive Bayes classifier (layer 2) and the output rail (layer 3).
 * A strong rule blocks; an educational framing (what/how/why … mean/work) then lets the question through; otherwise a
 * soft rule, or the classifier's confidence in 'advice' for a question about investing, blocks.
 */
export class ComplianceGuard {
  private readonly classifier: AdviceClassifier;
  private readonly threshold: number;

  constructor(options: GuardOptions = {}) {
    this.classifier = new AdviceClassifier(options.examples ?? readLabelledQuestions());
    this.threshold = options.adviceThreshold ?? DEFAULT_ADVICE_THRESHOLD;
  }

  /** Checks a user's question before any engine sees it. */
  checkQuestion(text: string, context?: GuardContext): GuardVerdict {
    const question = prepareQuestion(text);
    const named = question.symbols[0];
    const hits = matchInputRules(question);
    const category = mainCategory(hits);
    if (category && hits.some((hit) => hit.strong)) return blocked(category, context, named);
    if (isEducationalFraming(question, hits)) return ALLOWED;
    if (category) return blocked(category, context, named);
    if (mentionsMarkets(question) && this.classifier.adviceProbability(question) >= this.threshold) return blocked(CLASSIFIER_CATEGORY, context, named);
    return ALLOWED;
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
}
