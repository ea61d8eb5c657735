import type { ChatType } from '@nivesh/proto';
import type { Article } from '../knowledge/article-parser';
import type { KnowledgeBase, Passage } from '../knowledge/knowledge-base';
import { condense, leadSentences } from './excerpt';
import { wordCount } from './format';
import type { Grounding, Turn } from './grounding';
import { normalise } from './normalise';
import { section } from './sections';
import { ADVICE_REFUSAL, capabilities, exampleQuestions } from './texts';
import { otherTicker } from './tickers';
import { detectTopics, type Topic, topicArticle, topicName } from './topics';

/** A question with what the built-in engine answers it from. */
export type AnswerInput = { question: string; grounding: Grounding; history: readonly Turn[]; knowledge: KnowledgeBase };

/**
 * An answer in the chat's Markdown subset, and what it drew on: the grounding parts whose figures it cites
 * (`indicators`, `summary`, `quote`, `risk`, `insights`, `sentiment`, `forecast`) and the articles it explains from
 * (`knowledge:<id>`).
 */
export type Answer = { text: string; sources: string[] };

/** Answers stay short enough to read in the chat widget. */
export const MAX_WORDS = 180;
/** An answer explaining from the knowledge base alone condenses its article to about this many words. */
const ARTICLE_WORDS = 120;
/** Beside the product's numbers, the article adds a sentence or two. */
const LEAD_WORDS = 45;
/** At most this many topics are answered from data in one reply. */
const MAX_TOPICS = 2;
/** Figures come with a sentence or two from their topic's article, except the price's, which explain themselves. */
const NO_LEAD = new Set<Topic>(['quote']);

/** Articles about company financials, which Nivesh's market data does not include. */
const FUNDAMENTALS = new Set(['pe-ratio', 'pb-ratio', 'eps', 'roe', 'debt-to-equity', 'dividend-yield', 'book-value', 'valuation-ratios-limits']);

// Knowledge-base matches from both chat types: "what is RSI" in a sentiment chat is still worth explaining.
const searchBoth = (knowledge: KnowledgeBase, query: string, chatType: ChatType, limit: number): Passage[] => {
  const own = knowledge.search(query, { limit, chatType });
  return own.length ? own : knowledge.search(query, { limit });
};

const articleCache = new WeakMap<KnowledgeBase, Map<string, Article>>();
const articleById = (knowledge: KnowledgeBase, id: string): Article | undefined => {
  let byId = articleCache.get(knowledge);
  if (!byId) {
    byId = new Map(knowledge.articles().map((article) => [article.id, article]));
    articleCache.set(knowledge, byId);
  }
  return byId.get(id);
};

const cite = (title: string) => `Source: Warren AI’s guide “${title}”.`;

const join = (...parts: Array<string | null | undefined | false>) => parts.filter(Boolean).join('\n\n');

const unique = (values: readonly string[]) => [...new Set(values)];

/** Figures on one or two topics from the grounding, each with its date, and a short explanation from the knowledge base. */
const dataAnswer = (topics: readonly Topic[], { question, grounding, knowledge }: AnswerInput): Answer => {
  let sections = topics.slice(0, MAX_TOPICS).map((topic) => ({ topic, ...section(topic, grounding, question) }));
  // Two long sections would make too long an answer: the second is offered as the next question instead.
  const later = wordCount(sections.map((part) => part.text).join(' ')) > MAX_WORDS - 20 ? sections.slice(1) : [];
  sections = sections.slice(0, sections.length - later.length);
  const sources: string[] = sections.flatMap((part) => part.sources);
  const parts: string[] = [];
  for (const part of sections) {
    parts.push(part.text);
    const article = articleById(knowledge, part.article ?? topicArticle(part.topic, question));
    if (!article || (part.available && NO_LEAD.has(part.topic))) continue;
    const used = wordCount(parts.join(' '));
    // Without figures the explanation is the answer; with them it is a brief note, when there is room.
    const room = part.available ? Math.min(LEAD_WORDS, MAX_WORDS - used - 12) : Math.min(ARTICLE_WORDS, MAX_WORDS - used - 12);
    if (room < 20) continue;
    const explanation = part.available ? leadSentences(article.body, room) : condense(article.body, room);
    if (!explanation || wordCount(explanation) > room + 15) continue;
    parts.push(part.available ? `${explanation} (${cite(article.title).replace(/\.$/, '')})` : `${explanation}\n\n${cite(article.title)}`);
    sources.push(`knowledge:${article.id}`);
  }
  if (later.length) parts.push(`Ask me about ${topicName(later[0]!.topic)} next, and I’ll show those figures too.`);
  return { text: join(...parts), sources: unique(sources) };
};

/** The explanation of a concept from its knowledge-base article, condensed, with a note before the title it cites. */
const explain = (article: Pick<Article, 'id' | 'title' | 'body'>, words: number, note?: string | null): Answer => ({
  text: join(condense(article.body, words), note, cite(article.title)),
  sources: [`knowledge:${article.id}`],
});

