import { type HubFinding, type HubLean, MARKET, type MarketOverview, type MarketSentiment, type MarketSymbols } from '@nivesh/proto';
import { formatDate, formatNumber, formatSignedPercent, monthsBefore } from '../../engine/format';
import { type AgentAnswer, type AgentReader, type AgentRequest, figure, type HubAgent } from './agent';

const LEANS: Record<MarketSentiment['label'], HubLean> = { 'Extreme fear': 'negative', Fear: 'negative', Neutral: 'neutral', Greed: 'positive', 'Extreme greed': 'positive' };

/** The index's score about a month before its latest one (the last reading on or before that day). */
const monthEarlier = (sentiment: MarketSentiment) => {
  const day = monthsBefore(sentiment.as_of, 1);
  return [...sentiment.history].reverse().find((point) => point.date <= day) ?? null;
};

const moodFinding = (sentiment: MarketSentiment): HubFinding => {
  const before = monthEarlier(sentiment);
  const change = before ? `, against ${formatNumber(before.score, 1)} on ${formatDate(before.date)}` : '';
  const parts = sentiment.components.map((part) => `${part.name.toLowerCase()} ${formatNumber(part.score, 0)}`).join(', ');
  return {
    title: 'Market mood',
    text: `Nivesh’s market mood index was ${formatNumber(sentiment.score, 1)} out of 100 (${sentiment.label}) on ${formatDate(sentiment.as_of)}${change}. Its parts scored ${parts}.`,
    means: 'How the market as a whole has been behaving: how many stocks rose, how far NIFTY 50 is from its average, how calm it was and how many stocks sit near their highs.',
    does_not_mean: 'The mood of the whole market says little about one stock, and moods turn quickly, in either direction.',
    figures: [
      figure('Mood index', sentiment.score, 'score', sentiment.as_of),
      ...(before ? [figure('Mood index a month earlier', before.score, 'score', before.date)] : []),
      ...sentiment.components.map((part) => figure(part.name, part.score, 'score', sentiment.as_of)),
    ],
    as_of: sentiment.as_of,
  };
};

const breadthFinding = (overview: MarketOverview): HubFinding => {
  const { advancers, decliners, unchanged } = overview.breadth;
  const total = advancers + decliners + unchanged;
  return {
    title: 'Breadth on the day',
    text: `On ${formatDate(overview.as_of)}, ${advancers} of the ${total} stocks Nivesh follows rose and ${decliners} fell.`,
    means: 'Whether a day’s move was shared by many stocks or carried by a few.',
    does_not_mean: 'One day’s breadth is a snapshot: it changes every session.',
    figures: [figure('Stocks up', advancers, 'count', overview.as_of), figure('Stocks down', decliners, 'count', overview.as_of)],
    as_of: overview.as_of,
  };
};

const sectorFinding = (overview: MarketOverview, industry: string, symbol: string): HubFinding | null => {
  const sector = overview.sectors.find((row) => row.industry === industry);
  if (!sector) return null;
  const month = sector.change_1m_pct === null ? '' : ` and ${formatSignedPercent(sector.change_1m_pct)} over a month`;
  return {
    title: `${symbol}’s industry`,
    text: `The ${sector.stocks} ${industry.toLowerCase()} stocks Nivesh follows moved ${formatSignedPercent(sector.change_pct)} on ${formatDate(overview.as_of)}${month} (equal-weighted).`,
    means: 'Whether the stock’s own industry has been in or out of favour lately.',
    does_not_mean: 'An industry’s move is an average: one stock can move against its industry for its own reasons.',
    figures: [figure('Industry, day', sector.change_pct, 'pct', overview.as_of), figure('Industry, 1 month', sector.change_1m_pct, 'pct', overview.as_of)],
    as_of: overview.as_of,
  };
};

/** The sentiment agent: how has the market as a whole, and the stock's industry, been behaving? */
export const sentimentAgent: HubAgent = {
  name: 'sentiment',
  title: 'Sentiment',
  question: 'What is the mood of the market, and how is the stock’s industry doing?',
  async run({ symbol }: AgentRequest, reader: AgentReader): Promise<AgentAnswer> {
    const [sentiment, overview, symbols] = await Promise.all([
      reader.read(MARKET.sentiment, { range: '1y' }, { label: 'Market mood index', source: '/api/market/sentiment?range=1y', asOf: (answer) => answer.as_of }),
      reader.read(MARKET.overview, {}, { label: 'Market overview', source: '/api/market/overview', asOf: (answer) => answer.as_of }).catch(() => null),
      reader.read(MARKET.symbols, {}, { label: 'Stocks and their industries', source: '/api/market/symbols', asOf: () => null }).catch((): MarketSymbols => []),
    ]);
    const industry = symbols.find((row) => row.symbol === symbol)?.industry;
    const findings = [moodFinding(sentiment), overview ? breadthFinding(overview) : null, overview && industry ? sectorFinding(overview, industry, symbol) : null].filter(
      (finding): finding is HubFinding => finding !== null,
    );
    return {
      lean: LEANS[sentiment.label],
      reading: `${sentiment.label} (${formatNumber(sentiment.score, 1)} of 100)`,
      headline: `The market’s mood was ${sentiment.label.toLowerCase()} (${formatNumber(sentiment.score, 1)} out of 100) on ${formatDate(sentiment.as_of)}.`,
      findings,
    };
  },
};
