import MiniSearch from 'minisearch';
import SearchableMap from 'minisearch/SearchableMap';
import { LogisticRegression, type LogisticRegressionOptions, type LogisticWeights } from '../learning/logistic-regression';
import type { Article } from './article-parser';
import { indexTerm, normalise, tokenise } from './search-terms';
import { type WordVectors, wordVectors } from './word-vectors';

/**
 * Warren AI's retrieval: which article answers a question, and how sure it is.
 *
 * Two BM25 indexes (MiniSearch) find candidates: one over each article's title, aliases, topics and body, and one over
 * each of the questions the article says it answers. A learned re-ranker then scores every candidate from how much of
 * the question it covers, field by field (rare words counting for more, typos forgiven), how close its nearest
 * question is, and how it ranks in each index. The re-ranker is a logistic regression fitted to the articles' own
 * question phrasings, each left out of the index while it is the query, so it learns what a match to an unseen
 * question looks like. Meaning beyond shared words comes from word vectors (word-vectors.ts): how near the question's
 * idf-weighted mean vector is to each candidate's nearest phrasing. Its settings and the confidence below which Warren
 * AI says it has no guide were chosen by 5-fold cross-validation on a separate labelled set (scripts/eval-chat.mjs).
 */

/** A candidate article for a question, with the re-ranker's probability that it is the one asked about. */
export type Ranked = { id: string; probability: number };

/** What the retrieval found: candidates best first, the probability that the best is right, and whether that is enough. */
export type Retrieval = { ranked: Ranked[]; confidence: number; confident: boolean };

/** The fitted re-ranker and confidence model, and the confidence below which Warren AI says it has no guide. */
export type RetrievalModel = { ranker: LogisticWeights; confidence: LogisticWeights; threshold: number };

/**
 * The shipped model as `npm run eval:chat -- --write` writes it: the digest of its inputs, and what the cross-validation
 * measured in a technical chat (answers from the expected guide, and from a wrong one, of the labelled questions).
 */
export type GeneratedRetrievalModel = RetrievalModel & {
  fingerprint: string;
  relevance: { questions: number; asked: number; onTopic: number; wrongTopic: number };
};

/** A question labelled by hand with the articles that answer it (none: no article does). */
export type LabelledQuestion = { text: string; expected: readonly string[] };

/** How both models are fitted. */
export const FIT_OPTIONS: Partial<LogisticRegressionOptions> = { epochs: 8, rate: 0.02, l2: 1e-4, seed: 11, average: true };

/** How many candidates each index contributes before re-ranking. */
const CANDIDATES = 12;

type ArticleDoc = { id: string; title: string; aliases: string; topics: string; body: string };
type QuestionDoc = { id: string; article: string; text: string };

const ARTICLE_FIELDS = ['title', 'aliases', 'topics', 'body'] as const;
/** What part of an article a query word was found in: its head (title, aliases, topics), its questions or its body. */
type Part = 'head' | 'questions' | 'body';

/** Documents and queries alike: words folded, stop words dropped, stems kept. */
const TERMS = { tokenize: tokenise, processTerm: indexTerm };

/**
 * How many times each labelled question counts in training, against once for each of the guides' own phrasings: the
 * labelled questions are worded as people ask, the phrasings as the guides put it. Chosen by the cross-validation of
 * `npm run eval:chat` over four shuffles (1, 2 and 3 tried: 3 answered most on topic, and 2 and 3 both answered
 * fewer off topic than 1).
 */
const LABELLED_WEIGHT = 3;

/** How many edits a term may be from a word to match it: typos on longer words only, so "rsi" or "beta" do not drift. */
const typoReach = (term: string): number => (term.length >= 6 ? Math.round(term.length * 0.2) : 0);

const SEARCH = {
  ...TERMS,
  // Typos as `typoReach` allows, and prefixes from five letters.
  fuzzy: (term: string) => (term.length >= 6 ? 0.2 : false),
  prefix: (term: string) => term.length >= 5,
};

/** The index terms of a text, once each. */
export const queryTerms = (text: string): string[] => [...new Set(tokenise(text).map(indexTerm).filter((term): term is string => term !== null))];