/** The article a question is about: its topic's, else the best search hit. */
const conceptFor = (question: string, topics: readonly Topic[], { grounding, knowledge }: AnswerInput): Pick<Article, 'id' | 'title' | 'body'> | null => {
  const byTopic = topics.length ? articleById(knowledge, topicArticle(topics[0]!, question)) : undefined;
  if (byTopic) return byTopic;
  const hit = searchBoth(knowledge, question, grounding.chatType, 1)[0];
  return hit ? { id: hit.id, title: hit.title, body: hit.text } : null;
};

/** A question about another stock: the concept, and which stock (or market) this chat is about. */
const otherTickerAnswer = (symbol: string, topics: readonly Topic[], input: AnswerInput): Answer => {
  const { grounding, question } = input;
  const here =
    grounding.chatType === 'technical' && grounding.ticker
      ? `This chat is about **${grounding.ticker}**, so I can’t show ${symbol}’s figures here; a technical chat for ${symbol}, started on the Technical Analysis page, has them.`
      : `This chat is about the mood of the whole market, so I can’t show ${symbol}’s figures here; a technical chat for ${symbol}, started on the Technical Analysis page, has them.`;
  const concept = conceptFor(question, topics, input);
  if (!concept) {
    return { text: join(here, `I can explain the ideas behind such figures, for example:\n${exampleQuestions(grounding.chatType, grounding.ticker)}`), sources: [] };
  }
  const lead = topics.length ? `Here is the idea behind ${topicName(topics[0]!)}, in general:` : 'Here is the idea in general:';
  const explanation = explain(concept, ARTICLE_WORDS - 20);
  return { text: join(here, lead, explanation.text), sources: explanation.sources };
};

/** A topic only the other chat type has figures for: where to find them, and the concept. */
const elsewhereAnswer = (topics: readonly Topic[], input: AnswerInput): Answer => {
  const { grounding } = input;
  const name = topicName(topics[0]!);
  const here =
    grounding.chatType === 'technical'
      ? `${name.charAt(0).toUpperCase()}${name.slice(1)} describes the whole market, so its figures are in the market sentiment chat (on the Market Sentiment page); this chat is about **${grounding.ticker ?? 'one stock'}**.`
      : `This chat is about the mood of the whole market, so it has no figures for single stocks; a technical chat on the Technical Analysis page shows a stock’s ${name.replace(/^the /, '')}.`;
  const concept = conceptFor(input.question, topics, input);
  if (!concept) return { text: here, sources: [] };
  const explanation = explain(concept, ARTICLE_WORDS - 15);
  return { text: join(here, `Here is the idea behind ${name}:`, explanation.text), sources: explanation.sources };
};

/** A question the knowledge base answers: its best article condensed, and the next one named when it is close. */
const knowledgeAnswer = ({ question, grounding, knowledge }: AnswerInput): Answer | null => {
  const hits = searchBoth(knowledge, question, grounding.chatType, 2);
  const best = hits[0];
  if (!best) return null;
  const noData =
    grounding.chatType === 'technical' && grounding.ticker && FUNDAMENTALS.has(best.id)
      ? `Nivesh’s data for ${grounding.ticker} covers prices, indicators and risk, not company financials, so I can’t give its figure here.`
      : null;
  const body = explain({ id: best.id, title: best.title, body: best.text }, ARTICLE_WORDS, noData);
  const second = hits[1];
  const related = second && second.score >= best.score * 0.6 ? `You can also ask me about “${second.title}”.` : null;
  return { text: join(body.text, related), sources: body.sources };
};

// An unknown upper-case word counts as a stock only in a question about a stock; "what is CRISIL?" is a concept.
const STOCK_WORDS = /\b(stocks?|shares?|company|companies|scrip|ticker|symbol|counter)\b/;

// A request for a call, a target, a pick or a promise. The input guard stops these before any engine sees them; this
// keeps the engine's answer on point if one gets through.
const ADVICE = new RegExp(
  [
    String.raw`\b(should|shall|must) (i|we) (still |now |just |also |not |be |then )?(buy|sell|hold|invest|exit|book|enter|accumulate|short|buying|selling|holding|exiting)\b`,
    String.raw`\b(target|target price|price target|price objective) (of|for) (?!(a|an|the|any|stocks?|shares?|analysts?)\b)\w+`,
    String.raw`\b(will|going to|gonna) (\w+ ){0,3}(go up|go down|rise|fall|double|triple|reach|cross|hit|crash|rally|multiply)\b`,
    String.raw`\b(give|suggest|recommend|send|tell) (me |us )?(a |an |some |any |your |the best |good |best )?(stock |share |intraday |trading |hot )?(tips?|picks?|calls?|stocks?|shares?)\b`,
    String.raw`\b(which|what|kaunsa|kaunse|konsa|kon sa) (\w+ )?(stocks?|shares?) (to|should|will|would|lu|lun|loon|lena|le)\b`,
    String.raw`\b(kaunsa|kaunse|konsa|kon sa) (share|stock)s?\b`,
    String.raw`\b(lelu|le lu|lu|lun|kharidu|kharidun|bechu|bechun)\b`,
    String.raw`\b(guarantee|promise|assure) (me|us)\b`,
  ].join('|'),
);

