import { ComplianceGuard, type GuardContext } from '../guard/guard';
import { KnowledgeBase } from '../knowledge/knowledge-base';
import { answer, MAX_WORDS } from './answer';
import { groundingFacts } from './facts';
import { wordCount } from './format';
import type { Grounding, Turn } from './grounding';
import { COMPLIANCE_NOTE, DISCLAIMER, greeting } from './texts';
import { emptyGrounding, infyGrounding, MARKET_SENTIMENT, relianceGrounding, sentimentGrounding } from './testing/fixtures';

/** RELIANCE with every reading at an extreme: overbought, below its averages, a pump-and-dump flag, no model beating naive. */
const extremeGrounding = (): Grounding => {
  const grounding = structuredClone(relianceGrounding());
  const { series } = grounding.indicators!;
  const last = series.rsi14.length - 1;
  series.rsi14[last] = 84.125;
  series.stochastic14.k[last] = 96.5;
  series.adx14[last] = 14.2;
  series.macd.histogram[last] = -3.5;
  series.bollinger20.upper[last] = 2950;
  grounding.quote = { ...grounding.quote!, close: 2871.7, change: -114, change_pct: -3.82 };
  grounding.summary = {
    ...grounding.summary!,
    close: 2871.7,
    trend: {
      label: 'downtrend',
      meaning:
        'The price is below its 50-day average, the 50-day average is below the 200-day average and it is falling. This is how a steady decline usually looks. Trends describe the past and can turn without warning.',
      figures: { close: 2871.7, sma50: 2892.18, sma200: 2981.15, sma50_slope_pct: -1.2 },
    },
    volatility: {
      label: 'high',
      meaning: 'Daily price swings are larger than on most days of the last year. This often comes with news or market stress; large moves either way are then more likely.',
      figures: { atr14_pct: 3.4, realised_20d_pct: 48.2, percentile: 91 },
    },
    resistance: [{ price: 3014.8, touches: 3, last_date: '2024-03-12' }],
  };
  grounding.risk = {
    ...grounding.risk!,
    level: 'high',
    metrics: { ...grounding.risk!.metrics, beta: -0.35, volatility_annual_pct: 44.1 },
    flags: [
      {
        kind: 'pump_and_dump',
        date: '2024-02-14',
        description: 'Volume 4.2× its 20-day average with a 9.1% rise; the price then fell 6.3% within the next 4 sessions, giving back at least half of the rise.',
        figures: { change_pct: 9.1, volume_ratio: 4.2, close: 3010, reversal_pct: -6.3 },
      },
      { kind: 'limit_move', date: '2024-02-14', description: "Closed 9.6% above the previous close, at 3010.00: a move near NSE's 10% price band.", figures: { change_pct: 9.6, close: 3010 } },
    ],
  };
  grounding.forecast = { ...grounding.forecast!, model: 'naive', model_name: 'No change (naive)', beats_naive: false, relative_mae: { h1: 1, h5: 1, h10: 1 }, mase: { h1: 0.94, h5: 2.11, h10: 3.02 } };
  return grounding;
};

/** The market in extreme fear, with a beta-less, flag-free INFY beside it. */
const fearfulGrounding = (): Grounding => ({
  ...sentimentGrounding(),
  sentiment: {
    ...MARKET_SENTIMENT,
    score: 18.4,
    label: 'Extreme fear',
    components: MARKET_SENTIMENT.components.map((component) => ({ ...component, score: component.score / 5 })),
  },
});

const quietInfy = (): Grounding => ({ ...infyGrounding(), risk: { ...infyGrounding().risk!, flags: [], metrics: { ...infyGrounding().risk!.metrics, beta: null } } });

