import type { ChatType } from '@nivesh/proto';

/** The longest question the chat accepts: proto's `USER_QUERY_MAX_LENGTH` (texts.test.ts checks they agree). */
export const USER_QUERY_MAX_LENGTH = 2_000;

/** From this many characters on, the input shows how many of the 2,000 are used. */
export const COUNTER_FROM_LENGTH = 1_800;

/** A notice the chat shows as a system message: a title and a sentence. */
export type ChatNotice = { title: string; content: string };

/** Section 8: why a chat could not start, titles verbatim. */
export const START_ERRORS = {
  configuring: {
    title: 'AI Chat Service Configuration Required',
    content: 'Warren AI chat is being configured. Please try again later.',
  },
  serverError: {
    title: 'Chat Service Temporarily Unavailable',
    content: 'The chat service is temporarily unavailable. Please try again in a few minutes.',
  },
  notFound: {
    title: 'Service Not Found',
    content: 'The chat service could not be found. Please try again later.',
  },
  connection: {
    title: 'Connection Error',
    content: 'The chat service could not be reached. Please check your internet connection and try again.',
  },
  unavailable: {
    title: 'AI Chat Service Unavailable',
    content: 'Warren AI chat is unavailable right now. Please try again later.',
  },
} as const satisfies Record<string, ChatNotice>;

/** Section 8: why a question got no answer; 503 and 500 are system notices, anything else an error message. */
export const QUERY_ERRORS = {
  unavailable: {
    title: 'AI Service Unavailable',
    content: 'Warren AI cannot answer right now. Please try again in a little while.',
  },
  serverError: {
    title: 'Service Temporarily Unavailable',
    content: 'Something went wrong while answering. Please try again in a few minutes.',
  },
  generic: 'Sorry, I encountered an error. Please try again.',
} as const;

/** The chat's other words, in one place; the ones section 8 quotes are verbatim. */
export const CHAT_TEXTS = {
  thinking: 'Thinking...',
  starting: 'Starting the chat...',
  blockTitle: 'SEBI Compliance Block',
  tryInstead: 'Try this instead:',
  nearestTopics: 'Topics I have guides on',
  offline: 'Answers come from Warren AI’s built-in educational engine.',
  inputLabel: 'Ask Warren AI',
  placeholder: 'Ask a question',
  inputHint: 'Enter sends; Shift+Enter starts a new line.',
  send: 'Send',
  retry: 'Try again',
  messagesLabel: 'Chat messages',
  conversationLabel: 'Conversation',
  suggestionsLabel: 'Suggested questions',
  expired: {
    title: 'New chat started',
    content: 'Your earlier chat had expired, so Warren AI started a new one. It does not remember the earlier messages.',
  },
  pageTitle: 'Warren AI Chat',
  pageLead:
    'Warren AI explains indicators, market sentiment and risk with Nivesh’s own end-of-day data. It teaches; it never gives price targets or buy, sell or hold calls.',
  pageDescription:
    'Warren AI, Nivesh’s educational chat assistant: ask about RSI, MACD, market sentiment and risk for NSE stocks. No price targets or buy/sell calls.',
  typeLabel: 'Chat about',
} as const satisfies Record<string, unknown>;

/** The two chat types as the /chat page offers them, and as the floating window's subtitle names them (with the stock). */
export const CHAT_TYPE_NAMES: Record<ChatType, { option: string; subtitle: string }> = {
  sentiment: { option: 'Market sentiment', subtitle: 'Market sentiment chat' },
  technical: { option: 'Technical analysis', subtitle: 'Technical analysis' },
};

/** The message counter near the limit, e.g. '1,950 / 2,000 characters'. */
export const characterCount = (length: number): string =>
  `${length.toLocaleString('en-IN')} / ${USER_QUERY_MAX_LENGTH.toLocaleString('en-IN')} characters`;

/** The question sent for the visitor when a chat is ready and empty (section 4), by chat type. */
export const openingQuestion = (type: ChatType, ticker: string | null): string =>
  type === 'technical' && ticker ? `What do ${ticker}'s indicators show right now?` : 'How is the market sentiment today?';

/**
 * Six educational questions per chat type (section 9), two shown at a time; the technical ones name the stock
 * of the chat.
 */
export const suggestedPrompts = (type: ChatType, ticker: string | null): readonly string[] => {
  if (type === 'technical') {
    const stock = ticker ?? 'this stock';
    return [
      `What does RSI measure, and where is ${stock}'s RSI now?`,
      'How do I read a MACD crossover?',
      `What do ${stock}'s support and resistance levels mean?`,
      'What is the difference between the 50-day and 200-day moving averages?',
      `How volatile has ${stock} been compared with the NIFTY 50?`,
      'What are the limits of technical indicators?',
    ];
  }
  return [
    'What goes into the market sentiment index?',
    'What does market breadth tell me?',
    'Which sectors moved most on the last trading day?',
    'What does a fearful sentiment reading mean?',
    'How can I tell a market-wide fall from one stock’s fall?',
    'Why does diversifying across sectors reduce risk?',
  ];
};

/** How many suggested prompts are shown at a time. */
export const PROMPTS_SHOWN = 2;

/**
 * The prompts shown after `uses` of them were asked: the six rotate in pairs (1–2, 3–4, 5–6, then 1–2 again),
 * so each use brings two new ones.
 */
export const shownPrompts = (prompts: readonly string[], uses: number): string[] => {
  if (prompts.length <= PROMPTS_SHOWN) return [...prompts];
  const pairs = Math.ceil(prompts.length / PROMPTS_SHOWN);
  const start = (uses % pairs) * PROMPTS_SHOWN;
  return prompts.slice(start, start + PROMPTS_SHOWN);
};
