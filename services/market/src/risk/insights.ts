import { INSIGHT_HORIZONS, type MarketBar, type MarketInsights } from '@nivesh/proto';
import { lastIndexOnOrBefore, monthsBefore, round } from '../analysis/stats';
import { type Close, mean, returnCorrelation } from './risk';

type Horizon = (typeof INSIGHT_HORIZONS)[number];
export type HorizonReturn = MarketInsights['horizons'][number];
export type DrawdownEpisode = MarketInsights['drawdowns'][number];
export type MonthSeasonality = MarketInsights['seasonality'][number];
export type VolumeProfile = MarketInsights['volume_profile'];

/** Calendar months back from the latest bar for each horizon. */
export const HORIZON_MONTHS: Record<Horizon, number> = { '1m': 1, '3m': 3, '6m': 6, '1y': 12, '3y': 36, '5y': 60 };
/** Drawdown episodes shallower than this (in %) are corrections too small to list. */
export const MIN_DRAWDOWN_PCT = -10;
export const MAX_DRAWDOWNS = 5;
/** The volume profile covers this many latest bars (about a year) in this many equal price bands. */
export const PROFILE_BARS = 252;
export const PROFILE_BANDS = 12;

const DAY_MS = 86_400_000;
const days = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);


/**
 * Returns over each horizon up to the latest point (as_of). The base is the close on or before as_of minus the
 * horizon in calendar months (`monthsBefore`); everything is null when the history does not reach that date.
 * return_pct = last / base - 1; annualised_pct (1y and longer) = (1 + r)^(1 / years) - 1; nifty_return_pct is
 * the index's close on or before as_of against its close on or before the same base date (null when the index
 * does not reach back that far); above_average: the last close is above the mean close of the bars after the
 * base. Percentages to 2 decimals.
 */
export const horizonReturns = (points: readonly Close[], index: readonly Close[]): HorizonReturn[] => {
  const last = points[points.length - 1]!;
  const indexEnd = lastIndexOnOrBefore(index, last.date);
  return INSIGHT_HORIZONS.map((horizon) => {
    const months = HORIZON_MONTHS[horizon];
    const target = monthsBefore(last.date, months);
    const base = lastIndexOnOrBefore(points, target);
    if (base < 0) return { horizon, return_pct: null, annualised_pct: null, nifty_return_pct: null, above_average: null };
    const r = last.close / points[base]!.close - 1;
    const indexBase = lastIndexOnOrBefore(index, target);
    const after = points.slice(base + 1).map((point) => point.close);
    return {
      horizon,
      return_pct: round(r * 100, 2),
      annualised_pct: months >= 12 ? round(((1 + r) ** (12 / months) - 1) * 100, 2) : null,
      nifty_return_pct: indexBase < 0 || indexEnd < 0 ? null : round((index[indexEnd]!.close / index[indexBase]!.close - 1) * 100, 2),
      above_average: after.length ? last.close > mean(after) : null,
    };
  });
};

/**
 * Drawdown episodes over the whole series: each starts at an all-time-high close (the peak; a close equal to the
 * peak counts as reaching it again), reaches its lowest close (the trough; first date at that low) and ends on the
 * first later close at or above the peak (recovery; null while still below). days_to_trough counts calendar days
 * peak -> trough, days_to_recover trough -> recovery. Episodes shallower than MIN_DRAWDOWN_PCT (-10%) are left out;
 * the MAX_DRAWDOWNS (5) deepest remain, deepest first. depth_pct = trough / peak - 1, in % to 2 decimals.
 */
export const drawdownEpisodes = (points: readonly Close[]): DrawdownEpisode[] => {
  const episodes: Array<DrawdownEpisode & { depth: number }> = [];
  let peak = 0;
  let trough = -1;
  const close = (recovery: number | null) => {
    const depth = (points[trough]!.close / points[peak]!.close - 1) * 100;
    const recoveryDate = recovery === null ? null : points[recovery]!.date;
    episodes.push({
      peak_date: points[peak]!.date,
      trough_date: points[trough]!.date,
      recovery_date: recoveryDate,
      depth_pct: round(depth, 2),
      days_to_trough: days(points[peak]!.date, points[trough]!.date),
      days_to_recover: recoveryDate === null ? null : days(points[trough]!.date, recoveryDate),
      depth,
    });
  };
  for (let i = 1; i < points.length; i++) {
    if (points[i]!.close >= points[peak]!.close) {
      if (trough >= 0) close(i);
      trough = -1;
      peak = i;
    } else if (trough < 0 || points[i]!.close < points[trough]!.close) trough = i;
  }
  if (trough >= 0) close(null);
  return episodes
    .filter((episode) => episode.depth <= MIN_DRAWDOWN_PCT)
    .sort((a, b) => a.depth - b.depth || (a.peak_date < b.peak_date ? -1 : 1))
    .slice(0, MAX_DRAWDOWNS)
    .map(({ depth: _depth, ...episode }) => episode);
};

