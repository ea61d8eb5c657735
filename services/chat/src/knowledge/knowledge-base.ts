import { type Article, type ChatType, parseArticle } from './article-parser';
import { ARTICLE_SOURCES } from './articles.generated';
import { RETRIEVAL_MODEL } from './retrieval-model.generated';
import { type RetrievalModel, Retriever } from './retriever';

/** A retrieved article and the re-ranker's probability that it is the one the question asks about. */
export type Match = { article: Article; probability: number };

/**
 * What a question found: the nearest articles, best first, the probability that the best is the one asked about, and
 * whether that is enough to answer from it.
 */
export type Found = { matches: Match[]; confidence: number; confident: boolean };

export type RetrieveOptions = { limit?: number; chatType?: ChatType };

/** How many nearest articles a retrieval returns unless asked otherwise: the answer's, and two to offer. */
export const DEFAULT_LIMIT = 3;
/** An article written for the other chat type is ranked as if this much less likely ("volatility" in a market chat). */
const OTHER_CHAT = 0.6;

/** Warren AI's educational articles, and the retrieval that finds the one a question asks about. */
export class KnowledgeBase {
  private static loaded: KnowledgeBase | null = null;

  private readonly byId: ReadonlyMap<string, Article>;
  private readonly retriever: Retriever;

  /** The articles, and the retrieval model fitted to them (`npm run eval:chat -- --write` fits and writes it). */
  constructor(articles: readonly Article[], model: RetrievalModel) {
    this.byId = new Map(articles.map((article) => [article.id, article]));
    if (this.byId.size !== articles.length) throw new Error('knowledge base: duplicate article id');
    this.retriever = new Retriever(articles, model);
  }

  /** The embedded articles, parsed once. */
  static parsed(): Article[] {
    return Object.entries(ARTICLE_SOURCES).map(([fileName, source]) => parseArticle(fileName, source));
  }

  /** The embedded articles and the shipped retrieval model, loaded on first use and shared afterwards. */
  static load(): KnowledgeBase {
    KnowledgeBase.loaded ??= new KnowledgeBase(KnowledgeBase.parsed(), RETRIEVAL_MODEL);
    return KnowledgeBase.loaded;
  }

  /** Every article, in id order. */
  articles(): Article[] {
    return [...this.byId.values()].sort((a, b) => a.id.localeCompare(b.id));
  }

  article(id: string): Article | undefined {
    return this.byId.get(id);
  }

  /** True when a word is a term some article uses ("ASBA", "REIT"), as opposed to a stock's symbol. */
  knows(word: string): boolean {
    return this.retriever.knows(word);
  }

  private readonly askable = new Map<string, string>();

  /**
   * A question that surely finds `article` when asked, for a button that offers it: the first of its phrasings the
   * retrieval answers from it with confidence (worked out once per article), else its title.
   */
  askableQuestion(article: Article): string {
    let question = this.askable.get(article.id);
    if (question === undefined) {
      question = article.questions.find((phrasing) => {
        const found = this.retrieve(phrasing);
        return found.confident && found.matches[0]?.article.id === article.id;
      }) ?? article.title;
      this.askable.set(article.id, question);
    }
    return question;
  }

  /** The articles nearest a question, best first; `confident` when the best is sure enough to answer from. */
  retrieve(question: string, { limit = DEFAULT_LIMIT, chatType }: RetrieveOptions = {}): Found {
    const { ranked, confidence, confident } = this.retriever.retrieve(question, limit + 2);
    const suits = (article: Article) => !chatType || article.chatTypes.includes(chatType);
    const matches = ranked
      .map(({ id, probability }) => ({ article: this.byId.get(id)!, probability }))
      .sort((a, b) => b.probability * (suits(b.article) ? 1 : OTHER_CHAT) - a.probability * (suits(a.article) ? 1 : OTHER_CHAT))
      .slice(0, limit);
    return { matches, confidence, confident: confident && matches.length > 0 };
  }
}
