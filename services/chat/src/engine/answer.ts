import type { ChatType } from '@nivesh/proto';
import type { Article } from '../knowledge/article-parser';
import type { Found, KnowledgeBase } from '../knowledge/knowledge-base';
import { condense, leadSentences } from './excerpt';
import { wordCount } from './format';
import type { Grounding, Turn } from './grounding';
import { normalise } from './normalise';
import { section } from './sections';
import { ADVICE_REFUSAL, capabilities, exampleQuestions } from './texts';
import { type NamedStock, otherTicker, withoutStocks } from './tickers';
import { namedSymbols } from './stock-names';
import { detectTopics, type Topic, topicArticle, topicArticles, topicName } from './topics';

/**
 * A question with what the built-in engine answers it from: the chat's grounding and, when the question names another
 * stock, that stock's (`other`: null when it could not be fetched, absent when none was asked for).
 */
export type AnswerInput = { question: string; grounding: Grounding; history: readonly Turn[]; knowledge: KnowledgeBase; other?: Grounding | null };

/** A topic offered as a button: its guide's id and title, and the question a tap asks. */
export type Suggestion = { id: string; title: string; question: string };

/**
 * An answer in the chat's Markdown subset, and what it drew on: the grounding parts whose figures it cites
 * (`indicators`, `summary`, `quote`, `risk`, `insights`, `sentiment`, `forecast`) and the articles it explains from
 * (`knowledge:<id>`). `abstained` when no guide answers the question, with the nearest topics as `suggestions`.
 */
export type Answer = { text: string; sources: string[]; abstained?: boolean; suggestions?: Suggestion[] };

/** The one sentence Warren AI says when no guide answers a question. */
export const NO_GUIDE = 'I don’t have a guide on that yet.';

