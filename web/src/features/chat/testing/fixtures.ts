/** Test answers of the chat routes, shaped as proto's contracts (the answer check runs on them in tests too). */
import type { ChatQueryResponse, ChatStartResponse } from '@nivesh/proto';
import type { FetchCall } from '../../../testing/fetch-mock';
import { json, notFound } from '../../../testing/fetch-mock';

export const COMPLIANCE_NOTE = 'Warren AI is educational only and does not give investment advice.';
export const DISCLAIMER = 'Not a recommendation to buy, sell or hold. Consult a SEBI-registered adviser before investing.';

export const SYMBOLS = [
  { symbol: 'RELIANCE', company: 'Reliance Industries Ltd.', industry: 'Oil Gas & Consumable Fuels', isin: 'INE002A01018', first_date: '2015-01-01', last_date: '2024-03-28' },
  { symbol: 'TCS', company: 'Tata Consultancy Services Ltd.', industry: 'Information Technology', isin: 'INE467B01029', first_date: '2015-01-01', last_date: '2024-03-28' },
  { symbol: 'INFY', company: 'Infosys Ltd.', industry: 'Information Technology', isin: 'INE009A01021', first_date: '2015-01-01', last_date: '2024-03-28' },
];

let contexts = 0;

/** The greeting of a chat about `ticker`, or of a market-sentiment chat. */
export const greetingOf = (ticker: string | null) =>
  ticker ? `Hello, I am Warren AI. Ask me what ${ticker}'s indicators mean.` : 'Hello, I am Warren AI. Ask me about the market’s mood.';

/** A started chat; each gets its own context id. */
export const startOf = (ticker: string | null, overrides: Partial<ChatStartResponse> = {}): ChatStartResponse => ({
  session_id: 'session-1',
  context_id: `context-${++contexts}`,
  chat_type: ticker ? 'technical' : 'sentiment',
  ticker,
  message: greetingOf(ticker),
  compliance_note: COMPLIANCE_NOTE,
  system_status: 'online',
  ...overrides,
});

/** An answer to `question`, citing its date. */
export const answerOf = (question: string, overrides: Partial<ChatQueryResponse> = {}): ChatQueryResponse => ({
  response: `You asked: ${question}\n\nRSI(14) is **54.2** as of 28 Mar 2024.`,
  timestamp: '2024-03-29T10:00:00.000Z',
  compliance_note: COMPLIANCE_NOTE,
  disclaimer: DISCLAIMER,
  blocked: false,
  block_reason: null,
  alternative_suggestion: null,
  suggested_topics: [],
  system_status: 'online',
  ...overrides,
});

export const BLOCKED = answerOf('', {
  response: 'I cannot tell you whether to buy a stock.',
  blocked: true,
  block_reason: 'Asking whether to buy a stock asks for investment advice, which only a SEBI-registered adviser may give.',
  alternative_suggestion: 'What do INFY’s RSI and MACD show right now?',
});

/** Warren AI has no guide on the question, and offers the three nearest it has. */
export const NO_GUIDE = answerOf('', {
  response: 'I don’t have a guide on that yet. These are the nearest topics I do have guides on.',
  suggested_topics: [
    { title: 'Bonds and how they work', question: 'What is a bond?' },
    { title: 'Bond prices and yields', question: 'Why do bond prices move when yields change?' },
    { title: 'Government securities', question: 'What are G-secs and T-bills?' },
  ],
});

type Handler = (call: FetchCall) => Response | Promise<Response>;

const tickerOf = (call: FetchCall): string | null =>
  call.url === '/chat/technical/start' ? ((call.body as { ticker?: string } | undefined)?.ticker ?? 'RELIANCE') : null;

/** The question of a query call. */
export const questionOf = (call: FetchCall): string => (call.body as { user_query: string }).user_query;

/** A chat server: starts chats and answers questions (by default with `answerOf`), and the list of stocks. */
export const chatServer =
  ({ start, query }: { start?: Handler; query?: Handler } = {}) =>
  (call: FetchCall): Response | Promise<Response> => {
    if (call.url === '/api/market/symbols') return json(SYMBOLS);
    if (call.url === '/chat/sentiment/start' || call.url === '/chat/technical/start') return start ? start(call) : json(startOf(tickerOf(call)));
    if (call.url === '/chat/sentiment/query' || call.url === '/chat/technical/query') return query ? query(call) : json(answerOf(questionOf(call)));
    return notFound();
  };
