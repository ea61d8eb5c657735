import type {
  ForecastTrackRecordRow,
  MarketIndicators,
  MarketInsights,
  MarketQuote,
  MarketRisk,
  MarketSentiment,
  MarketTechnicalSummary,
} from '@nivesh/proto';
import type { Grounding } from '../grounding';

/*
 * Groundings as the market and prediction services answer them, with figures computed by their own code from the
 * NSE end-of-day data for 28 Mar 2024 (the sentiment index ends on 7 Mar 2024, NIFTY 50's last bar). The indicator
 * series keep the year's last six bars.
 */

const DATES = ['2024-03-20', '2024-03-21', '2024-03-22', '2024-03-26', '2024-03-27', '2024-03-28'];

export const RELIANCE_INDICATORS: MarketIndicators = {
  symbol: 'RELIANCE',
  as_of: '2024-03-28',
  adjusted: true,
  dates: DATES,
  series: {
    sma20: [2936.9875, 2933.91, 2930.05, 2925.475, 2926.195, 2929.2175],
    sma50: [2872.107, 2877.144, 2880.949, 2883.783, 2887.732, 2892.181],
    ema20: [2908.9905, 2908.32, 2908.4847, 2906.0719, 2913.6555, 2919.1836],
    rsi14: [48.0682, 49.9573, 51.0326, 47.3906, 59.3119, 57.3996],
    macd: {
      macd: [-2.9191, -2.6172, -1.7047, -3.1163, 3.994, 8.4023],
      signal: [15.5532, 11.9191, 9.1944, 6.7322, 6.1846, 6.6281],
      histogram: [-18.4723, -14.5363, -10.8991, -9.8485, -2.1906, 1.7742],
    },
    bollinger20: {
      upper: [3047.1156, 3044.3422, 3038.1264, 3033.3586, 3035.4754, 3040.0108],
      middle: [2936.9875, 2933.91, 2930.05, 2925.475, 2926.195, 2929.2175],
      lower: [2826.8594, 2823.4778, 2821.9736, 2817.5914, 2816.9146, 2818.4242],
    },
    atr14: [52.4288, 50.7053, 48.8907, 47.6878, 52.6279, 52.7688],
    adx14: [30.6593, 28.6586, 26.9189, 25.1942, 25.3551, 25.7017],
    stochastic14: { k: [30.9895, 38.2471, 42.3154, 29.8387, 83.1946, 78.3987], d: [23.3635, 27.2141, 37.184, 36.8004, 51.7829, 63.8107] },
    obv: [189895065, 196398533, 206162337, 200454384, 208617706, 197690524],
    vwap: [2547.7222, 2549.2803, 2551.6326, 2552.9188, 2555.128, 2558.195],
  },
};

export const RELIANCE_QUOTE: MarketQuote = {
  symbol: 'RELIANCE',
  company: 'Reliance Industries Ltd.',
  as_of: '2024-03-28',
  close: 2971.7,
  change: -14,
  change_pct: -0.47,
  high_52w: 3014.8,
  low_52w: 2226.5,
  volume: 10927182,
};

export const RELIANCE_SUMMARY: MarketTechnicalSummary = {
  symbol: 'RELIANCE',
  company: 'Reliance Industries Ltd.',
  as_of: '2024-03-28',
  close: 2971.7,
  trend: {
    label: 'uptrend',
    meaning:
      'The price is above its 50-day average, the 50-day average is above the 200-day average and it is rising. This is how a steady advance usually looks. Trends describe the past and can turn without warning.',
    figures: { close: 2971.7, sma50: 2892.18, sma200: 2581.15, sma50_slope_pct: 4.49 },
  },
  momentum: {
    label: 'strong',
    meaning: 'RSI between 55 and 70 means gains have outweighed losses lately. Momentum like this often comes with an uptrend, but it can fade quickly.',
    figures: { rsi14: 57.4, macd_histogram: 1.7742, return_1m_pct: 2.08 },
  },
  volatility: {
    label: 'normal',
    meaning: 'Daily price swings are within their usual range of the last year.',
    figures: { atr14_pct: 1.78, realised_20d_pct: 21.81, percentile: 66.67 },
  },
  support: [
    { price: 2566.49, touches: 5, last_date: '2024-01-08' },
    { price: 2480.31, touches: 5, last_date: '2023-09-12' },
    { price: 2397.35, touches: 6, last_date: '2023-12-13' },
  ],
  resistance: [],
};