const TEMPLATES = [
  // figures of the chat's stock
  'What is {T}’s RSI?',
  'rsi kya hai',
  'Is {T} overbought or oversold?',
  'Explain the MACD for {T}',
  'How far is {T} from its 200 day moving average?',
  'difference between SMA and EMA here?',
  'Where are the Bollinger Bands?',
  'What are the support and resistance levels of {T}?',
  'How much volume traded, and what does OBV say?',
  'What is VWAP telling us?',
  'Any unusual trading or pump and dump in {T}?',
  'Is {T} being manipulated by operators?',
  'How volatile is {T}?',
  'What is the beta of {T}?',
  'What was the max drawdown?',
  'What is the value at risk?',
  'How has {T} performed over 5 years?',
  'How accurate is TrendVision for {T}?',
  'What is the current price of {T}?',
  'What is the 52-week high and low?',
  'What is the overall trend of {T}?',
  'Is the trend bullish or bearish?',
  'What does the ADX say about trend strength?',
  'What does the stochastic oscillator show?',
  'Summarise the technicals',
  // the market
  'How is the market sentiment today?',
  'What is market breadth?',
  'Is the market fearful or greedy?',
  'How volatile is the market?',
  'How many stocks are near 52-week highs?',
  'What is the momentum of NIFTY?',
  'market ka mood kaisa hai',
  // concepts
  'What is P/E?',
  'What is a good PE ratio?',
  'What is a SIP?',
  'How do I check SEBI registration?',
  'What are fraud red flags?',
  'What does a price target mean?',
  'How do analysts set targets?',
  'What does a buy rating mean?',
  'What is a stop loss?',
  'Why won’t you give buy or sell calls?',
  'What is a multibagger?',
  'What are guaranteed return schemes?',
  'Are Telegram stock tips safe?',
  'What is diversification?',
  'What is compounding?',
  'Index funds or stock picking?',
  'What is a demerger?',
  'What is a bonus issue?',
  'tax on short term capital gains',
  'What is book value?',
  'What is dividend yield?',
  'What is EPS?',
  'What is a back-test?',
  'Can anyone predict stock prices?',
  'I lost money to a scam, what do I do?',
  'How do I complain on SCORES?',
  // other stocks
  'What is the RSI of TCS?',
  'Is HDFC Bank volatile?',
  'Tell me about ZOMATO stock',
  'Compare {T} with Infosys',
  // advice-seeking questions the input guard stops first; the engine's answer must be clean all the same
  'Should I buy {T}?',
  'What is the target price of {T}?',
  'Will {T} go up tomorrow?',
  'Give me a stock tip',
  'Which stock will double?',
  'Is {T} a buy at these levels?',
  'Sell or hold {T}?',
  'Guarantee me 20% returns',
  'Where will {T} be in a year?',
  'Should I book profits?',
  'What stop loss should I keep?',
  'kaunsa share lu',
  // everything else
  'hi',
  'thanks',
  'qwxz flurb glorp',
  'what does that mean?',
  'tell me more',
];

const GROUNDINGS: Array<[string, Grounding]> = [
  ['RELIANCE', relianceGrounding()],
  ['INFY', infyGrounding()],
  ['INFY without flags or beta', quietInfy()],
  ['RELIANCE at extremes', extremeGrounding()],
  ['sentiment', sentimentGrounding()],
  ['sentiment in extreme fear', fearfulGrounding()],
  ['technical without data', emptyGrounding('technical')],
  ['sentiment without data', emptyGrounding('sentiment')],
];

const HISTORY: Turn[] = [
  { role: 'user', content: 'What does the MACD say?' },
  { role: 'assistant', content: 'The MACD line was above its signal line.' },
];

describe('the built-in engine and the output rail', () => {
  const guard = new ComplianceGuard();
  const knowledge = KnowledgeBase.load();
  const contextOf = (grounding: Grounding): GuardContext => ({ chatType: grounding.chatType, ...(grounding.ticker ? { ticker: grounding.ticker } : {}) });

  const cases = GROUNDINGS.flatMap(([name, grounding]) =>
    TEMPLATES.map((template) => ({ name, grounding, question: template.replace(/\{T\}/g, grounding.ticker ?? 'RELIANCE') })),
  );

  it('lets through the question every topic button asks, in either kind of chat', () => {
    // A tap on a suggested topic must never be refused as a request for advice.
    const refused = knowledge
      .articles()
      .map((article) => knowledge.askableQuestion(article))
      .filter((question) => guard.checkQuestion(question, { chatType: 'technical', ticker: 'INFY' }).blocked || guard.checkQuestion(question, { chatType: 'sentiment' }).blocked);
    expect(refused).toEqual([]);
  });

  it(`asks over 100 questions of each kind of chat (${cases.length} in all)`, () => {
    expect(TEMPLATES.length).toBeGreaterThanOrEqual(75);
    expect(cases.length).toBeGreaterThanOrEqual(500);
  });

  it('writes no answer the output rail would withhold, for any question, stock or missing data, and keeps each short', () => {
    const withheld: string[] = [];
    const long: string[] = [];
    for (const { name, grounding, question } of cases) {
      for (const history of [[], HISTORY]) {
        const { text } = answer({ question, grounding, history, knowledge });
        const verdict = guard.checkAnswer(text, contextOf(grounding));
        if (verdict.blocked) withheld.push(`${name} / ${question} [${verdict.category}]:\n${text}`);
        if (wordCount(text) > MAX_WORDS + 10) long.push(`${name} / ${question}: ${wordCount(text)} words`);
      }
    }
    expect(withheld).toEqual([]);
    expect(long).toEqual([]);
  });

  it('greets, notes and disclaims without anything the output rail would withhold', () => {
    for (const [, grounding] of GROUNDINGS) {
      expect(guard.checkAnswer(greeting(grounding), contextOf(grounding)).blocked).toBe(false);
      expect(guard.checkAnswer(greeting(grounding, { registration_number: 'INH000012345', name: 'Asha Rao', valid_until: '2030-03-31' }), contextOf(grounding)).blocked).toBe(false);
    }
    expect(guard.checkAnswer(COMPLIANCE_NOTE).blocked).toBe(false);
    expect(guard.checkAnswer(DISCLAIMER).blocked).toBe(false);
  });

  it('gives a language model facts that the output rail passes too', () => {
    for (const [, grounding] of GROUNDINGS) expect(guard.checkAnswer(groundingFacts(grounding), contextOf(grounding)).blocked).toBe(false);
  });
});
