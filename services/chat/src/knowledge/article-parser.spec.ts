import fs from 'node:fs';
import path from 'node:path';
import { type Article, parseArticle } from './article-parser';
import { ARTICLE_SOURCES } from './articles.generated';
import { EVAL_QUESTIONS_FILE } from './model-inputs';

const articles: Article[] = Object.entries(ARTICLE_SOURCES).map(([fileName, source]) => parseArticle(fileName, source));

const words = (text: string): number => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

// Phrasings that would turn an article into a recommendation, a target or a promise.
const ADVICE_PATTERNS: readonly RegExp[] = [
  /\byou (should|must|need to) (buy|sell|hold|invest in|accumulate|book profit)/i,
  /\b(i|we) (recommend|suggest|advise) /i,
  /\b(buy|sell|accumulate|exit) (now|today|at ₹|above ₹|below ₹)/i,
  /\b(target|target price|price target|stop-loss|stop loss) (of|at|is|near) (₹|rs\.?\s?)\d/i,
  /(₹|rs\.?\s?)\s?[\d,.]+ (target|tgt)\b/i,
  /\bstrong buy\b/i,
  /\b(will|is going to|is sure to) (surely |definitely |certainly )?(rise|go up|double|triple|rally|fall|crash)\b/i,
  /\bguaranteed (returns?|profits?|gains?) of\b/i,
  /\b(returns?|profits?|gains?) (are|is) (guaranteed|assured|certain)\b/i,
  /\brisk-free (returns?|profits?)\b/i,
];

// A line (paragraph or bullet) that mentions guarantees or sure profits must say they are not real.
const PROMISE_WORDS = /guarant|assured|sure-shot|double your money|no risk|jackpot|multibagger/i;
const WARNING_WORDS = /\b(not|no|never|cannot|scam|fraud|ponzi|risky|warning|beware|careful|red flag|unregistered|manipulation|loss|losses)\b/i;

describe('knowledge-base articles', () => {
  it('covers the curriculum: at least 200 articles with unique ids', () => {
    expect(articles.length).toBeGreaterThanOrEqual(200);
    expect(new Set(articles.map((article) => article.id)).size).toBe(articles.length);
    expect(new Set(articles.map((article) => article.title)).size).toBe(articles.length);
  });

  it.each(articles.map((article) => [article.id, article] as const))('%s has its front matter, phrasings, sources and 80–360 words', (_id, article) => {
    expect(article.title.length).toBeGreaterThan(3);
    expect(article.topics.length).toBeGreaterThanOrEqual(3);
    expect(article.chatTypes.length).toBeGreaterThan(0);
    expect(article.aliases.length).toBeGreaterThanOrEqual(1);
    expect(article.questions.length).toBeGreaterThanOrEqual(3);
    expect(new Set(article.questions).size).toBe(article.questions.length);
    expect(article.sources.length).toBeGreaterThanOrEqual(1);
    expect(words(article.body)).toBeGreaterThanOrEqual(80);
    expect(words(article.body)).toBeLessThanOrEqual(360);
  });

  it('keeps the labelled evaluation questions apart from the articles’ own phrasings', () => {
    const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
    const own = new Set(articles.flatMap((article) => article.questions.map(squash)));
    const labelled = fs.readFileSync(path.join(__dirname, EVAL_QUESTIONS_FILE), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { text: string; expected: string });
    expect(labelled.length).toBeGreaterThanOrEqual(400);
    expect(labelled.filter((row) => own.has(squash(row.text))).map((row) => row.text)).toEqual([]);
    const ids = new Set(articles.map((article) => article.id));
    expect(labelled.filter((row) => row.expected !== 'none' && !ids.has(row.expected)).map((row) => row.expected)).toEqual([]);
  });

  it.each(articles.map((article) => [article.id, article] as const))('%s contains no advice, target or promise phrasing', (_id, article) => {
    const text = `${article.title}\n${article.body}`;
    for (const pattern of ADVICE_PATTERNS) expect({ pattern: String(pattern), match: pattern.exec(text)?.[0] ?? null }).toEqual({ pattern: String(pattern), match: null });
    const promises = text.split('\n').filter((line) => PROMISE_WORDS.test(line) && !WARNING_WORDS.test(line));
    expect(promises).toEqual([]);
  });

  it('quotes no tax rates or holding periods, which change', () => {
    const tax = articles.find((article) => article.id === 'capital-gains-tax')!;
    expect(tax.body).not.toMatch(/\d/);
    expect(tax.body).toMatch(/check the current rules/i);
  });

  it('covers both chat types', () => {
    expect(articles.filter((article) => article.chatTypes.includes('technical')).length).toBeGreaterThan(10);
    expect(articles.filter((article) => article.chatTypes.includes('sentiment')).length).toBeGreaterThan(10);
  });

  it('names the real places to check and report', () => {
    const all = articles.map((article) => article.body).join('\n');
    for (const needle of ['sebi.gov.in', 'scores.sebi.gov.in', 'cybercrime.gov.in', '1930', 'INA', 'INH']) expect(all).toContain(needle);
  });
});

describe('parseArticle', () => {
  const valid =
    '---\nid: beta\ntitle: Beta\ntopics: beta, risk\naliases: market beta, β\nquestions: What is beta? | beta kya hai, aur kaise nikalte hain | how much does a stock move with the market\nchat: both\nsources: NSE, "Beta, in the NCFM module" (https://www.nseindia.com/) | Nivesh README, "Risk" (README.md)\n---\nBody text.\n';

  it('reads the front matter and the body; `both` means either chat type; questions and sources may hold commas', () => {
    expect(parseArticle('beta.md', valid)).toEqual({
      id: 'beta',
      title: 'Beta',
      topics: ['beta', 'risk'],
      aliases: ['market beta', 'β'],
      questions: ['What is beta?', 'beta kya hai, aur kaise nikalte hain', 'how much does a stock move with the market'],
      sources: ['NSE, "Beta, in the NCFM module" (https://www.nseindia.com/)', 'Nivesh README, "Risk" (README.md)'],
      chatTypes: ['sentiment', 'technical'],
      body: 'Body text.',
    });
    expect(parseArticle('beta.md', valid.replace('chat: both', 'chat: technical')).chatTypes).toEqual(['technical']);
  });

  it.each([
    ['no front matter', 'Body only'],
    ['a missing field', valid.replace('title: Beta\n', '')],
    ['fewer than three question phrasings', valid.replace(' | how much does a stock move with the market', '')],
    ['a source without its address', valid.replace(' (https://www.nseindia.com/)', '')],
    ['an unknown chat type', valid.replace('chat: both', 'chat: news')],
    ['an id that is not the file name', valid.replace('id: beta', 'id: alpha')],
    ['an empty body', valid.replace('Body text.\n', '')],
  ])('rejects %s, naming the file', (_case, source) => {
    expect(() => parseArticle('beta.md', source)).toThrow(/^beta\.md: /);
  });
});