export const RELIANCE_RISK: MarketRisk = {
  symbol: 'RELIANCE',
  company: 'Reliance Industries Ltd.',
  as_of: '2024-03-28',
  range: { from: '2023-03-29', to: '2024-03-28', bars: 245 },
  metrics: {
    volatility_annual_pct: 20.32,
    max_drawdown_pct: -21.65,
    max_drawdown_peak: '2023-07-19',
    max_drawdown_trough: '2023-10-26',
    beta: 1.176,
    var95_pct: 1.47,
    var95_per_lakh: 1470,
  },
  level: 'low',
  flags: [],
};

export const RELIANCE_INSIGHTS: MarketInsights = {
  symbol: 'RELIANCE',
  company: 'Reliance Industries Ltd.',
  industry: 'ENERGY',
  as_of: '2024-03-28',
  nifty_as_of: '2024-03-07',
  horizons: [
    { horizon: '1m', return_pct: 2.08, annualised_pct: null, nifty_return_pct: 2.47, above_average: true },
    { horizon: '3m', return_pct: 14.05, annualised_pct: null, nifty_return_pct: 3.28, above_average: true },
    { horizon: '6m', return_pct: 27.32, annualised_pct: null, nifty_return_pct: 15.21, above_average: true },
    { horizon: '1y', return_pct: 32.19, annualised_pct: 32.19, nifty_return_pct: 32.69, above_average: true },
    { horizon: '3y', return_pct: 48.98, annualised_pct: 14.21, nifty_return_pct: 55.05, above_average: true },
    { horizon: '5y', return_pct: 118.51, annualised_pct: 16.92, nifty_return_pct: 94.41, above_average: true },
  ],
  drawdowns: [{ peak_date: '2023-07-19', trough_date: '2023-10-26', recovery_date: '2023-12-28', depth_pct: -21.65, days_to_trough: 68, days_to_recover: 42 }],
  seasonality: [{ month: 3, mean_return_pct: 1.2, positive_share: 0.58, years: 24 }],
  correlation: { nifty: 0.71, peers: [{ symbol: 'ONGC', company: 'Oil & Natural Gas Corporation Ltd.', correlation: 0.38 }] },
  volume_profile: { bands: [{ price_from: 2200, price_to: 2300, volume: 1_200_000_000, share_pct: 18.5 }], point_of_control: 2250 },
};

export const RELIANCE_FORECAST: ForecastTrackRecordRow = {
  ticker: 'RELIANCE',
  company: 'Reliance Industries Ltd.',
  model: 'ets',
  model_name: 'Exponential smoothing (AutoETS)',
  as_of: '2024-03-28',
  relative_mae: { h1: 1.02, h5: 1.04, h10: 1.07 },
  mase: { h1: 0.95, h5: 2.18, h10: 3.21 },
  coverage80: 0.792,
  coverage95: 0.934,
  origins: 40,
  tests: 400,
  test_window: { from: '2023-10-03', to: '2024-03-14' },
  beats_naive: true,
};

/** A technical chat about RELIANCE with every part fetched. */
export const relianceGrounding = (): Grounding => ({
  chatType: 'technical',
  ticker: 'RELIANCE',
  company: 'Reliance Industries Ltd.',
  quote: RELIANCE_QUOTE,
  summary: RELIANCE_SUMMARY,
  indicators: RELIANCE_INDICATORS,
  risk: RELIANCE_RISK,
  insights: RELIANCE_INSIGHTS,
  forecast: RELIANCE_FORECAST,
});

