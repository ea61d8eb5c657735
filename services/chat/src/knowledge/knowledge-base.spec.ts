import fs from 'node:fs';
import { AI_MEASURED } from '@nivesh/proto';
import path from 'node:path';
import { ARTICLE_SOURCES } from './articles.generated';
import { DEFAULT_LIMIT, KnowledgeBase } from './knowledge-base';
import { modelFingerprint } from './model-inputs';
import { RETRIEVAL_MODEL } from './retrieval-model.generated';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { render, OUTPUT } = require('./embed-articles.cjs') as { render: () => string; OUTPUT: string };

describe('KnowledgeBase', () => {
  const kb = KnowledgeBase.load();

  it('loads once and shares the index', () => {
    expect(KnowledgeBase.load()).toBe(kb);
    expect(kb.articles().length).toBe(Object.keys(ARTICLE_SOURCES).length);
  });

  it('embeds exactly the Markdown files in articles/ (run embed-articles.cjs after editing one)', () => {
    const files = fs.readdirSync(path.join(__dirname, 'articles')).filter((name) => name.endsWith('.md')).sort();
    expect(Object.keys(ARTICLE_SOURCES).sort()).toEqual(files);
    expect(fs.readFileSync(OUTPUT, 'utf8')).toBe(render());
  });

  it('ships a retrieval model fitted to the current articles, labelled questions and code (npm run eval:chat -- --write)', () => {
    expect(RETRIEVAL_MODEL.fingerprint).toBe(modelFingerprint(__dirname));
    expect(RETRIEVAL_MODEL.threshold).toBeGreaterThan(0);
    expect(RETRIEVAL_MODEL.threshold).toBeLessThan(1);
  });

  it('discloses the relevance npm run eval:chat measured for the shipped model (proto AI_MEASURED)', () => {
    expect(AI_MEASURED.relevance).toEqual(RETRIEVAL_MODEL.relevance);
  });

  it.each([
    ['what is RSI', 'rsi'],
    ['rsi kya hai', 'rsi'],
    ['RSI 75 ka matlab kya hai?', 'rsi'],
    ['how do I know if an adviser is registered with SEBI', 'sebi-registration-check'],
    ['how can I verify my advisor SEBI registration number', 'sebi-registration-check'],
    ['is a guaranteed 5% a month scheme safe', 'fraud-red-flags'],
    ['what does beta mean', 'beta'],
    ['why is my chart adjusted for a split', 'adjusted-prices'],
    ['what is a good P/E', 'pe-ratio'],
    ['pe ratio kya hai', 'pe-ratio'],
    ['explain the MACD histogram', 'macd'],
    ['what are bollinger bands', 'bollinger-bands'],
    ['average true range', 'atr'],
    ['what is ADX', 'adx'],
    ['stochastic oscillator %K', 'stochastic'],
    ['on balance volume', 'obv'],
    ['what is VWAP', 'vwap'],
    ['difference between SMA and EMA', 'moving-averages'],
    ['what are support and resistance levels', 'support-resistance'],
    ['what is the market mood index', 'market-mood-index'],
    ['what does market breadth mean', 'market-breadth'],
    ['what is India VIX', 'market-volatility'],
    ['what is maximum drawdown', 'max-drawdown'],
    ['explain value at risk per lakh', 'value-at-risk'],
    ['what is price to book', 'pb-ratio'],
    ['what is return on equity', 'roe'],
    ['is a high debt to equity ratio bad', 'debt-to-equity'],
    ['what is dividend yield', 'dividend-yield'],
    ['what is diluted EPS', 'eps'],
    ['how does a SIP work', 'sip'],
    ['rupee cost averaging', 'rupee-cost-averaging'],
    ['index fund vs stock picking', 'index-funds-vs-stock-picking'],
    ['what is compounding', 'compounding'],
    ['what is a price target', 'price-target'],
    ['how do analysts set targets?', 'price-target'],
    ['what does a buy rating from a broker mean', 'analyst-rating'],
    ['what is a stop-loss order', 'stop-loss'],
    ['what is a buyback', 'buyback'],
    ['bonus shares kya hota hai', 'bonus-issue'],
    ['what is a demerger', 'demerger'],
    ['should I trust telegram tips', 'stock-tips-groups'],
    ['what is a pump and dump', 'pump-and-dump'],
    ['how to file a complaint with SEBI on SCORES', 'scores-complaints'],
    ['I lost money to a scam, what do I do', 'cyber-fraud-helpline'],
    ['how accurate is the naive forecast', 'naive-forecast'],
    ['what is a back-test', 'back-testing'],
    ['can anyone predict stock prices', 'forecast-uncertainty'],
    ['tax on short term capital gains', 'stcg-and-ltcg'],
    ['what is capital gains tax', 'capital-gains-tax'],
    ['why will Warren not tell me whether to buy or sell', 'why-no-buy-sell-calls'],
  ])('finds for %j the guide %s first', (query, id) => {
    expect(kb.retrieve(query).matches[0]?.article.id).toBe(id);
  });

  it.each(['qwxz flurb glorp', 'asdf jkl zzzz', 'the weather in paris tomorrow', 'how do I bake sourdough bread', '', '   ', '???'])('has no guide for %j', (query) => {
    expect(kb.retrieve(query).confident).toBe(false);
  });

  it('returns the nearest articles best first, up to the limit', () => {
    const found = kb.retrieve('volatility risk drawdown beta', { limit: 5 });
    expect(found.matches).toHaveLength(5);
    expect(found.matches.map((match) => match.probability)).toEqual([...found.matches.map((match) => match.probability)].sort((a, b) => b - a));
    expect(kb.retrieve('beta').matches[0]!.article).toBe(kb.article('beta'));
    expect(kb.retrieve('volatility').matches.length).toBeLessThanOrEqual(DEFAULT_LIMIT);
  });

  it('is sure of the guide for plainly worded questions about a guide’s own topic', () => {
    const sure = ['what is RSI', 'what does beta mean', 'how does a SIP work', 'what is a demat account', 'what is a pump and dump', 'what is a buyback'];
    expect(sure.filter((query) => !kb.retrieve(query).confident)).toEqual([]);
  });

  it('is sure of every guide when asked what its title names, spelt out or by the abbreviation in brackets', () => {
    const missed = kb.articles().flatMap((article) => {
      const [, short] = /\(([A-Z][\w&/-]*)\)/.exec(article.title) ?? [];
      const names = [article.title.replace(/\s*\(.*?\)/g, '').replace(/[.?]$/, ''), ...(short ? [short] : [])];
      return names.filter((name) => {
        const found = kb.retrieve(`What is ${name}?`);
        return !found.confident || found.matches[0]?.article.id !== article.id;
      }).map((name) => `${article.id}: ${name}`);
    });
    expect(missed).toEqual([]);
  });

  it('prefers the article written for the chat type when two are close', () => {
    expect(kb.retrieve('volatility', { chatType: 'technical' }).matches[0]?.article.id).toBe('volatility');
    expect(kb.retrieve('market volatility india vix', { chatType: 'sentiment' }).matches[0]?.article.id).toBe('market-volatility');
    expect(kb.retrieve('how do I check SEBI registration', { chatType: 'sentiment' }).matches[0]?.article.id).toBe('sebi-registration-check');
  });

  it('knows the words its articles use, and not stock symbols', () => {
    expect(kb.knows('ASBA')).toBe(true);
    expect(kb.knows('REIT')).toBe(true);
    expect(kb.knows('ZOMATO')).toBe(false);
  });
});
