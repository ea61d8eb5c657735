import type { ChatType } from '@nivesh/proto';
import { normalise } from './normalise';

/** What a question about the product's data is about. */
export type Topic =
  | 'rsi'
  | 'macd'
  | 'moving_averages'
  | 'bollinger'
  | 'stochastic'
  | 'adx'
  | 'support_resistance'
  | 'volume'
  | 'trend'
  | 'volatility'
  | 'risk_flags'
  | 'returns'
  | 'forecast'
  | 'quote'
  | 'sentiment'
  | 'breadth'
  | 'market_momentum'
  | 'market_volatility'
  | 'highs_lows';

/**
 * One row of the intent table: the chat type whose data answers the topic, the pattern over normalised text
 * (`normalise`: lower case, no punctuation, "%" as "percent"), and the knowledge-base article that explains it.
 * `exclusive` topics are recognised in the other chat type too, to say where the figure can be seen.
 */
type TopicRule = {
  topic: Topic;
  chat: ChatType;
  pattern: RegExp;
  article: string;
  /** Articles for one aspect of the topic, chosen when the question names it ("vwap" → the VWAP article). */
  focus?: ReadonlyArray<readonly [RegExp, string]>;
  /** Other guides about the same figures, which explain them when the question asks about one of them. */
  related?: readonly string[];
  exclusive: boolean;
  name: string;
};

// "price" but not "price target", "price to book", "price band" or "price action".
const PRICE = String.raw`(?<!(target|fair|intrinsic|entry|exit|expected|future) )(share |stock |current |closing |last |latest )?price(?! (target|targets|objective|to (book|earnings|sales)|band|bands|action|history chart))`;

/** The intent table, in the order its topics are answered when a question names several. */
const RULES: readonly TopicRule[] = [
  { topic: 'rsi', chat: 'technical', exclusive: true, article: 'rsi', name: 'the RSI', pattern: /\b(rsi|relative strength|overbought|oversold)\b/ },
  { topic: 'macd', chat: 'technical', exclusive: true, article: 'macd', name: 'MACD', pattern: /\b(macd|signal line|macd histogram|histogram)\b/ },
  {
    topic: 'moving_averages',
    chat: 'technical',
    exclusive: true,
    article: 'moving-averages',
    name: 'moving averages',
    pattern: /\b(moving averages?|sma|smas|ema|emas|dma|(20|50|100|200) ?(day|d|dma|sma|ema)|golden cross|death cross)\b/,
  },
  { topic: 'bollinger', chat: 'technical', exclusive: true, article: 'bollinger-bands', name: 'Bollinger Bands', pattern: /\b(bollinger|(upper|lower|middle) band|band ?width)\b/ },
  { topic: 'stochastic', chat: 'technical', exclusive: true, article: 'stochastic', name: 'the stochastic oscillator', pattern: /\b(stochastic|stoch|percent k|percent d)\b/ },
  { topic: 'adx', chat: 'technical', exclusive: true, article: 'adx', name: 'ADX', pattern: /\b(adx|average directional|directional (index|movement)|trend strength|strength of (the |its )?trend|how strong is (the |its )?trend)\b/ },
  {
    topic: 'support_resistance',
    chat: 'technical',
    exclusive: true,
    article: 'support-resistance',
    name: 'support and resistance',
    pattern: /\b(supports?|resistances?|key levels?|price levels?|swing (highs?|lows?)|floor|ceiling)\b/,
  },
  {
    topic: 'volume',
    chat: 'technical',
    exclusive: true,
    article: 'volume',
    focus: [
      [/\b(vwap|volume weighted)\b/, 'vwap'],
      [/\b(obv|on balance)\b/, 'obv'],
    ],
    name: 'volume',
    pattern: /\b(volumes?|obv|on balance|vwap|volume weighted|liquidity|liquid|traded (shares|quantity|value))\b/,
  },
  {
    topic: 'risk_flags',
    related: ['nivesh-unusual-trading', 'circuit-limits'],
    chat: 'technical',
    exclusive: true,
    article: 'unusual-trading-flags',
    focus: [[/\b(pump(ed|ing|s)?|dump(ed|ing)?|operators?|manipulat\w*)\b/, 'pump-and-dump']],
    name: 'unusual-trading flags',
    pattern: /\b(unusual|(?<!red )flags?|flagged|gaps?|gap (up|down)|limit moves?|price bands?|circuits?|pump(ed|ing|s)?|dump(ed|ing)?|manipulat\w*|operators?)\b/,
  },
  {
    topic: 'volatility',
    related: ['nivesh-risk-figures', 'beta', 'value-at-risk', 'max-drawdown', 'atr'],
    chat: 'technical',
    exclusive: false,
    article: 'volatility',
    focus: [
      [/\bbeta\b/, 'beta'],
      [/\b(var|value at risk)\b/, 'value-at-risk'],
      [/\b(drawdowns?|fall|falls|fell|crash\w*|lose|losses)\b/, 'max-drawdown'],
      [/\b(atr|average true range)\b/, 'atr'],
    ],
    name: 'volatility and risk',
    pattern: /\b(volatil\w*|risk(?! (flags?|detection))|risky|riskiness|drawdowns?|beta|value at risk|var|atr|average true range|swings?|fluctuat\w*|how much (can|could) (i|it|one) lose|losses)\b/,
  },
  {
    topic: 'forecast',
    related: ['trendvision-method', 'back-testing', 'forecast-uncertainty'],
    // The errors are measured against the naive forecast, which its guide explains.
    focus: [[/\b(accura\w*|mase|mae|errors?|naive)\b/, 'naive-forecast']],
    chat: 'technical',
    exclusive: true,
    article: 'naive-forecast',
    name: "TrendVision's forecast accuracy",
    pattern: /\b(forecasts?|forecasting|trendvision|trend vision|predictions?|predicted|accuracy|accurate|mase|relative mae|back ?tests?|back ?testing|arima|models?)\b/,
  },
  {
    topic: 'returns',
    related: ['cagr', 'absolute-vs-annualised-returns', 'correlation', 'total-return'],
    chat: 'technical',
    exclusive: true,
    article: 'compounding',
    name: 'past returns',
    pattern: /\b(?<!(guaranteed|assured|promised|fixed|expected|future|sure|high|monthly) )(returns?(?! on (equity|capital|investment))|performance|performed|cagr|seasonal\w*|correlat\w*|peers?|outperform\w*|underperform\w*|how much has (it|the stock) (gained|fallen|risen|moved))\b/,
  },
  {
    topic: 'quote',
    related: ['data-freshness', 'face-value-and-market-price'],
    chat: 'technical',
    exclusive: true,
    article: 'adjusted-prices',
    name: 'the latest price',
    pattern: new RegExp(String.raw`\b(${PRICE}|quote|closing|closed|ltp|52 week|52 wk|52w|year s (high|low)|yearly (high|low)|trading at|how much is)\b`),
  },
  {
    topic: 'trend',
    related: ['candlestick-charts', 'moving-averages', 'adx'],
    chat: 'technical',
    exclusive: false,
    article: 'technical-analysis-limits',
    name: 'the technical summary',
    pattern: /\b(trend|trends|trending|uptrend|downtrend|summary|overview|technicals?|technical (picture|view|analysis|summary|outlook)|momentum|bullish|bearish|outlook|indicators?|overall|how (is|has) (it|the stock|\w+) (doing|done|been))\b/,
  },
  { topic: 'breadth', chat: 'sentiment', exclusive: true, article: 'market-breadth', name: 'market breadth', pattern: /\b(breadth|advanc\w*|declin\w*|participation|how many stocks|stocks above)\b/ },
  { topic: 'market_momentum', chat: 'sentiment', exclusive: false, article: 'market-momentum', name: 'market momentum', pattern: /\b(momentum|125 day|nifty (vs|versus|against|above|below|compared)|trend|trending)\b/ },
  { topic: 'market_volatility', chat: 'sentiment', exclusive: false, article: 'market-volatility', name: 'market volatility', pattern: /\b(volatil\w*|vix|turbulen\w*|calm|swings?|fluctuat\w*|risk|risky)\b/ },
  { topic: 'highs_lows', chat: 'sentiment', exclusive: false, article: 'market-mood-index', name: '52-week highs and lows', pattern: /\b(52 week|52 wk|new highs?|new lows?|highs?|lows?)\b/ },
  {
    topic: 'sentiment',
    chat: 'sentiment',
    exclusive: true,
    article: 'market-mood-index',
    name: 'the market sentiment index',
    pattern: /\b(sentiment|mood|fear|fearful|greed|greedy|mmi|index (score|reading|value|level)|how is the market|market (today|now|doing|feel|feeling|looking)|market right now|components?)\b/,
  },
];