export const INFY_INDICATORS: MarketIndicators = {
  symbol: 'INFY',
  as_of: '2024-03-28',
  adjusted: true,
  dates: DATES,
  series: {
    sma20: [1632.355, 1626.0225, 1617.6225, 1609.2475, 1600.26, 1591.6],
    sma50: [1647.514, 1648.21, 1648.503, 1646.101, 1642.736, 1640.066],
    ema20: [1622.6857, 1616.2109, 1605.986, 1595.1921, 1584.5881, 1576.3464],
    rsi14: [34.0759, 34.0388, 28.0043, 26.2346, 25.2994, 29.6572],
    macd: {
      macd: [-18.6151, -21.5536, -27.2677, -32.7262, -37.3318, -39.382],
      signal: [-9.8665, -12.2039, -15.2167, -18.7186, -22.4412, -25.8294],
      histogram: [-8.7486, -9.3497, -12.0511, -14.0076, -14.8906, -13.5526],
    },
    bollinger20: {
      upper: [1704.1486, 1701.6524, 1705.1829, 1709.9856, 1711.5216, 1706.3197],
      middle: [1632.355, 1626.0225, 1617.6225, 1609.2475, 1600.26, 1591.6],
      lower: [1560.5614, 1550.3926, 1530.0621, 1508.5094, 1488.9984, 1476.8803],
    },
    atr14: [32.0726, 32.1781, 33.9154, 32.9893, 31.8793, 31.5987],
    adx14: [20.0931, 21.1957, 23.0903, 25.0152, 26.9047, 28.0267],
    stochastic14: { k: [2.1739, 9.2928, 6.406, 2.7966, 1.3053, 9.3644], d: [9.5959, 4.7478, 5.9576, 6.1651, 3.5026, 4.4888] },
    obv: [-96536190, -107598687, -122272577, -130623658, -137481060, -124981530],
    vwap: [1431.4138, 1432.3043, 1433.0388, 1433.3674, 1433.6011, 1434.1059],
  },
};

export const INFY_SUMMARY: MarketTechnicalSummary = {
  symbol: 'INFY',
  company: 'Infosys Ltd.',
  as_of: '2024-03-28',
  close: 1498.05,
  trend: {
    label: 'sideways',
    meaning: 'The price and its 50- and 200-day averages do not line up in one direction. This is common in a range-bound market or while a trend is changing.',
    figures: { close: 1498.05, sma50: 1640.07, sma200: 1479.65, sma50_slope_pct: 1.03 },
  },
  momentum: {
    label: 'oversold',
    meaning: 'RSI below 30 is often read as oversold: the price has fallen fast. It can stay there for long in strong declines.',
    figures: { rsi14: 29.66, macd_histogram: -13.5526, return_1m_pct: -10.36 },
  },
  volatility: {
    label: 'high',
    meaning: 'Daily price swings are larger than on most days of the last year. This often comes with news or market stress; large moves either way are then more likely.',
    figures: { atr14_pct: 2.11, realised_20d_pct: 20.21, percentile: 84.52 },
  },
  support: [
    { price: 1419.74, touches: 6, last_date: '2023-12-13' },
    { price: 1360.15, touches: 5, last_date: '2023-11-10' },
    { price: 1315.93, touches: 4, last_date: '2023-07-21' },
  ],
  resistance: [
    { price: 1502.01, touches: 5, last_date: '2024-01-11' },
    { price: 1584.5, touches: 2, last_date: '2024-03-06' },
    { price: 1645.88, touches: 3, last_date: '2024-03-14' },
  ],
};

