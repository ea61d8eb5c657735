import { aiSurfaces, type ChatType, type ResearchAnalyst } from '@nivesh/proto';
import { asOf, formatNumber } from './format';
import type { Grounding } from './grounding';

/** Sent with every greeting and answer: what Warren AI is and is not. */
export const COMPLIANCE_NOTE =
  'Warren AI gives educational information only, not investment advice: it is not a SEBI-registered investment adviser or research analyst.';

/** Sent with every answer, shown beneath it. */
export const DISCLAIMER =
  'Figures describe past market data and say nothing certain about future returns; this is not investment advice, so please consult a SEBI-registered investment adviser before you invest.';

/** The promise every greeting ends with. */
export const NO_CALLS = 'I explain; I don’t give buy or sell calls or price targets.';

/** The built-in engine's answer to a request for a call, a target or a pick that reached it. */
export const ADVICE_REFUSAL =
  'I can’t tell you whether to buy, sell or hold a stock, predict its price or pick stocks for you: only SEBI-registered investment advisers and research analysts may give that advice, and nobody can predict prices reliably.';

/** Example questions offered when a question was not understood, per chat type (`{T}` is the ticker). */
const EXAMPLES: Record<ChatType, readonly string[]> = {
  technical: ['What does {T}’s RSI say right now?', 'How volatile has {T} been over the past year?', 'How do I check whether an adviser is SEBI-registered?'],
  sentiment: ['How is the market sentiment right now?', 'What is market breadth and what does it show today?', 'What is a SIP and how does it work?'],
};

/** What Warren AI can explain, per chat type, as bullets. */
const CAPABILITIES: Record<ChatType, readonly string[]> = {
  technical: [
    '{T}’s indicators: RSI, MACD, moving averages, Bollinger Bands, ADX and the stochastic oscillator',
    'its trend summary, support and resistance levels, volume and the latest price',
    'its volatility, drawdown, beta, value at risk and unusual-trading flags',
    'TrendVision’s back-tested accuracy, and ideas such as P/E, SIPs, diversification or checking a SEBI registration',
  ],
  sentiment: [
    'Nivesh’s market mood index and its four parts: breadth, momentum, volatility and 52-week highs against lows',
    'how the mood has changed over the past month and year',
    'ideas such as diversification, SIPs, compounding, P/E or how an index works',
    'how to spot investment fraud and check a SEBI registration',
  ],
};

const withTicker = (text: string, ticker: string | null) => text.replace(/\{T\}/g, ticker ?? 'the stock');

/** The example questions of a chat, as bullets. */
export const exampleQuestions = (chatType: ChatType, ticker: string | null, count = 3): string =>
  EXAMPLES[chatType]
    .slice(0, count)
    .map((question) => `- ${withTicker(question, ticker)}`)
    .join('\n');

/** What a chat can explain, as bullets. */
export const capabilities = (chatType: ChatType, ticker: string | null): string =>
  CAPABILITIES[chatType].map((line) => `- ${withTicker(line, ticker)}`).join('\n');

/** What has been measured of Warren AI, as /about and the compliance answer state it. */
const WARREN_MEASURED = aiSurfaces().find((surface) => surface.surface === 'warren')!.measured;

/**
 * Under the `registered` compliance profile: whose deployment this is, and what of the chat is automated, as SEBI's
 * January 2025 circulars ask of a research analyst who uses AI.
 */
export const registeredNote = ({ name, registration_number, valid_until }: ResearchAnalyst): string =>
  `This copy of Nivesh is run by ${name}, a SEBI-registered research analyst (registration ${registration_number}, valid until ${asDay(valid_until)}). ` +
  'My answers are written automatically from Nivesh’s figures and its guides, without a person reading them first, and they stay educational. ' +
  WARREN_MEASURED;

const asDay = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The start message: who Warren AI is, what it can explain in this chat, and that it gives no calls. */
export const greeting = (grounding: Grounding, analyst: ResearchAnalyst | null = null): string => {
  const registered = analyst ? [registeredNote(analyst)] : [];
  if (grounding.chatType === 'technical' && grounding.ticker) {
    const ticker = grounding.ticker;
    const name = grounding.company ? `${ticker} (${grounding.company})` : ticker;
    const date = grounding.indicators?.as_of ?? grounding.quote?.as_of ?? grounding.summary?.as_of;
    const dated = date ? ` Nivesh’s prices for ${ticker} are end-of-day, ${asOf(date)}.` : '';
    return [
      `Hi, I’m Warren AI, Nivesh’s educational assistant. This chat is about ${name}.${dated}`,
      `Ask me what ${ticker}’s indicators say (RSI, MACD, moving averages, Bollinger Bands), where its support and resistance levels are, how volatile it has been, or how TrendVision’s forecasts have fared. I can also explain ideas such as P/E, SIPs or how to check a SEBI registration.`,
      ...registered,
      NO_CALLS,
    ].join('\n\n');
  }
  const sentiment = grounding.sentiment;
  const reading = sentiment ? ` It read **${formatNumber(sentiment.score, 1)} (${sentiment.label})** ${asOf(sentiment.as_of)}.` : '';
  return [
    `Hi, I’m Warren AI, Nivesh’s educational assistant. This chat is about the mood of the Indian stock market, measured by Nivesh’s market sentiment index from 0 (fear) to 100 (greed).${reading}`,
    'Ask me what the index says, what drives it (breadth, momentum, volatility, 52-week highs against lows) or general questions such as what a SIP is or how to spot investment fraud.',
    ...registered,
    NO_CALLS,
  ].join('\n\n');
};
