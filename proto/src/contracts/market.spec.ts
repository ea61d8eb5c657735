import { indicatorColumns, type IndicatorPointSeries, indicatorPoints, MarketIndicatorsSchema } from './market';

const DATES = ['2024-03-26', '2024-03-27', '2024-03-28'];
const pts = (values: Array<number | null>) => values.flatMap((value, i) => (value === null ? [] : [{ date: DATES[i]!, value }]));
const SERIES: IndicatorPointSeries = {
  sma20: pts([null, 2, 3]),
  sma50: pts([null, null, 3]),
  ema20: pts([1, 2, 3]),
  rsi14: pts([40, 50, 60]),
  macd: { macd: pts([1, 2, 3]), signal: pts([1, 1, 1]), histogram: pts([0, 1, 2]) },
  bollinger20: { upper: pts([4, 5, 6]), middle: pts([3, 4, 5]), lower: pts([2, 3, 4]) },
  atr14: pts([1, 1, 1]),
  adx14: pts([null, 21, 22]),
  stochastic14: { k: pts([10, 20, 30]), d: pts([15, 20, 25]) },
  obv: pts([1000, null, 3000]),
  vwap: pts([10, null, 11]),
};

describe('indicator columns', () => {
  it('align every series to the dates with null where it has no point, and turn back into the same points', () => {
    const columns = indicatorColumns(DATES, SERIES);
    expect(columns.sma50).toEqual([null, null, 3]);
    expect(columns.macd.histogram).toEqual([0, 1, 2]);
    expect(columns.obv).toEqual([1000, null, 3000]);
    const answer = MarketIndicatorsSchema.parse({ symbol: 'INFY', as_of: '2024-03-28', adjusted: true, dates: DATES, series: columns });
    expect(indicatorPoints(answer)).toEqual({ symbol: 'INFY', as_of: '2024-03-28', adjusted: true, series: SERIES });
  });

  it('rejects a column whose length differs from the dates, naming it', () => {
    const columns = indicatorColumns(DATES, SERIES);
    const result = MarketIndicatorsSchema.safeParse({
      symbol: 'INFY',
      as_of: '2024-03-28',
      adjusted: true,
      dates: DATES,
      series: { ...columns, stochastic14: { ...columns.stochastic14, d: [1, 2] } },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['series', 'stochastic14', 'd']);
  });
});