const BY_TOPIC = new Map(RULES.map((rule) => [rule.topic, rule]));

/** The knowledge-base article of the aspect of a topic the question names ("vwap" → vwap), if it names one. */
export const topicFocus = (topic: Topic, question: string): string | undefined => {
  const text = normalise(question);
  return BY_TOPIC.get(topic)!.focus?.find(([pattern]) => pattern.test(text))?.[1];
};

/** The knowledge-base article that explains a topic, or the aspect of it the question names. */
export const topicArticle = (topic: Topic, question = ''): string => topicFocus(topic, question) ?? BY_TOPIC.get(topic)!.article;

/** Every article that explains a topic or one of its aspects. */
export const topicArticles = (topic: Topic): string[] => {
  const rule = BY_TOPIC.get(topic)!;
  return [rule.article, ...(rule.focus ?? []).map(([, article]) => article), ...(rule.related ?? [])];
};

/** How an answer names a topic ("the RSI", "market breadth"). */
export const topicName = (topic: Topic): string => BY_TOPIC.get(topic)!.name;

/** The chat type whose data answers a topic. */
export const topicChat = (topic: Topic): ChatType => BY_TOPIC.get(topic)!.chat;

/** What a question asks about: topics this chat's data answers, and topics only the other chat type can show. */
export type DetectedTopics = { own: Topic[]; elsewhere: Topic[] };

/** Topics of a question, in table order (the table lists the specific topics before the general ones). */
export const detectTopics = (question: string, chatType: ChatType): DetectedTopics => {
  const text = normalise(question);
  const own: Topic[] = [];
  const elsewhere: Topic[] = [];
  for (const rule of RULES) {
    if (!rule.pattern.test(text)) continue;
    if (rule.chat === chatType) own.push(rule.topic);
    else if (rule.exclusive) elsewhere.push(rule.topic);
  }
  // "how volatile is the trend" is about volatility: the summary topic only answers when nothing sharper matched.
  const sharp = own.filter((topic) => topic !== 'trend' && topic !== 'sentiment');
  return { own: sharp.length ? sharp : own, elsewhere: own.length ? [] : elsewhere };
};