/**
 * Mean monthly return per calendar month. A month's return is its last close (month-end) against the previous
 * calendar month's last close; a month without a previous month's bars has none. The month of the latest point
 * is left out as possibly incomplete. mean_return_pct in % to 2 decimals, positive_share (returns > 0) 0-1 to 2
 * decimals, both null when no year counts; years = returns counted.
 */
export const seasonality = (points: readonly Close[]): MonthSeasonality[] => {
  const current = points[points.length - 1]?.date.slice(0, 7);
  const monthEnds = new Map<string, number>();
  for (const point of points) if (point.date.slice(0, 7) !== current) monthEnds.set(point.date.slice(0, 7), point.close);
  const byMonth = Array.from({ length: 12 }, () => [] as number[]);
  for (const [key, close] of monthEnds) {
    const previous = monthEnds.get(monthsBefore(`${key}-01`, 1).slice(0, 7));
    if (previous !== undefined) byMonth[Number(key.slice(5, 7)) - 1]!.push(close / previous - 1);
  }
  return byMonth.map((returns, i) => ({
    month: i + 1,
    mean_return_pct: returns.length ? round(mean(returns) * 100, 2) : null,
    positive_share: returns.length ? round(returns.filter((r) => r > 0).length / returns.length, 2) : null,
    years: returns.length,
  }));
};

/**
 * Volume by price over `bars` (the caller passes the latest PROFILE_BARS): PROFILE_BANDS equal bands between the
 * lowest low and highest high; each bar's volume goes to the band holding its typical price (high + low + close)
 * / 3 (the top edge belongs to the top band). Bars without volume are skipped, also for the price range. Prices
 * to 2 decimals, share_pct of the total to 2; point_of_control is the middle of the band with the most volume
 * (the lowest such band on a tie), null without volume.
 */
export const volumeProfile = (bars: readonly MarketBar[], bandCount = PROFILE_BANDS): VolumeProfile => {
  const traded = bars.filter((bar) => bar.volume !== null);
  if (!traded.length) return { bands: [], point_of_control: null };
  const low = Math.min(...traded.map((bar) => bar.low));
  const high = Math.max(...traded.map((bar) => bar.high));
  const width = (high - low) / bandCount;
  const volumes = new Array<number>(bandCount).fill(0);
  for (const bar of traded) {
    const typical = (bar.high + bar.low + bar.close) / 3;
    const band = width > 0 ? Math.min(bandCount - 1, Math.max(0, Math.floor((typical - low) / width))) : 0;
    volumes[band]! += bar.volume!;
  }
  const total = volumes.reduce((sum, volume) => sum + volume, 0);
  const top = volumes.indexOf(Math.max(...volumes));
  return {
    bands: volumes.map((volume, i) => ({
      price_from: round(low + i * width, 2),
      price_to: round(i === bandCount - 1 ? high : low + (i + 1) * width, 2),
      volume,
      share_pct: total > 0 ? round((volume / total) * 100, 2) : 0,
    })),
    point_of_control: total > 0 ? round(low + (top + 0.5) * width, 2) : null,
  };
};

export type Peer = { symbol: string; company: string; points: readonly Close[] };

/**
 * Pearson correlation of daily simple returns (`returnCorrelation`: common consecutive dates, at least 20) of the
 * stock with NIFTY 50 and each peer, every series cut to dates after `since`; peers without a correlation are
 * left out, the rest sorted by correlation, highest first. 3 decimals.
 */
export const correlations = (points: readonly Close[], index: readonly Close[], peers: readonly Peer[], since: string): MarketInsights['correlation'] => {
  const cut = (series: readonly Close[]) => series.slice(lastIndexOnOrBefore(series, since) + 1);
  const own = cut(points);
  const nifty = returnCorrelation(own, cut(index));
  return {
    nifty: nifty === null ? null : round(nifty, 3),
    peers: peers
      .map((peer) => ({ symbol: peer.symbol, company: peer.company, correlation: returnCorrelation(own, cut(peer.points)) }))
      .filter((peer): peer is { symbol: string; company: string; correlation: number } => peer.correlation !== null)
      .map((peer) => ({ ...peer, correlation: round(peer.correlation, 3) }))
      .sort((a, b) => b.correlation - a.correlation || (a.symbol < b.symbol ? -1 : 1)),
  };
};

/**
 * Everything of the insights answer but the symbol's identity, from its adjusted bars over all history
 * (ascending, not empty), NIFTY 50's, and its industry peers'; the last year for correlations is the dates after
 * `yearStart`.
 */
export const buildInsights = (
  bars: readonly MarketBar[],
  index: readonly Close[],
  peers: readonly Peer[],
  yearStart: string,
): Omit<MarketInsights, 'symbol' | 'company' | 'industry' | 'as_of' | 'nifty_as_of'> => ({
  horizons: horizonReturns(bars, index),
  drawdowns: drawdownEpisodes(bars),
  seasonality: seasonality(bars),
  correlation: correlations(bars, index, peers, yearStart),
  volume_profile: volumeProfile(bars.slice(-PROFILE_BARS)),
});
