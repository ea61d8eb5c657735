import MiniSearch from 'minisearch';
import { type Article, type ChatType, parseArticle } from './article-parser';
import { ARTICLE_SOURCES } from './articles.generated';
import { indexTerm, tokenise } from './search-terms';

/** One retrieved article: `text` is its whole Markdown body (articles are short enough to ground an answer). */
export type Passage = { id: string; title: string; text: string; score: number; topics: string[] };

export type SearchOptions = { limit?: number; chatType?: ChatType };

/** Defaults for `search`: how many passages, and the BM25 score below which a match is noise. */
export const DEFAULT_LIMIT = 3;
// A lone passing mention in one body scores about 3–5; a term in a title or topics scores 30 and more.
export const MIN_SCORE = 8;

type Indexed = { id: string; title: string; topics: string; body: string };

/** The educational articles, indexed for BM25 full-text search with MiniSearch. */
export class KnowledgeBase {
  private static loaded: KnowledgeBase | null = null;

  private readonly byId: ReadonlyMap<string, Article>;
  private readonly index: MiniSearch<Indexed>;

  constructor(articles: readonly Article[]) {
    this.byId = new Map(articles.map((article) => [article.id, article]));
    if (this.byId.size !== articles.length) throw new Error('knowledge base: duplicate article id');
    this.index = new MiniSearch<Indexed>({
      fields: ['title', 'topics', 'body'],
      tokenize: tokenise,
      processTerm: indexTerm,
      searchOptions: {
        boost: { title: 3, topics: 2.5, body: 1 },
        // Typos only on longer words and prefixes from four letters, so "rsi" or "beta" do not drift to other terms.
        fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
        prefix: (term) => term.length >= 4,
        combineWith: 'OR',
      },
    });
    this.index.addAll(articles.map(({ id, title, topics, body }) => ({ id, title, topics: topics.join(', '), body })));
  }

  /** The embedded articles, parsed and indexed on first use and shared afterwards. */
  static load(): KnowledgeBase {
    KnowledgeBase.loaded ??= new KnowledgeBase(Object.entries(ARTICLE_SOURCES).map(([fileName, source]) => parseArticle(fileName, source)));
    return KnowledgeBase.loaded;
  }

  /** Every article, in id order. */
  articles(): Article[] {
    return [...this.byId.values()].sort((a, b) => a.id.localeCompare(b.id));
  }

  /** The best-matching articles for a question, best first; none when nothing scores above `MIN_SCORE`. */
  search(query: string, options: SearchOptions = {}): Passage[] {
    const { limit = DEFAULT_LIMIT, chatType } = options;
    const passages: Passage[] = [];
    for (const result of this.index.search(query)) {
      if (result.score < MIN_SCORE) break;
      const article = this.byId.get(result.id as string)!;
      if (chatType && !article.chatTypes.includes(chatType)) continue;
      passages.push({ id: article.id, title: article.title, text: article.body, score: result.score, topics: article.topics });
      if (passages.length >= limit) break;
    }
    return passages;
  }
}
