import type { PortfolioRisk, PortfolioWhatIf } from '@nivesh/proto';
import { formatDate } from '../alerts/rules';
import type { Close } from '../ledger/gains';
import { minimumVarianceWeights, OPTIMISATION_ASSUMPTIONS, riskParityWeights } from '../ledger/optimise';
import { MIN_RETURNS, multiply, type PortfolioRisk as LedgerRisk, portfolioRisk, TRADING_DAYS } from '../ledger/risk';

/*
 * The risk figures of the summary and the premium what-if, from today's holdings and the last year of their adjusted
 * closes. Pure: the service fetches, these shape the answers (percentages with two decimals, sentences for people).
 */

const round = (value: number, digits = 2): number => Math.round(value * 10 ** digits) / 10 ** digits;
const pct = (value: number | null): number | null => (value === null ? null : round(value * 100));

/** A holding as the risk figures need it: its value today, in rupees. */
export type HeldValue = { symbol: string; company: string; value: number };

export type HoldingsRisk = {
  /** Null when no holding has both a value and closes over the window. */
  risk: LedgerRisk | null;
  /** Held symbols left out for want of closes over the window. */
  unpriced: string[];
};

/**
 * `portfolioRisk` of today's holdings at today's weights by value. A holding without closes over the window cannot
 * be weighted against the others, so it is left out (and named in `unpriced`) rather than failing the whole answer.
 */
export const holdingsRisk = (holdings: readonly HeldValue[], closes: ReadonlyMap<string, readonly Close[]>, index: readonly Close[]): HoldingsRisk => {
  const held = holdings.filter((holding) => holding.value > 0);
  const priced = held.filter((holding) => closes.get(holding.symbol)?.length);
  const unpriced = held.filter((holding) => !closes.get(holding.symbol)?.length).map((holding) => holding.symbol);
  if (!priced.length || !index.length) return { risk: null, unpriced };
  const weights = Object.fromEntries(priced.map((holding) => [holding.symbol, holding.value]));
  const series = Object.fromEntries(priced.map((holding) => [holding.symbol, closes.get(holding.symbol)!]));
  return { risk: portfolioRisk(series, index, weights), unpriced };
};

/** The summary's risk block in % (drawdown negative), or null with nothing held or fewer than MIN_RETURNS returns. */
export const riskFigures = (risk: LedgerRisk | null): PortfolioRisk | null => {
  if (!risk || risk.portfolio_returns.length < MIN_RETURNS) return null;
  return {
    from: risk.dates[0]!,
    to: risk.dates.at(-1)!,
    returns: risk.portfolio_returns.length,
    volatility: pct(risk.volatility),
    nifty_volatility: pct(risk.index_volatility),
    beta: risk.beta === null ? null : round(risk.beta),
    max_drawdown: pct(risk.max_drawdown.drawdown) ?? 0,
    drawdown_peak: risk.max_drawdown.peak,
    drawdown_trough: risk.max_drawdown.trough,
    contributions: risk.contributions.map((entry) => ({ symbol: entry.symbol, weight_pct: round(entry.weight * 100), risk_share_pct: pct(entry.share) })),
  };
};

/**
 * Weights adding up to 1 as percentages with two decimals that add up to exactly 100 (largest remainder): a mix
 * shown as 33.33 + 33.33 + 33.33 would leave the reader wondering where 0.01 % went.
 */
export const percentages = (weights: readonly number[]): number[] => {
  if (!weights.length) return [];
  const hundredths = weights.map((weight) => Math.max(weight, 0) * 10_000);
  const floors = hundredths.map((value) => Math.floor(value + 1e-9));
  let left = 10_000 - floors.reduce((sum, value) => sum + value, 0);
  const order = hundredths.map((value, i) => ({ i, rest: value - floors[i]! })).sort((a, b) => b.rest - a.rest);
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) floors[order[k]!.i]!++;
  return floors.map((value) => value / 100);
};

/** Annualised volatility in % a mix `w` would have had: √(wᵀΣw) × √252. */
export const mixVolatility = (cov: readonly (readonly number[])[], w: readonly number[]): number => {
  const variance = multiply(cov, w).reduce((sum, value, i) => sum + value * w[i]!, 0);
  return round(Math.sqrt(Math.max(variance, 0) * TRADING_DAYS) * 100);
};

/** Weights and risk shares need this little movement to be found; the percentages shown have two decimals. */
const OPTIMISE = { tolerance: 1e-10 };

const unavailableReason = (risk: LedgerRisk | null): string | null => {
  const count = risk?.symbols.length ?? 0;
  if (count === 0) return 'Your portfolio holds no stocks with prices over the last year, so there is no mix to illustrate: the what-if needs at least two.';
  if (count === 1) return `Your portfolio holds one stock with prices over the last year (${risk!.symbols[0]}), so there is no mix to illustrate: the what-if needs at least two.`;
  const returns = risk!.portfolio_returns.length;
  if (returns < MIN_RETURNS) return `Your stocks have only ${returns} daily returns in common over the last year: the what-if needs at least ${MIN_RETURNS}.`;
  return null;
};

/**
 * The premium what-if: today's weights beside the minimum-variance and risk-parity mixes of the same stocks over the
 * window, each with the volatility it would have had, and the assumptions in sentences. When there is nothing to mix
 * (fewer than two stocks, too short a common history) `unavailable` says why and the mixes stay at today's weights.
 */
export const whatIfFigures = (asOf: string | null, holdings: readonly HeldValue[], { risk, unpriced }: HoldingsRisk): PortfolioWhatIf => {
  const returns = risk?.portfolio_returns.length ?? 0;
  const from = returns ? risk!.dates[0]! : null;
  const to = returns ? risk!.dates.at(-1)! : null;
  const assumptions = [
    ...OPTIMISATION_ASSUMPTIONS,
    ...(from && to ? [`Based on ${returns} daily returns from ${formatDate(from)} to ${formatDate(to)}.`] : []),
    ...unpriced.map((symbol) => `${symbol} is left out: Nivesh has no prices for it over the last year.`),
  ];
  const companies = new Map(holdings.map((holding) => [holding.symbol, holding.company]));
  const current = risk?.weights ?? [];
  let unavailable = unavailableReason(risk);
  let mixes: { minVariance: number[]; riskParity: number[] } | null = null;
  if (!unavailable) {
    try {
      mixes = { minVariance: minimumVarianceWeights(risk!.covariance, OPTIMISE).weights, riskParity: riskParityWeights(risk!.covariance, OPTIMISE).weights };
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      unavailable = 'One of your stocks did not move at all over the last year, so the mixes cannot be worked out.';
    }
  }
  const [currentPct, minVariancePct, riskParityPct] = [current, mixes?.minVariance ?? current, mixes?.riskParity ?? current].map(percentages) as [number[], number[], number[]];
  const enough = returns >= MIN_RETURNS;
  return {
    as_of: asOf,
    from,
    to,
    returns,
    holdings: (risk?.symbols ?? []).map((symbol, i) => ({
      symbol,
      company: companies.get(symbol) ?? symbol,
      current_pct: currentPct[i]!,
      min_variance_pct: minVariancePct[i]!,
      risk_parity_pct: riskParityPct[i]!,
    })),
    volatility: {
      current: risk && enough ? mixVolatility(risk.covariance, current) : null,
      min_variance: mixes ? mixVolatility(risk!.covariance, mixes.minVariance) : null,
      risk_parity: mixes ? mixVolatility(risk!.covariance, mixes.riskParity) : null,
    },
    assumptions,
    unavailable,
  };
};
