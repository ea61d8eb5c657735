import {
  DomainError,
  MARKET,
  type MarketOverview,
  type MarketSymbols,
  PREDICTION,
  type PredictResponse,
  type RpcDefinition,
  type StockValuation,
} from '@nivesh/proto';
import type { z } from 'zod';
import { INFY_INDICATORS, INFY_RISK, INFY_SUMMARY, MARKET_SENTIMENT, RELIANCE_INDICATORS, RELIANCE_QUOTE, RELIANCE_RISK, RELIANCE_SUMMARY } from '../../engine/testing/fixtures';
import type { RpcCall } from '../orchestrator';

/*
 * Answers of the market and prediction services for RELIANCE and INFY as of 28 Mar 2024, in their contracts' shapes
 * (the technical, risk and sentiment ones are Warren AI's fixtures, computed by the services' own code).
 */

export const CALLER = { user_id: 'u-1', session_id: 's-1', is_admin: false, username: 'asha' };

const measure = (value: number | null, median_5y: number | null, sector_median: number | null, missing_reason: string | null = null) => ({ value, median_5y, sector_median, missing_reason });

export const RELIANCE_VALUATION: StockValuation = {
  latest: {
    symbol: 'RELIANCE',
    company: 'Reliance Industries Ltd.',
    industry: 'ENERGY',
    bank: false,
    close: 2971.7,
    close_date: '2024-03-28',
    ttm_eps: 102.9,
    ttm_method: 'four_quarters',
    book_value_per_share: 1176.4,
    graham_number: 1650.3,
    measures: {
      pe: measure(28.88, 24.1, 14.2),
      pb: measure(2.53, 2.2, 1.6),
      earnings_yield: measure(3.46, 4.1, 7.0),
      roe: measure(8.75, 9.1, 12.3),
      net_margin: measure(7.69, 7.9, 6.1),
      revenue_growth: measure(2.61, 14.2, 3.3),
      profit_growth: measure(4.35, 10.2, 5.0),
      debt_to_equity: measure(0.44, null, 0.6),
      dividend_payout: measure(10.2, 11.3, 30.1),
    },
    filing: { label: 'Q3 FY2024', fiscal_year: 2024, period: 'Q3', basis: 'consolidated', period_end: '2023-12-31', filed_at: '2024-01-19T14:52:00+05:30' },
  },
  history: [{ date: '2024-03-22', pe: 28.7, pb: 2.51 }],
  filings: [],
  basis_note: 'Consolidated figures, where filed for twelve months.',
};

export const OVERVIEW: MarketOverview = {
  as_of: '2024-03-28',
  index: { symbol: 'NIFTY 50', as_of: '2024-03-07', close: 22474.05, change: 117.75, change_pct: 0.53, high_52w: 22474.05, low_52w: 16828.35, history: [] },
  breadth: { advancers: 31, decliners: 16, unchanged: 1 },
  gainers: [],
  losers: [],
  most_active: [],
  sectors: [
    { industry: 'ENERGY', change_pct: -0.21, change_1m_pct: 1.84, stocks: 4, advancers: 1, decliners: 3 },
    { industry: 'INFORMATION TECHNOLOGY', change_pct: 0.85, change_1m_pct: -8.1, stocks: 5, advancers: 4, decliners: 1 },
  ],
};

export const SYMBOLS: MarketSymbols = [
  { symbol: 'RELIANCE', company: 'Reliance Industries Ltd.', industry: 'ENERGY', isin: 'INE002A01018', first_date: '2000-01-03', last_date: '2024-03-28' },
  { symbol: 'INFY', company: 'Infosys Ltd.', industry: 'INFORMATION TECHNOLOGY', isin: 'INE009A01021', first_date: '2000-01-03', last_date: '2024-03-28' },
];

const band = (close: number, pct: number) => Array.from({ length: 10 }, (_, day) => Math.round(close * (1 + (pct * Math.sqrt(day + 1)) / Math.sqrt(10)) * 100) / 100);