/** True when an answer (a language model's too) is the no-guide sentence, whichever apostrophe it was typed with. */
export const saysNoGuide = (text: string): boolean => /^I don[’']t have a guide on that yet\b/.test(text.trim());

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

/** The stock a question names other than the chat's own, if any: a word some guide uses ("ASBA") is not one. */
export const otherStock = (question: string, grounding: Grounding, knowledge: KnowledgeBase): NamedStock | null =>
  otherTicker(question, grounding.chatType === 'technical' ? grounding.ticker : null, (word) => knowledge.knows(word));

/** What the knowledge base holds for a question: the company it names does not steer which guide answers. */
export const find = (knowledge: KnowledgeBase, question: string, chatType: ChatType): Found =>
  knowledge.retrieve(withoutStocks(question, (word) => knowledge.knows(word)), { chatType });

const articleById = (knowledge: KnowledgeBase, id: string): Article | undefined => knowledge.article(id);

const cite = (title: string) => `Source: Warren AI’s guide “${title}”.`;

const join = (...parts: Array<string | null | undefined | false>) => parts.filter(Boolean).join('\n\n');

const unique = (values: readonly string[]) => [...new Set(values)];

/** Figures on one or two topics from the grounding, each with its date, and a short explanation from the knowledge base. */
const dataAnswer = (topics: readonly Topic[], { question, grounding, knowledge }: AnswerInput, asked: string | null = null): Answer => {
  let sections = topics.slice(0, MAX_TOPICS).map((topic) => ({ topic, ...section(topic, grounding, question) }));
  // Two long sections would make too long an answer: the second is offered as the next question instead.
  const later = wordCount(sections.map((part) => part.text).join(' ')) > MAX_WORDS - 20 ? sections.slice(1) : [];
  sections = sections.slice(0, sections.length - later.length);
  const sources: string[] = sections.flatMap((part) => part.sources);
  const parts: string[] = [];
  for (const part of sections) {
    parts.push(part.text);
    // The guide the question asked about, when it explains this topic's figures; else the guide of the aspect the
    // question names ("VWAP"), or the topic's own.
    const explains = asked !== null && topicArticles(part.topic).includes(asked) ? asked : null;
    const article = articleById(knowledge, part.article ?? explains ?? topicArticle(part.topic, question));
    // The price explains itself, unless the question asked about the idea behind it ("what are adjusted prices?").
    if (!article || (part.available && NO_LEAD.has(part.topic) && article.id !== asked)) continue;
    const used = wordCount(parts.join(' '));
    // Without figures the explanation is the answer; with them it is a brief note, when there is room.
    const room = part.available ? Math.min(LEAD_WORDS, MAX_WORDS - used - 12) : Math.min(ARTICLE_WORDS, MAX_WORDS - used - 12);
    const explanation = room < 20 ? null : part.available ? leadSentences(article.body, room) : condense(article.body, room);
    if (!explanation || wordCount(explanation) > room + 15) {
      // No room to explain beside long figures: the guide the question asked about is still named, for the idea.
      if (article.id === asked) {
        parts.push(`Warren AI’s guide “${article.title}” explains the idea; ask me about it to read more.`);
        sources.push(`knowledge:${article.id}`);
      }
      continue;
    }
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

/** The article a question is about: the retrieved one when it is sure, else its topic's. */
const conceptFor = (question: string, topics: readonly Topic[], { grounding, knowledge }: AnswerInput, found = find(knowledge, question, grounding.chatType)): Article | null => {
  if (found.confident) return found.matches[0]!.article;
  return (topics.length ? articleById(knowledge, topicArticle(topics[0]!, question)) : undefined) ?? null;
};

/**
 * A question about another stock's figures: that stock's, dated, when they could be fetched (in a technical or a
 * market chat alike); else a sentence saying they could not be, and the concept.
 */
const otherStockAnswer = (symbol: string, topics: readonly Topic[], input: AnswerInput, found: Found): Answer => {
  const asked = found.matches[0]?.article.id ?? null;
  const { other, question } = input;
  if (other?.quote) {
    const figures = dataAnswer(topics, { ...input, grounding: other }, asked);
    const name = other.company ? `${other.company} (${symbol})` : symbol;
    return { text: join(`Here are the figures for **${name}**, which you asked about:`, figures.text), sources: figures.sources };
  }
  const missing = `I couldn’t get ${symbol}’s figures just now: Nivesh may not cover that symbol, or its market data is out of reach for the moment.`;
  const concept = conceptFor(question, topics, input, found);
  if (!concept) return { text: join(missing, `You could ask again in a minute, or ask me about the ideas behind such figures.`), sources: [] };
  const lead = topics.length ? `Here is the idea behind ${topicName(topics[0]!)}, in general:` : 'Here is the idea in general:';
  const explanation = explain(concept, ARTICLE_WORDS - 20);
  return { text: join(missing, lead, explanation.text), sources: explanation.sources };
};

/** A topic only the other chat type has figures for: where to find them, and the concept. */
const elsewhereAnswer = (topics: readonly Topic[], input: AnswerInput, found: Found): Answer => {
  const { grounding } = input;
  const name = topicName(topics[0]!);
  const here =
    grounding.chatType === 'technical'
      ? `${name.charAt(0).toUpperCase()}${name.slice(1)} describes the whole market, so its figures are in the market sentiment chat (on the Market Sentiment page); this chat is about **${grounding.ticker ?? 'one stock'}**.`
      : `This chat is about the mood of the whole market, so it has no figures for single stocks; a technical chat on the Technical Analysis page shows a stock’s ${name.replace(/^the /, '')}.`;
  const concept = conceptFor(input.question, topics, input, found);
  if (!concept) return { text: here, sources: [] };
  const explanation = explain(concept, ARTICLE_WORDS - 15);
  return { text: join(here, `Here is the idea behind ${name}:`, explanation.text), sources: explanation.sources };
};

/** A question the knowledge base answers: its article condensed, and the next one named when it is close. */
const knowledgeAnswer = ({ grounding }: AnswerInput, found: Found): Answer | null => {
  if (!found.confident) return null;
  const [best, second] = found.matches;
  const noData =
    grounding.chatType === 'technical' && grounding.ticker && FUNDAMENTALS.has(best!.article.id)
      ? `Nivesh’s data for ${grounding.ticker} covers prices, indicators and risk, not company financials, so I can’t give its figure here.`
      : null;
  const body = explain(best!.article, ARTICLE_WORDS, noData);
  const related = second && second.probability >= best!.probability * 0.6 ? `You can also ask me about “${second.article.title}”.` : null;
  return { text: join(body.text, related), sources: body.sources };
};

// A request for a call, a target, a pick or a promise. The input guard stops these before any engine sees them; this
// keeps the engine's answer on point if one gets through.
const ADVICE = new RegExp(
  [
    String.raw`\b(should|shall|must) (i|we) (still |now |just |also |not |be |then )?(buy|sell|hold|invest|exit|book|enter|accumulate|short|buying|selling|holding|exiting)\b`,
    String.raw`\b(target|target price|price target|price objective) (of|for) (?!(a|an|the|any|stocks?|shares?|analysts?)\b)\w+`,
    // "Will the money reach my account?" asks about settlement, not a price.
    String.raw`\b(will|going to|gonna) (?!(the |my )?(money|funds?|amount|refund|shares? (show|arrive|appear)))(\w+ ){0,3}(go up|go down|rise|fall|double|triple|reach|cross|hit|crash|rally|multiply)\b`,
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

/** A topic as a button: its guide's title, and a phrasing that surely finds it as what a tap asks. */
const suggestion = (knowledge: KnowledgeBase, article: Article): Suggestion => ({ id: article.id, title: article.title, question: knowledge.askableQuestion(article) });

/**
 * No guide answers the question: one sentence saying so, and the three nearest topics as buttons; when nothing is
 * near at all, what this chat can explain.
 */
/** The three topics nearest a question that no guide answers, as buttons. */
export const nearestTopics = (knowledge: KnowledgeBase, found: Found): Suggestion[] => found.matches.slice(0, 3).map(({ article }) => suggestion(knowledge, article));

const abstain = ({ grounding, knowledge }: AnswerInput, found: Found): Answer => {
  const suggestions = nearestTopics(knowledge, found);
  if (!suggestions.length) {
    return {
      text: join(NO_GUIDE, 'Here is what I can explain in this chat:', capabilities(grounding.chatType, grounding.ticker), `For example, you could ask:\n${exampleQuestions(grounding.chatType, grounding.ticker)}`),
      sources: [],
      abstained: true,
      suggestions: [],
    };
  }
  return { text: `${NO_GUIDE} These are the nearest topics I do have guides on.`, sources: [], abstained: true, suggestions };
};

/**
 * Warren AI's built-in answer: pure and synchronous. A question about this chat's data gets the product's figures,
 * each with its date, what they commonly mean and a short explanation from the knowledge base; a question about
 * another stock gets the concept and a pointer; a general question gets its knowledge-base article, condensed; a
 * follow-up ("what does that mean?") the earlier question's concept; a request for advice why there is none; anything
 * else what can be asked. Answers never call a trade, set a target or promise returns, and quoted articles keep only
 * sentences the output rail passes.
 */
export const answer = (input: AnswerInput): Answer => {
  const { question, grounding, knowledge } = input;
  if (ADVICE.test(normalise(question))) return adviceAnswer(input);
  const found = find(knowledge, question, grounding.chatType);
  // The guide nearest the question, sure or not: beside figures, it is the one explained when it is about them.
  const asked = found.matches[0]?.article.id ?? null;
  const other = otherStock(question, grounding, knowledge);
  // "If I place a limit order below the current price, what happens?" uses a price as an example, not to ask for it.
  const hypothetical = HYPOTHETICAL.test(normalise(question));
  if (other) {
    // Another stock's figures, in any chat, when the question asks for them rather than using the stock as an example.
    const topics = relevantTopics(detectTopics(question, 'technical').own, found, !hypothetical);
    if (topics.length) return otherStockAnswer(other.symbol, topics, input, found);
  }
  const detected = detectTopics(question, grounding.chatType);
  const tied = !hypothetical && tiedToChat(question, grounding, other !== null);
  // "The current price" in a question that names another stock is that stock's, not this chat's.
  const topics = !other && !hypothetical && surelyThisStock(question, grounding) ? detected : { own: relevantTopics(detected.own, found, tied), elsewhere: relevantTopics(detected.elsewhere, found, tied) };
  if (topics.own.length) return dataAnswer(topics.own, input, asked);
  if (topics.elsewhere.length) return elsewhereAnswer(topics.elsewhere, input, found);
  return smallTalk(question, input) ?? knowledgeAnswer(input, found) ?? followUp(input) ?? abstain(input, found);
};

// Words that tie a question to the chat's own stock or market ("is it overbought", "how is the market today").
const ABOUT_THIS = /\b(it|its|it s|here|this stock|the stock|this share|the share|the price|the trend|overall|this company|today|now|right now|currently|current|latest|recent|recently|abhi|aaj|iska|iski|iske|yeh stock|ye stock)\b/;
// Words that can only mean the chat's own stock: its figures are asked for, whatever the guides say. Not "the price"
// ("what happens to a margin call if the price falls?"), nor "is it risky to …", which is a way of speaking, nor "the
// stock market".
const SURELY_THIS = /\b(this stock|the stock(?! (market|markets|exchange|exchanges|broker|brokers))|this share|this company|current price|overall trend|(is|has|was) it (\w+ )?(risky|volatile|overbought|oversold|trending|doing|done|performing|performed|moving|moved)(?! to \w)|(risky|volatile|overbought|oversold) (is|has|was) it|iska|iski|iske|yeh stock|ye stock)\b/;
// A what-if that asks what happens: its prices and stocks are examples ("if I place a limit order below the current
// price, what happens to it?").
const HYPOTHETICAL = /^(if|agar|suppose|say)\b.*\b(what happens|what will happen|what would happen|what happened|kya hoga|kya hota)\b/;
// In a market chat, the market itself.
const ABOUT_MARKET = /\b(market|markets|stocks|nifty|sentiment|mood|bazaar)\b/;

/** True when a question can only be about a technical chat's own stock: it names it, or says "its" or "the stock". */
const surelyThisStock = (question: string, grounding: Grounding): boolean => {
  if (grounding.chatType !== 'technical' || !grounding.ticker) return false;
  const text = normalise(question);
  return SURELY_THIS.test(text) || namedSymbols(question).includes(grounding.ticker) || text.split(' ').includes(grounding.ticker.toLowerCase());
};

/**
 * True when a question is about the chat's own stock (by name or "it") or the market (right now). When it names another
 * stock, "it" and "now" are that stock's: only the chat's own name ties it to the chat.
 */
const tiedToChat = (question: string, grounding: Grounding, namesOther = false): boolean => {
  const text = normalise(question);
  if (!namesOther && (ABOUT_THIS.test(text) || (grounding.chatType === 'sentiment' && ABOUT_MARKET.test(text)))) return true;
  return grounding.ticker !== null && (namedSymbols(question).includes(grounding.ticker) || text.split(' ').includes(grounding.ticker.toLowerCase()));
};

/**
 * The topics whose figures a question asks for. Topic words are weak evidence on their own ("risk" in "how do I compare
 * two funds' returns for the risk each took?"): when the retrieval is sure of a guide, a topic stays only if that guide
 * explains it; when it is not, if one of the nearest guides does, or the question is tied to a stock or the market.
 */
const relevantTopics = (topics: readonly Topic[], found: Found, tied: boolean): Topic[] => {
  if (found.confident) return topics.filter((topic) => topicArticles(topic).includes(found.matches[0]!.article.id));
  const near = new Set(found.matches.map((match) => match.article.id));
  return topics.filter((topic) => tied || topicArticles(topic).some((id) => near.has(id)));
};