/** Steps a value crosses, as binary features: a linear model over them fits any rising curve. */
const steps = (name: string, value: number, thresholds: readonly number[]): string[] => thresholds.filter((threshold) => value >= threshold).map((threshold) => `${name}>=${threshold}`);
const FRACTIONS = [0.2, 0.35, 0.5, 0.65, 0.8, 0.95];
/** Steps of the cosine between a question's meaning and a candidate's nearest phrasing. */
const SEMANTIC = [0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95];
/** Words that name the product rather than an idea: "how does Nivesh compute VaR?" wants its guide, "what is VaR?" the idea's. */
const NAMES_PRODUCT = /\b(nivesh|niveshs|warren|trendvision|website|site|platform|chatbot|here|this page|this screen|this tab|this chat)\b/;

/** A question for training: the articles that answer it (none: no article does), and what each candidate has going for it. */
type Example = { expected: readonly string[]; evidence: Map<string, Evidence> };

type Evidence = {
  coverage: Record<Part | 'any', number>;
  score: number;
  rank: number;
  questionScore: number;
  questionRank: number;
  phrase: boolean;
  /** A multi-word topic of the article written out whole in the question ("lower circuit"). */
  topicPhrase: boolean;
  /** Its title, which no other article shares, written out whole in the question. */
  titlePhrase: boolean;
  /** The parts whose coverage no other candidate beats. */
  leads: Array<Part | 'any'>;
  /** The parts holding the question's rarest word, usually what it is about ("emi" in "how is a home loan's EMI worked out"). */
  rarest: Set<Part>;
  /** How many of the question's two rarest words the candidate holds anywhere. */
  rarestTwo: number;
  /** Share of the question's weight in words no article uses at all. */
  unknown: number;
  /** How much of its nearest phrasing, and of its nearest name (title or alias), the question holds, by word weight. */
  phrasingRecall: number;
  nameRecall: number;
  /** Cosine of the question's word vectors to the nearest phrasing's or the head's, and its rank among the candidates. */
  semantic: number;
  semanticRank: number;
  /** Whether the candidate is a guide to Nivesh itself, and whether the question names the product. */
  product: { guide: boolean; asked: boolean };
};

export class Retriever {
  private readonly articleIndex: MiniSearch<ArticleDoc>;
  private readonly questionIndex: MiniSearch<QuestionDoc>;
  private readonly postings: TermPostings;
  private readonly articleSearch: WordBySearch;
  private readonly questionSearch: WordBySearch;
  private readonly idf = new Map<string, number>();
  private readonly maxIdf: number;
  /** Each article's title and aliases, and its topics of two words or more, as the words to find in a question. */
  private readonly phrases: ReadonlyMap<string, { title: string[]; names: string[]; topics: string[] }>;
  /** Each article's phrasings and names (title and aliases) as index terms. */
  private readonly termLists: ReadonlyMap<string, { questions: WeightedTerms[]; names: WeightedTerms[] }>;
  /** The meaning (word vectors) of each article's phrasings and, last, of its head (title, aliases and topics). */
  private readonly meaning: ReadonlyMap<string, Float32Array[]>;
  /** The guides to Nivesh itself: how its figures are computed, its features, Warren AI and TrendVision. */
  private readonly aboutProduct: ReadonlySet<string>;
  private ranker: LogisticRegression | null = null;
  private confidence: LogisticRegression | null = null;
  private threshold = 0.5;