export const RELIANCE_FORECAST: PredictResponse = {
  ticker: 'RELIANCE',
  company: 'Reliance Industries Ltd.',
  forecast: Array.from({ length: 10 }, () => 2971.7),
  dates: ['2024-04-01', '2024-04-02', '2024-04-03', '2024-04-04', '2024-04-05', '2024-04-08', '2024-04-09', '2024-04-10', '2024-04-11', '2024-04-12'],
  lower80: band(2971.7, -0.052),
  upper80: band(2971.7, 0.055),
  lower95: band(2971.7, -0.081),
  upper95: band(2971.7, 0.086),
  as_of: '2024-03-28',
  last_close: 2971.7,
  horizon_days: 10,
  model: 'naive',
  model_name: 'No change (naive)',
  baseline: 'naive',
  accuracy: { relative_mae: { h1: 1, h5: 1, h10: 1 }, mase: { h1: 1.01, h5: 2.24, h10: 3.16 }, coverage80: 0.804, coverage95: 0.951, origins: 92, tests: 920, test_window: { from: '2022-03-30', to: '2024-03-13' }, beats_naive: false },
  computed_at: '2024-03-29T01:00:00.000Z',
};

/** What each pattern answers for a symbol; a function may throw (a DomainError) or wait. */
type Answers = Record<string, (payload: Record<string, unknown>) => unknown>;

const bySymbol = <T>(table: Record<string, T>) => (payload: Record<string, unknown>) => {
  const answer = table[String(payload.symbol ?? payload.ticker)];
  if (answer === undefined) throw new DomainError('not_found', `Nivesh has no prices for ${String(payload.symbol ?? payload.ticker)}.`);
  return answer;
};

/** Every pattern the agents read, answered from the fixtures for RELIANCE and INFY. */
export const fixtureAnswers = (): Answers => ({
  [MARKET.quote.pattern]: bySymbol({ RELIANCE: RELIANCE_QUOTE, INFY: { ...RELIANCE_QUOTE, symbol: 'INFY', company: 'Infosys Ltd.', close: 1498.05 } }),
  [MARKET.version.pattern]: () => ({ version: '7' }),
  [MARKET.summary.pattern]: bySymbol({ RELIANCE: RELIANCE_SUMMARY, INFY: INFY_SUMMARY }),
  [MARKET.indicators.pattern]: bySymbol({ RELIANCE: RELIANCE_INDICATORS, INFY: INFY_INDICATORS }),
  [MARKET.risk.pattern]: bySymbol({ RELIANCE: RELIANCE_RISK, INFY: INFY_RISK }),
  [MARKET.sentiment.pattern]: () => MARKET_SENTIMENT,
  [MARKET.overview.pattern]: () => OVERVIEW,
  [MARKET.symbols.pattern]: () => SYMBOLS,
  [MARKET.valuation.pattern]: bySymbol({ RELIANCE: RELIANCE_VALUATION }),
  [PREDICTION.predict.pattern]: bySymbol({ RELIANCE: RELIANCE_FORECAST }),
});

export type StubRpc = { call: RpcCall; calls: Array<{ pattern: string; payload: unknown; deadlineMs: number }> };

/** An RPC seam answering from `answers`; a pattern without an answer is not implemented, as in a service without it. */
export const stubRpc = (answers: Answers = fixtureAnswers()): StubRpc => {
  const calls: StubRpc['calls'] = [];
  const call = async <D extends RpcDefinition>(def: D, payload: z.input<D['payload']>, options: { deadlineMs: number }): Promise<z.output<D['result']>> => {
    calls.push({ pattern: def.pattern, payload, deadlineMs: options.deadlineMs });
    const answer = answers[def.pattern];
    if (!answer) throw new DomainError('not_implemented', `${def.feature.name} is not available yet.`);
    return (await answer(payload as Record<string, unknown>)) as z.output<D['result']>;
  };
  return { call, calls };
};

/** Waits `ms`, then answers `value`. */
export const later = <T>(ms: number, value: T): Promise<T> => new Promise((resolve) => setTimeout(() => resolve(value), ms).unref());