/** A request for advice: why Warren AI does not give it, and what it can explain instead. */
const adviceAnswer = ({ grounding, knowledge }: AnswerInput): Answer => {
  const article = articleById(knowledge, 'why-no-buy-sell-calls');
  const instead = `What I can do is explain what the numbers show. For example, you could ask:\n${exampleQuestions(grounding.chatType, grounding.ticker)}`;
  if (!article) return { text: join(ADVICE_REFUSAL, instead), sources: [] };
  return { text: join(ADVICE_REFUSAL, instead, cite(article.title)), sources: [`knowledge:${article.id}`] };
};

const SMALL_TALK = /^(hi|hii+|hello|hey|hola|namaste|namaskar|good (morning|afternoon|evening)|thanks?|thank you|thanks a lot|thx|ty|ok|okay|great|cool|nice|bye|goodbye)( \w+)?$/;
const THANKS = /^(thanks?|thank you|thanks a lot|thx|ty|ok|okay|great|cool|nice|bye|goodbye)\b/;

/** Hello and thank you, answered in kind with what can be asked. */
const smallTalk = (question: string, { grounding }: AnswerInput): Answer | null => {
  const text = normalise(question);
  if (!SMALL_TALK.test(text)) return null;
  const lead = THANKS.test(text) ? 'You’re welcome. Ask me anything else whenever you like.' : 'Hello! I’m Warren AI, and I explain the market with Nivesh’s own data.';
  return { text: join(lead, `For example, you could ask:\n${exampleQuestions(grounding.chatType, grounding.ticker)}`), sources: [] };
};

const FOLLOW_UP = /\b(that|this|it|those|these|them|more|why|mean|means|meaning|explain|elaborate|detail|details|further|continue|go on|example)\b/;

/** "What does that mean?": the topics of the latest earlier question, explained from the knowledge base. */
const followUp = (input: AnswerInput): Answer | null => {
  const { question, grounding, history } = input;
  if (wordCount(question) > 8 || !FOLLOW_UP.test(normalise(question))) return null;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const turn = history[index]!;
    if (turn.role !== 'user') continue;
    const topics = detectTopics(turn.content, grounding.chatType);
    const all = [...topics.own, ...topics.elsewhere];
    const concept = conceptFor(turn.content, all, input);
    if (!concept) continue;
    const lead = all.length ? `More on ${topicName(all[0]!)}:` : `More on “${concept.title}”:`;
    const explanation = explain(concept, ARTICLE_WORDS + 20);
    return { text: join(lead, explanation.text), sources: explanation.sources };
  }
  return null;
};

/** Nothing matched: what this chat can explain, and example questions. */
const fallback = ({ grounding }: AnswerInput): Answer => ({
  text: join(
    'I’m not sure I understood that. Here is what I can explain in this chat:',
    capabilities(grounding.chatType, grounding.ticker),
    `For example, you could ask:\n${exampleQuestions(grounding.chatType, grounding.ticker)}`,
  ),
  sources: [],
});

/**
 * Warren AI's built-in answer: pure and synchronous. A question about this chat's data gets the product's figures,
 * each with its date, what they commonly mean and a short explanation from the knowledge base; a question about
 * another stock gets the concept and a pointer; a general question gets its knowledge-base article, condensed; a
 * follow-up ("what does that mean?") the earlier question's concept; a request for advice why there is none; anything
 * else what can be asked. Answers never call a trade, set a target or promise returns, and quoted articles keep only
 * sentences the output rail passes.
 */
export const answer = (input: AnswerInput): Answer => {
  const { question, grounding } = input;
  const ticker = grounding.chatType === 'technical' ? grounding.ticker : null;
  if (ADVICE.test(normalise(question))) return adviceAnswer(input);
  const topics = detectTopics(question, grounding.chatType);
  const other = otherTicker(question, ticker);
  if (other && (other.known || topics.own.length > 0 || topics.elsewhere.length > 0 || STOCK_WORDS.test(normalise(question)))) return otherTickerAnswer(other.symbol, [...topics.own, ...topics.elsewhere], input);
  if (topics.own.length) return dataAnswer(topics.own, input);
  if (topics.elsewhere.length) return elsewhereAnswer(topics.elsewhere, input);
  return smallTalk(question, input) ?? knowledgeAnswer(input) ?? followUp(input) ?? fallback(input);
};