export const INFY_RISK: MarketRisk = {
  symbol: 'INFY',
  company: 'Infosys Ltd.',
  as_of: '2024-03-28',
  range: { from: '2023-03-29', to: '2024-03-28', bars: 245 },
  metrics: {
    volatility_annual_pct: 25.29,
    max_drawdown_pct: -14.35,
    max_drawdown_peak: '2023-04-12',
    max_drawdown_trough: '2023-04-20',
    beta: 1.249,
    var95_pct: 1.91,
    var95_per_lakh: 1910,
  },
  level: 'moderate',
  flags: [
    { kind: 'gap', date: '2023-07-21', description: 'Opened 8.9% below the previous close; closed 8.1% below it.', figures: { gap_pct: -8.92, change_pct: -8.13 } },
    { kind: 'gap', date: '2023-04-17', description: 'Opened 10.0% below the previous close; closed 9.4% below it.', figures: { gap_pct: -10, change_pct: -9.42 } },
    {
      kind: 'limit_move',
      date: '2023-04-17',
      description: "Closed 9.4% below the previous close, at 1258.60: a move near NSE's 10% price band.",
      figures: { change_pct: -9.42, close: 1258.6 },
    },
  ],
};

/** A technical chat about INFY: oversold, sideways, volatile, with unusual-trading flags; no TrendVision row yet. */
export const infyGrounding = (): Grounding => ({
  chatType: 'technical',
  ticker: 'INFY',
  company: 'Infosys Ltd.',
  quote: {
    symbol: 'INFY',
    company: 'Infosys Ltd.',
    as_of: '2024-03-28',
    close: 1498.05,
    change: 14.2,
    change_pct: 0.96,
    high_52w: 1729.45,
    low_52w: 1223.4,
    volume: 12499530,
  },
  summary: INFY_SUMMARY,
  indicators: INFY_INDICATORS,
  risk: INFY_RISK,
});

export const MARKET_SENTIMENT: MarketSentiment = {
  as_of: '2024-03-07',
  score: 71.5,
  label: 'Greed',
  components: [
    {
      key: 'breadth',
      name: 'Market breadth',
      score: 63.8,
      value: 63.83,
      unit: '% above 50-day average',
      meaning: '30 of 47 stocks closed above their 50-day average. Many stocks rising together is read as confidence; few as caution.',
    },
    {
      key: 'momentum',
      name: 'Market momentum',
      score: 92,
      value: 8.41,
      unit: '%',
      meaning: 'NIFTY 50 is 8.41% above its 125-day average. Far above it is read as greed, far below as fear.',
    },
    {
      key: 'volatility',
      name: 'Market volatility',
      score: 44.8,
      value: 9.25,
      unit: '% annualised',
      meaning: "NIFTY 50's 20-day volatility is 9.25% a year, above 55% of the previous year's readings. Calm markets are read as confidence, turbulent ones as fear.",
    },
    {
      key: 'highs_lows',
      name: '52-week highs vs lows',
      score: 85.2,
      value: 85.19,
      unit: '% near highs',
      meaning: '23 of 47 stocks closed within 5% of their 52-week high and 4 within 5% of their 52-week low. More stocks near highs than lows is read as greed.',
    },
  ],
  history: [
    ['2023-03-08', 59.6],
    ['2023-03-14', 33.5],
    ['2023-03-22', 42.1],
    ['2023-04-25', 73.3],
    ['2023-06-07', 89.2],
    ['2023-07-20', 93.6],
    ['2023-08-18', 71.3],
    ['2023-10-03', 66.7],
    ['2023-11-01', 42.2],
    ['2023-11-30', 85.1],
    ['2024-01-12', 77.8],
    ['2024-02-07', 61.8],
    ['2024-02-12', 55.5],
    ['2024-02-26', 69.4],
    ['2024-03-05', 65.8],
    ['2024-03-06', 69.7],
    ['2024-03-07', 71.5],
  ].map(([date, score]) => ({ date: date as string, score: score as number })),
  method: 'The index is the mean of four scores from 0 (fear) to 100 (greed), computed on split- and bonus-adjusted daily closes.',
};

/** A market-sentiment chat with its index fetched. */
export const sentimentGrounding = (): Grounding => ({ chatType: 'sentiment', ticker: null, company: null, sentiment: MARKET_SENTIMENT });

/** A chat whose RPC calls all failed. */
export const emptyGrounding = (chatType: 'technical' | 'sentiment', ticker: string | null = chatType === 'technical' ? 'RELIANCE' : null): Grounding => ({
  chatType,
  ticker,
  company: null,
});
