import type {
  ChatType,
  ForecastTrackRecordRow,
  MarketIndicators,
  MarketInsights,
  MarketQuote,
  MarketRisk,
  MarketSentiment,
  MarketTechnicalSummary,
} from '@nivesh/proto';

/** What the service fetched over RPC for this chat (any part may be missing when a call failed). */
export type Grounding = {
  chatType: ChatType;
  /** Technical chats: the NSE symbol; sentiment chats: null. */
  ticker: string | null;
  company: string | null;
  /** market.quote: the latest close, its change, the 52-week range of closes. */
  quote?: MarketQuote;
  /** market.summary: trend, momentum and volatility readings, support and resistance. */
  summary?: MarketTechnicalSummary;
  /** market.indicators, range 1y: every indicator as a column aligned to `dates`. */
  indicators?: MarketIndicators;
  /** market.sentiment, range 1y: the market-wide mood index, its components and history. */
  sentiment?: MarketSentiment;
  /** market.risk, range 1y. */
  risk?: MarketRisk;
  /** market.insights: returns across horizons, drawdowns, seasonality, correlation. */
  insights?: MarketInsights;
  /** This ticker's row of TrendVision's track record (prediction.accuracy). */
  forecast?: ForecastTrackRecordRow;
};

/** One earlier turn of the conversation. */
export type Turn = { role: 'user' | 'assistant'; content: string };

/** The parts of a grounding that carry data, by the name answers cite them with in `sources`. */
export type GroundingPart = 'quote' | 'summary' | 'indicators' | 'sentiment' | 'risk' | 'insights' | 'forecast';