  /** The articles indexed; with `model`, its fitted weights and threshold, else `train` must run first. */
  constructor(
    private readonly articles: readonly Article[],
    model?: RetrievalModel,
    private readonly vectors: WordVectors = wordVectors(),
  ) {
    this.articleIndex = new MiniSearch<ArticleDoc>({ ...TERMS, fields: [...ARTICLE_FIELDS], storeFields: [], searchOptions: { ...SEARCH, boost: { title: 3, aliases: 2.5, topics: 2, body: 1 } } });
    this.articleIndex.addAll(articles.map(({ id, title, aliases, topics, body }) => ({ id, title, aliases: aliases.join(', '), topics: topics.join(', '), body })));
    this.questionIndex = new MiniSearch<QuestionDoc>({ ...TERMS, fields: ['text'], storeFields: ['article'], searchOptions: SEARCH });
    this.questionIndex.addAll(articles.flatMap((article) => article.questions.map((text, index) => ({ id: questionKey(article.id, index), article: article.id, text }))));

    this.postings = new TermPostings(articles);
    this.articleSearch = new WordBySearch(this.articleIndex);
    this.questionSearch = new WordBySearch(this.questionIndex);
    const documentFrequency = new Map<string, number>();
    for (const article of articles) {
      const terms = queryTerms([article.title, ...article.aliases, ...article.topics, ...article.questions, article.body].join(' '));
      for (const term of terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
    this.maxIdf = Math.log(articles.length + 1) + 1;
    for (const [term, frequency] of documentFrequency) this.idf.set(term, Math.log((articles.length + 1) / frequency) + 1);
    const weighted = (text: string): WeightedTerms => {
      const terms = queryTerms(text).map((term) => ({ term, weight: this.idf.get(term) ?? this.maxIdf }));
      return { terms, whole: terms.reduce((sum, { weight }) => sum + weight, 0) };
    };
    this.termLists = new Map(articles.map((article) => [article.id, { questions: article.questions.map(weighted), names: [article.title, ...article.aliases].map(weighted) }]));
    // A title or an alias written out whole in the question ("what is a demat account") is strong evidence.
    const phrases = (names: readonly string[], minWords: number) =>
      names.map(words).filter((name) => name.length >= 3 && name.split(' ').length >= minWords && name.split(' ').length <= MAX_PHRASE_WORDS);
    this.phrases = new Map(articles.map((article) => [article.id, { title: phrases([article.title], 1), names: phrases([article.title, ...article.aliases], 1), topics: phrases(article.topics, 2) }]));
    this.aboutProduct = new Set(articles.filter((article) => article.id.startsWith('nivesh-') || NAMES_PRODUCT.test(words(article.title))).map((article) => article.id));
    this.meaning = new Map(articles.map((article) => [article.id, [...article.questions, [article.title, ...article.aliases, ...article.topics].join(' ')].map((text) => this.vectorOf(text))]));
    if (model) this.use(model);
  }

  /** A text's meaning as the idf-weighted mean of its words' vectors, of unit length (zero when none is known). */
  private vectorOf(text: string): Float32Array {
    const sum = new Float32Array(this.vectors.dimensions);
    for (const word of tokenise(text)) {
      const term = indexTerm(word);
      if (term !== null) this.vectors.addTo(word, this.idf.get(term) ?? this.maxIdf, sum);
    }
    let norm = 0;
    for (const value of sum) norm += value * value;
    norm = Math.sqrt(norm);
    if (norm > 0) for (let i = 0; i < sum.length; i++) sum[i]! /= norm;
    return sum;
  }

  /** Takes fitted weights and a threshold (a model `toModel` wrote, or one with another threshold). */
  use({ ranker, confidence, threshold }: RetrievalModel): this {
    this.ranker = LogisticRegression.fromWeights(ranker);
    this.confidence = LogisticRegression.fromWeights(confidence);
    this.threshold = threshold;
    return this;
  }

  /** The fitted weights and the threshold, to be written out and restored with `use`. */
  toModel(): RetrievalModel {
    if (!this.ranker || !this.confidence) throw new Error('retriever: train() has not run');
    return { ranker: this.ranker.toWeights(), confidence: this.confidence.toWeights(), threshold: this.threshold };
  }

  /** True when a word is a term of some article ("ASBA" is; "ZOMATO" is not). */
  knows(word: string): boolean {
    const term = queryTerms(word)[0];
    return term !== undefined && this.idf.has(term);
  }

  /**
   * Fits the two models, and sets the threshold. The re-ranker learns from each of the articles' own questions asked
   * with only itself left out of the index (its article should win), and from the labelled questions. The confidence
   * model learns from the same, and from each article question asked again with its whole article left out (then no
   * answer is right), so it knows what a question without a guide looks like.
   */
  train(labelled: readonly LabelledQuestion[] = [], threshold = this.threshold): this {
    const own = this.ownQuestions();
    const asked = labelled.map(({ text, expected }) => ({ expected, evidence: this.evidence(text) }));
    const present = [...own.present, ...Array.from({ length: LABELLED_WEIGHT }, () => asked).flat()];
    const absent = own.absent;
    this.ranker = new LogisticRegression(FIT_OPTIONS).fit(
      present.filter(({ expected }) => expected.length).flatMap(({ expected, evidence }) => [...evidence].map(([id, candidate]) => ({ features: features(candidate), positive: expected.includes(id) }))),
    );
    this.confidence = new LogisticRegression(FIT_OPTIONS).fit(
      [...present, ...absent].map(({ expected, evidence }) => {
        const ranked = this.rank(evidence);
        return { features: confidenceFeatures(ranked), positive: ranked[0] !== undefined && expected.includes(ranked[0].id) };
      }),
    );
    this.threshold = threshold;
    return this;
  }

  private own: { present: Example[]; absent: Example[] } | null = null;

  /** The articles' own questions as training examples, computed once however often the models are refitted. */
  private ownQuestions(): { present: Example[]; absent: Example[] } {
    if (!this.own) {
      const asked = this.articles.flatMap((article) => article.questions.map((text, index) => ({ text, article: article.id, question: questionKey(article.id, index) })));
      this.own = {
        present: asked.map(({ text, article, question }) => ({ expected: [article], evidence: this.evidence(text, { question }) })),
        absent: asked.map(({ text, article }) => ({ expected: [], evidence: this.evidence(text, { article }) })),
      };
    }
    return this.own;
  }

  /** Candidates for a question, best first, with the re-ranker's probabilities, and how sure the best one is. */
  retrieve(question: string, limit = 3): Retrieval {
    if (!this.ranker || !this.confidence) throw new Error('retriever: train() has not run');
    const ranked = this.rank(this.evidence(question));
    // A question whose words are mostly in no guide at all ("the weather in Paris tomorrow") has no guide.
    const confidence = ranked.length && ranked[0]!.evidence.unknown < 0.5 ? this.confidence.probability(confidenceFeatures(ranked)) : 0;
    return { ranked: ranked.slice(0, limit).map(({ id, probability }) => ({ id, probability })), confidence, confident: confidence >= this.threshold };
  }

  private rank(evidence: Map<string, Evidence>): Array<Ranked & { evidence: Evidence }> {
    return [...evidence]
      .map(([id, candidate]) => ({ id, probability: this.ranker!.probability(features(candidate)), evidence: candidate }))
      .sort((a, b) => b.probability - a.probability || a.id.localeCompare(b.id));
  }

  /**
   * The question with each word that no guide uses, but would with two neighbouring letters swapped back, written the
   * way the guides write it ("infaltion" → "inflation", "dividned" → "dividend"). A swap is one slip of the fingers but
   * two edits, beyond the typo reach of the search.
   */
  private unswapped(text: string): string {
    return text.replace(/\p{L}{5,}/gu, (word) => {
      if (this.knowsTerm(indexTerm(word))) return word;
      for (let i = 0; i < word.length - 1; i += 1) {
        if (word[i] === word[i + 1]) continue;
        const swapped = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
        if (this.knowsTerm(indexTerm(swapped))) return swapped;
      }
      return word;
    });
  }

  private knowsTerm(term: string | null): boolean {
    return term !== null && this.idf.has(term);
  }

  /** What each candidate article has going for it as the answer to `text`, leaving out a question or a whole article. */
  private evidence(question: string, leaveOut: { question?: string; article?: string } = {}): Map<string, Evidence> {
    const { question: exclude, article: absent } = leaveOut;
    const text = this.unswapped(question);
    const terms = queryTerms(text);
    const found = new Map<string, Evidence>();
    if (!terms.length) return found;
    const weight = (term: string) => this.idf.get(term) ?? this.maxIdf;
    const total = terms.reduce((sum, term) => sum + weight(term), 0);
    const byRarity = [...terms].sort((a, b) => weight(b) - weight(a));
    const asked = NAMES_PRODUCT.test(words(text));
    const entry = (id: string): Evidence => {
      let evidence = found.get(id);
      if (!evidence) {
        evidence = { coverage: { head: 0, questions: 0, body: 0, any: 0 }, score: 0, rank: 99, questionScore: 0, questionRank: 99, phrase: false, topicPhrase: false, titlePhrase: false, leads: [], rarest: new Set(), rarestTwo: 0, unknown: 0, phrasingRecall: 0, nameRecall: 0, semantic: 0, semanticRank: 99, product: { guide: this.aboutProduct.has(id), asked } };
        found.set(id, evidence);
      }
      return evidence;
    };

    const articles = this.articleSearch.search(text).filter((result) => result.id !== absent).slice(0, CANDIDATES);
    const top = articles[0]?.score ?? 1;
    articles.forEach((result, index) => Object.assign(entry(String(result.id)), { score: result.score / top, rank: index + 1 }));
    const questions = bestPerArticle(this.questionSearch.search(text).filter((result) => result.id !== exclude && result.article !== absent)).slice(0, CANDIDATES);
    const topQuestion = questions[0]?.score ?? 1;
    questions.forEach((result, index) => Object.assign(entry(String(result.article)), { questionScore: result.score / topQuestion, questionRank: index + 1 }));

    // Which parts of each candidate hold each query word (fuzzily), weighted by how rare the word is; and how much of
    // the question is in no article at all, even allowing for typos.
    let unknown = 0;
    for (const term of terms) {
      const share = weight(term) / total;
      const parts = this.postings.parts(term, leaveOut);
      if (!parts.size) unknown += share;
      const rank = byRarity.indexOf(term);
      for (const [id, set] of parts) {
        const evidence = found.get(id);
        if (!evidence) continue;
        for (const part of set) evidence.coverage[part] += share;
        evidence.coverage.any += share;
        if (rank === 0) evidence.rarest = set;
        if (rank <= 1) evidence.rarestTwo += 1;
      }
    }
    // The other direction: how much of a candidate's nearest phrasing or name the question holds (typos forgiven).
    const held = new Set(terms.flatMap((term) => this.postings.within(term).terms));
    const recall = (lists: readonly WeightedTerms[], skip = -1) => {
      let best = 0;
      for (let index = 0; index < lists.length; index += 1) {
        const { terms, whole } = lists[index]!;
        if (index === skip || whole === 0) continue;
        let part = 0;
        for (const { term, weight } of terms) if (held.has(term)) part += weight;
        best = Math.max(best, part / whole);
      }
      return best;
    };
    for (const [id, evidence] of found) {
      const lists = this.termLists.get(id)!;
      evidence.phrasingRecall = recall(lists.questions, leftOutPhrasing(id, exclude));
      evidence.nameRecall = recall(lists.names);
    }
    // Every run of up to six words of the question, to find names and topics written out whole.
    const spoken = words(text).split(' ');
    const runs = new Set(spoken.flatMap((_, start) => Array.from({ length: Math.min(MAX_PHRASE_WORDS, spoken.length - start) }, (_, length) => spoken.slice(start, start + length + 1).join(' '))));
    for (const [id, evidence] of found) {
      const { title, names, topics } = this.phrases.get(id)!;
      evidence.phrase = names.some((name) => runs.has(name));
      evidence.titlePhrase = title.some((name) => runs.has(name));
      evidence.topicPhrase = topics.some((name) => runs.has(name));
    }
    for (const evidence of found.values()) evidence.unknown = unknown;
    // How near in meaning each candidate's nearest phrasing (or its head) is to the question, and its rank by that.
    const meant = this.vectorOf(text);
    for (const [id, evidence] of found) {
      const skip = leftOutPhrasing(id, exclude);
      let best = 0;
      this.meaning.get(id)!.forEach((vector, index) => {
        if (index === skip) return;
        let dot = 0;
        for (let i = 0; i < vector.length; i++) dot += vector[i]! * meant[i]!;
        best = Math.max(best, dot);
      });
      evidence.semantic = best;
    }
    [...found.values()].sort((a, b) => b.semantic - a.semantic).forEach((evidence, index) => (evidence.semanticRank = index + 1));
    for (const part of ['head', 'questions', 'body', 'any'] as const) {
      const best = Math.max(...[...found.values()].map((evidence) => evidence.coverage[part]));
      if (best <= 0) continue;
      for (const evidence of found.values()) if (evidence.coverage[part] >= best - 1e-9) evidence.leads.push(part);
    }
    return found;
  }
}

const questionKey = (article: string, index: number) => `${article}#${index}`;

/** The index of an article's phrasing that `exclude` (a question key) leaves out, else -1. */
const leftOutPhrasing = (article: string, exclude: string | undefined): number => (exclude?.startsWith(`${article}#`) ? Number(exclude.slice(article.length + 1)) : -1);

/** A text's words, folded as the index folds them, separated by single spaces. */
const words = (text: string): string => normalise(text).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
const MAX_PHRASE_WORDS = 6;

/** A phrasing's or a name's index terms, each with its weight (idf), and their sum. */
type WeightedTerms = { terms: Array<{ term: string; weight: number }>; whole: number };

/** A search result as the retrieval uses it: the document, its article (for a phrasing) and its BM25 score. */
type Hit = { id: string; article?: string; score: number };

/**
 * A MiniSearch index searched one word at a time, each word's results remembered, and combined as MiniSearch combines
 * the words of a query (OR): the scores summed, times how many of the query's words the document matched. The same
 * ranking as searching the whole question, without redoing the typo and prefix expansion and the scoring of words
 * that recur from question to question ("share", "price", "kya").
 */
class WordBySearch {
  private readonly byTerm = new Map<string, Hit[]>();

  constructor(private readonly index: MiniSearch) {}

  search(text: string): Hit[] {
    const combined = new Map<string, Hit & { terms: Set<string> }>();
    for (const word of tokenise(text)) {
      const term = indexTerm(word);
      if (term === null) continue;
      for (const { id, article, score } of this.hits(term, word)) {
        let entry = combined.get(id);
        if (!entry) combined.set(id, (entry = { id, ...(article === undefined ? {} : { article }), score: 0, terms: new Set() }));
        entry.score += score;
        entry.terms.add(term);
      }
    }
    return [...combined.values()].map(({ terms, ...hit }) => ({ ...hit, score: hit.score * terms.size })).sort((a, b) => b.score - a.score);
  }

  private hits(term: string, word: string): Hit[] {
    let hits = this.byTerm.get(term);
    if (!hits) {
      hits = this.index.search(word).map((result) => ({ id: String(result.id), ...(result.article === undefined ? {} : { article: String(result.article) }), score: result.score }));
      // Bounded, so a flood of made-up words cannot grow it without limit.
      if (this.byTerm.size >= 5_000) this.byTerm.clear();
      this.byTerm.set(term, hits);
    }
    return hits;
  }
}

/** Where in one article a term occurs: its head, its body, and which of its questions. */
type Posting = { head: boolean; body: boolean; questions: number[] };

/**
 * Which parts of which articles hold a term, typos forgiven as the searches forgive them: one lookup per query word
 * instead of a scored search of both indexes. A term's spellings within reach are looked up once and remembered.
 */
class TermPostings {
  private readonly byTerm = new SearchableMap<Map<string, Posting>>();
  private readonly reach = new Map<string, { terms: string[]; postings: Array<Map<string, Posting>> }>();

  constructor(articles: readonly Article[]) {
    const posting = (term: string, article: string): Posting => {
      let inTerm = this.byTerm.get(term);
      if (!inTerm) this.byTerm.set(term, (inTerm = new Map()));
      let found = inTerm.get(article);
      if (!found) inTerm.set(article, (found = { head: false, body: false, questions: [] }));
      return found;
    };
    for (const article of articles) {
      for (const term of queryTerms([article.title, ...article.aliases, ...article.topics].join(' '))) posting(term, article.id).head = true;
      for (const term of queryTerms(article.body)) posting(term, article.id).body = true;
      article.questions.forEach((question, index) => {
        for (const term of queryTerms(question)) posting(term, article.id).questions.push(index);
      });
    }
  }

  /** The parts of each article holding `term` or a spelling of it within the searches' typo reach. */
  parts(term: string, leaveOut: { question?: string; article?: string } = {}): Map<string, Set<Part>> {
    const parts = new Map<string, Set<Part>>();
    for (const postings of this.within(term).postings) {
      for (const [article, { head, body, questions }] of postings) {
        if (article === leaveOut.article) continue;
        const asked = questions.some((index) => questionKey(article, index) !== leaveOut.question);
        if (!head && !body && !asked) continue;
        let set = parts.get(article);
        if (!set) parts.set(article, (set = new Set()));
        if (head) set.add('head');
        if (body) set.add('body');
        if (asked) set.add('questions');
      }
    }
    return parts;
  }

  /** The index terms within typo reach of `term` (itself included when indexed), and where each occurs. */
  within(term: string): { terms: string[]; postings: Array<Map<string, Posting>> } {
    let found = this.reach.get(term);
    if (!found) {
      const distance = typoReach(term);
      const entries: Array<[string, Map<string, Posting>]> = distance
        ? [...this.byTerm.fuzzyGet(term, distance)].map(([key, [value]]) => [key, value])
        : [[term, this.byTerm.get(term)]].filter((entry): entry is [string, Map<string, Posting>] => entry[1] !== undefined);
      found = { terms: entries.map(([key]) => key), postings: entries.map(([, value]) => value) };
      // Questions are short and few words recur; the bound only guards against a flood of made-up words.
      if (this.reach.size >= 50_000) this.reach.clear();
      this.reach.set(term, found);
    }
    return found;
  }

}

/** Each article once, at its best-scoring question. */
const bestPerArticle = (results: Hit[]): Hit[] => {
  const seen = new Set<string>();
  return results.filter((result) => {
    const article = String(result.article);
    if (seen.has(article)) return false;
    seen.add(article);
    return true;
  });
};

/** The re-ranker's binary features for one candidate. */
const features = ({ coverage, score, rank, questionScore, questionRank, phrase, topicPhrase, titlePhrase, leads, rarest, rarestTwo, unknown, phrasingRecall, nameRecall, semantic, semanticRank, product }: Evidence): string[] => [
  ...[...rarest].map((part) => `rarest:${part}`),
  ...(rarest.size ? ['rarest:any'] : []),
  `rarestTwo=${rarestTwo}`,
  ...steps('unknown', unknown, [0.1, 0.25, 0.4]),
  ...leads.map((part) => `leads:${part}`),
  ...steps('head', coverage.head, FRACTIONS),
  ...steps('questions', coverage.questions, FRACTIONS),
  ...steps('body', coverage.body, FRACTIONS),
  ...steps('any', coverage.any, FRACTIONS),
  ...steps('score', score, FRACTIONS),
  ...steps('question', questionScore, FRACTIONS),
  ...(rank <= 1 ? ['rank=1'] : []),
  ...(rank <= 3 ? ['rank<=3'] : []),
  ...(questionRank <= 1 ? ['questionRank=1'] : []),
  ...(questionRank <= 3 ? ['questionRank<=3'] : []),
  ...(rank <= 3 && questionRank <= 3 ? ['bothTop3'] : []),
  ...(phrase ? ['phrase'] : []),
  ...(topicPhrase ? ['topicPhrase'] : []),
  ...(titlePhrase ? ['titlePhrase'] : []),
  ...steps('phrasingRecall', phrasingRecall, FRACTIONS),
  ...steps('nameRecall', nameRecall, FRACTIONS),
  ...steps('semantic', semantic, SEMANTIC),
  ...(semanticRank <= 1 ? ['semanticRank=1'] : []),
  ...(semanticRank <= 3 ? ['semanticRank<=3'] : []),
  `product:${product.guide ? 'guide' : 'idea'}:${product.asked ? 'asked' : 'unasked'}`,
];

const PROBABILITIES = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9];

/** The confidence model's features: the best candidate's own, its probability and its lead over the second. */
const confidenceFeatures = (ranked: ReadonlyArray<{ probability: number; evidence: Evidence }>): string[] => {
  const [best, second] = ranked;
  if (!best) return ['none'];
  const ahead = (part: Part | 'any') => best.evidence.coverage[part] - (second?.evidence.coverage[part] ?? 0);
  return [
    ...features(best.evidence),
    ...steps('p', best.probability, PROBABILITIES),
    ...steps('lead', best.probability - (second?.probability ?? 0), PROBABILITIES),
    // What the best has that the second has not: more of the question in its head or its questions, the rarest word.
    ...steps('aheadHead', ahead('head'), [0.05, 0.15, 0.3]),
    ...steps('aheadQuestions', ahead('questions'), [0.05, 0.15, 0.3]),
    ...steps('aheadAny', ahead('any'), [0.05, 0.15, 0.3]),
    ...(best.evidence.rarest.size && !second?.evidence.rarest.size ? ['rarestAlone'] : []),
    ...(second && best.evidence.rarestTwo > second.evidence.rarestTwo ? ['rarestTwoAhead'] : []),
    ...steps('semanticLead', best.evidence.semantic - (second?.evidence.semantic ?? 0), [-0.05, 0, 0.03, 0.08, 0.15]),
  ];
};
