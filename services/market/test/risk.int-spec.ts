import { DomainError, MARKET, type MarketBar } from '@nivesh/proto';
import { csvRows, type MarketHarness, startMarket } from './support';

// Independent arithmetic over the dataset's raw rows, to check the service's answers against.
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const stdev = (xs: number[]) => Math.sqrt(xs.reduce((s, x) => s + (x - mean(xs)) ** 2, 0) / (xs.length - 1));
const returns = (rows: MarketBar[]) => rows.slice(1).map((row, i) => row.close / rows[i]!.close - 1);
/** Simple returns of a and b between the same two consecutive dates of both. */
const paired = (a: MarketBar[], b: MarketBar[]) => {
  const at = new Map(b.map((row, i) => [row.date, i]));
  const x: number[] = [];
  const y: number[] = [];
  a.forEach((row, i) => {
    const j = at.get(row.date);
    if (i === 0 || j === undefined || j === 0 || b[j - 1]!.date !== a[i - 1]!.date) return;
    x.push(row.close / a[i - 1]!.close - 1);
    y.push(b[j]!.close / b[j - 1]!.close - 1);
  });
  return { x, y };
};
const cov = (x: number[], y: number[]) => x.reduce((s, v, i) => s + (v - mean(x)) * (y[i]! - mean(y)), 0) / (x.length - 1);
const closeOnOrBefore = (rows: MarketBar[], date: string) => rows.filter((row) => row.date <= date).pop()!;

describe('market risk and insights', () => {
  let market: MarketHarness;
  let nifty: MarketBar[];

  beforeAll(async () => {
    market = await startMarket();
    nifty = csvRows(market.dir, 'NIFTY50.csv');
  });

  afterAll(async () => {
    await market?.close();
  });

  describe('risk', () => {
    it("answers INFY's 1y volatility, drawdown, VaR and beta as computed from the raw rows", async () => {
      // No split or bonus of INFY in the last year: the raw rows are the adjusted ones.
      const { rows: actions } = await market.pg.query(`SELECT 1 FROM market.corporate_actions WHERE symbol = 'INFY' AND ex_date > '2023-03-28'`);
      expect(actions).toHaveLength(0);
      const rows = csvRows(market.dir, 'INFY.csv').filter((row) => row.date > '2023-03-28');
      const closes = rows.map((row) => row.close);

      const volatility = stdev(closes.slice(1).map((close, i) => Math.log(close / closes[i]!))) * Math.sqrt(252) * 100;
      let peak = rows[0]!;
      let worst = { pct: 0, peak: '', trough: '' };
      for (const row of rows) {
        if (row.close > peak.close) peak = row;
        const fall = (row.close / peak.close - 1) * 100;
        if (fall < worst.pct) worst = { pct: fall, peak: peak.date, trough: row.date };
      }
      const sorted = returns(rows).sort((a, b) => a - b);
      const h = (sorted.length - 1) * 0.05;
      const p5 = sorted[Math.floor(h)]! + (h - Math.floor(h)) * (sorted[Math.floor(h) + 1]! - sorted[Math.floor(h)]!);
      const { x, y } = paired(rows, nifty);

      const risk = await market.call(MARKET.risk, { symbol: 'infy', range: '1y' });
      expect(risk).toEqual(
        expect.objectContaining({
          symbol: 'INFY',
          company: 'Infosys Ltd.',
          as_of: '2024-03-28',
          range: { from: rows[0]!.date, to: '2024-03-28', bars: rows.length },
        }),
      );
      expect(risk.metrics.volatility_annual_pct).toBeCloseTo(volatility, 2);
      expect(risk.metrics.max_drawdown_pct).toBeCloseTo(worst.pct, 2);
      expect([risk.metrics.max_drawdown_peak, risk.metrics.max_drawdown_trough]).toEqual([worst.peak, worst.trough]);
      expect(risk.metrics.var95_pct).toBeCloseTo(-p5 * 100, 2);
      expect(risk.metrics.var95_per_lakh).toBe(Math.round(risk.metrics.var95_pct * 1000));
      // NIFTY 50's file ends on 2024-03-07, so fewer common returns than INFY has.
      expect(x.length).toBeLessThan(rows.length - 1);
      expect(risk.metrics.beta).toBeCloseTo(cov(x, y) / cov(y, y), 3);
      expect(risk.level).toBe(volatility > 40 ? 'high' : volatility > 25 || worst.pct < -30 ? 'moderate' : 'low');
    });

    it("flags VEDL's jump of 2022-09-14 on about seven times its usual volume, given back within days, as a pump-and-dump pattern", async () => {
      const rows = csvRows(market.dir, 'VEDL.csv');
      const i = rows.findIndex((row) => row.date === '2022-09-14');
      const day = rows[i]!;
      const change = (day.close / rows[i - 1]!.close - 1) * 100;
      const ratio = day.volume! / mean(rows.slice(i - 20, i).map((row) => row.volume!));
      const reversal = (Math.min(...rows.slice(i + 1, i + 11).map((row) => row.close)) / day.close - 1) * 100;
      expect(change).toBeGreaterThan(8);
      expect(ratio).toBeGreaterThan(3);
      expect(reversal).toBeLessThan(-change / 2);

      const risk = await market.call(MARKET.risk, { symbol: 'VEDL', range: '5y' });
      const flags = risk.flags.filter((flag) => flag.date === '2022-09-14');
      expect(flags.map((flag) => flag.kind)).toEqual(expect.arrayContaining(['pump_and_dump', 'limit_move']));
      const pump = flags.find((flag) => flag.kind === 'pump_and_dump')!;
      expect(pump.figures.close).toBe(day.close);
      expect(pump.figures.change_pct).toBeCloseTo(change, 2);
      expect(pump.figures.volume_ratio).toBeCloseTo(ratio, 2);
      expect(pump.figures.reversal_pct).toBeCloseTo(reversal, 2);
      expect(pump.description).toMatch(new RegExp(`^Volume ${ratio.toFixed(1)}× its 20-day average with a ${change.toFixed(1)}% rise; the price then fell `));
      const dates = risk.flags.map((flag) => flag.date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(risk.flags.length).toBeLessThanOrEqual(50);
    });

    it("calls ADANIPORTS' 2023-12-05 jump, which held, a limit-like move and not a pump and dump", async () => {
      const risk = await market.call(MARKET.risk, { symbol: 'ADANIPORTS' });
      // +15.3% on about ten times the usual volume, opening 0.6% above the previous close; no fall back followed.
      expect(risk.flags.filter((flag) => flag.date === '2023-12-05').map((flag) => flag.kind)).toEqual(['limit_move']);
    });

    it("raises no flag on TATASTEEL's 10:1 split of 2022-07-28 over its whole history", async () => {
      const rows = csvRows(market.dir, 'TATASTEEL.csv');
      const i = rows.findIndex((row) => row.date === '2022-07-28');
      expect(rows[i]!.close / rows[i - 1]!.close - 1).toBeLessThan(-0.8);
      const risk = await market.call(MARKET.risk, { symbol: 'TATASTEEL', range: 'max' });
      expect(risk.range).toEqual({ from: rows[0]!.date, to: rows[rows.length - 1]!.date, bars: rows.length });
      expect(risk.flags.filter((flag) => flag.date === '2022-07-28')).toEqual([]);
      expect(risk.metrics.max_drawdown_trough).not.toBe('2022-07-28');
    });

    it("treats RELIANCE's Jio Financial demerger of 2023-07-20 as a corporate action: no gap-down, no drawdown from the pre-demerger peak", async () => {
      const rows = csvRows(market.dir, 'RELIANCE.csv');
      const i = rows.findIndex((row) => row.date === '2023-07-20');
      // As published: opened 9.2% below the previous close, while NIFTY 50 rose.
      expect(rows[i]!.open / rows[i - 1]!.close - 1).toBeCloseTo(-0.0921, 4);
      const factor = 2580 / 2841.85;
      const { rows: stored } = await market.pg.query(`SELECT kind, factor::float8 AS factor FROM market.corporate_actions WHERE symbol = 'RELIANCE' AND ex_date = '2023-07-20'`);
      expect(stored).toEqual([{ kind: 'demerger', factor: expect.closeTo(factor, 12) }]);

      const risk = await market.call(MARKET.risk, { symbol: 'RELIANCE', range: '1y' });
      expect(risk.flags.filter((flag) => flag.date === '2023-07-20')).toEqual([]);
      expect(risk.metrics.max_drawdown_peak).not.toBe('2023-07-19');
      // The drawdown of the closes adjusted by hand: every close before the ex-date times the factor.
      const year = rows.filter((row) => row.date > '2023-03-28').map((row) => ({ date: row.date, close: row.date < '2023-07-20' ? row.close * factor : row.close }));
      let peak = year[0]!;
      let worst = { pct: 0, peak: '', trough: '' };
      for (const row of year) {
        if (row.close > peak.close) peak = row;
        const fall = (row.close / peak.close - 1) * 100;
        if (fall < worst.pct) worst = { pct: fall, peak: peak.date, trough: row.date };
      }
      expect(risk.metrics.max_drawdown_pct).toBeCloseTo(worst.pct, 2);
      expect([risk.metrics.max_drawdown_peak, risk.metrics.max_drawdown_trough]).toEqual([worst.peak, worst.trough]);
      expect(risk.metrics.max_drawdown_pct).toBeGreaterThan(-21.65);
      expect((await market.call(MARKET.risk, { symbol: 'RELIANCE', range: '5y' })).flags.map((flag) => flag.date)).not.toContain('2023-07-20');
    });

    it("reads RELIANCE's 200-day average and support levels off the demerger-adjusted prices", async () => {
      const rows = csvRows(market.dir, 'RELIANCE.csv');
      const factor = 2580 / 2841.85;
      const closes = rows.slice(-200).map((row) => Math.round((row.date < '2023-07-20' ? row.close * factor : row.close) * 1e4) / 1e4);
      const summary = await market.call(MARKET.summary, { symbol: 'RELIANCE' });
      expect(summary.trend.figures.sma200).toBeCloseTo(mean(closes), 2);
      // The pre-demerger high of ₹2,856 (19 July 2023) is ₹2,593 in today's terms: no level keeps the old price.
      const levels = [...summary.support, ...summary.resistance];
      expect(levels).not.toContainEqual(expect.objectContaining({ price: 2856, last_date: '2023-07-19' }));
      for (const level of levels.filter((entry) => entry.last_date < '2023-07-20')) expect(level.price).toBeLessThan(2700);
    });

    it('answers 5y over the bars after the same date five years back', async () => {
      const risk = await market.call(MARKET.risk, { symbol: 'MARUTI', range: '5y' });
      const rows = csvRows(market.dir, 'MARUTI.csv').filter((row) => row.date > '2019-03-28');
      expect(risk.range).toEqual({ from: rows[0]!.date, to: '2024-03-28', bars: rows.length });
    });

    it('answers an unknown symbol with not_found', async () => {
      const error = await market.call(MARKET.risk, { symbol: 'NOSUCH' }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toEqual(expect.objectContaining({ code: 'not_found', message: 'Unknown symbol' }));
      await expect(market.call(MARKET.insights, { symbol: 'NOSUCH' })).rejects.toThrow('Unknown symbol');
    });
  });

  describe('insights', () => {
    // MARUTI has no split or bonus in the dataset, so its raw rows are its adjusted series.
    const insights = () => market.call(MARKET.insights, { symbol: 'MARUTI' });
    let rows: MarketBar[];
    let answer: Awaited<ReturnType<typeof insights>>;

    beforeAll(async () => {
      const { rows: actions } = await market.pg.query(`SELECT 1 FROM market.corporate_actions WHERE symbol = 'MARUTI'`);
      expect(actions).toHaveLength(0);
      rows = csvRows(market.dir, 'MARUTI.csv');
      answer = await insights();
    });

    it('answers horizon returns against NIFTY 50 from the closes on or before each date', () => {
      expect(answer).toEqual(expect.objectContaining({ symbol: 'MARUTI', industry: 'AUTOMOBILE', as_of: '2024-03-28', nifty_as_of: '2024-03-07' }));
      const last = rows[rows.length - 1]!.close;
      const base = closeOnOrBefore(rows, '2023-03-28');
      const year = answer.horizons.find((h) => h.horizon === '1y')!;
      expect(year.return_pct).toBeCloseTo((last / base.close - 1) * 100, 2);
      expect(year.annualised_pct).toBeCloseTo((last / base.close - 1) * 100, 2);
      expect(year.nifty_return_pct).toBeCloseTo((closeOnOrBefore(nifty, '2024-03-28').close / closeOnOrBefore(nifty, '2023-03-28').close - 1) * 100, 2);
      expect(year.above_average).toBe(last > mean(rows.filter((row) => row.date > base.date).map((row) => row.close)));
      const five = answer.horizons.find((h) => h.horizon === '5y')!;
      const r5 = last / closeOnOrBefore(rows, '2019-03-28').close - 1;
      expect(five.return_pct).toBeCloseTo(r5 * 100, 2);
      expect(five.annualised_pct).toBeCloseTo(((1 + r5) ** (1 / 5) - 1) * 100, 2);
      const month = answer.horizons.find((h) => h.horizon === '1m')!;
      expect(month.return_pct).toBeCloseTo((last / closeOnOrBefore(rows, '2024-02-28').close - 1) * 100, 2);
      expect(month.annualised_pct).toBeNull();
    });

    it('answers the deepest drawdown over all history', () => {
      let peak = rows[0]!;
      let worst = { depth: 0, peak: '', trough: '' };
      for (const row of rows) {
        if (row.close >= peak.close) peak = row;
        else if (row.close / peak.close - 1 < worst.depth) worst = { depth: row.close / peak.close - 1, peak: peak.date, trough: row.date };
      }
      const deepest = answer.drawdowns[0]!;
      expect(deepest).toEqual(expect.objectContaining({ peak_date: worst.peak, trough_date: worst.trough, depth_pct: expect.closeTo(worst.depth * 100, 2) }));
      const recovery = rows.find((row) => row.date > worst.trough && row.close >= rows.find((r) => r.date === worst.peak)!.close);
      expect(deepest.recovery_date).toBe(recovery?.date ?? null);
      expect(answer.drawdowns.length).toBeLessThanOrEqual(5);
      expect(answer.drawdowns.map((d) => d.depth_pct)).toEqual([...answer.drawdowns.map((d) => d.depth_pct)].sort((a, b) => a - b));
    });

    it("answers March's seasonality from month-end closes", () => {
      const monthEnd = new Map<string, number>();
      for (const row of rows) if (row.date.slice(0, 7) !== '2024-03') monthEnd.set(row.date.slice(0, 7), row.close);
      const march = [...monthEnd]
        .filter(([key]) => key.endsWith('-03') && monthEnd.has(`${key.slice(0, 4)}-02`))
        .map(([key, close]) => close / monthEnd.get(`${key.slice(0, 4)}-02`)! - 1);
      expect(march.length).toBe(20); // 2004 .. 2023
      expect(answer.seasonality[2]).toEqual({
        month: 3,
        mean_return_pct: expect.closeTo(mean(march) * 100, 2),
        positive_share: expect.closeTo(march.filter((r) => r > 0).length / march.length, 2),
        years: march.length,
      });
      expect(answer.seasonality.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    });

    it('answers the correlation of last-year daily returns with NIFTY 50 and its industry peers', () => {
      const year = rows.filter((row) => row.date > '2023-03-28');
      const pearson = (other: MarketBar[]) => {
        const { x, y } = paired(year, other.filter((row) => row.date > '2023-03-28'));
        return cov(x, y) / (stdev(x) * stdev(y));
      };
      expect(answer.correlation.nifty).toBeCloseTo(pearson(nifty), 3);
      // BAJAJ-AUTO had no split or bonus in the last year either.
      const bajaj = answer.correlation.peers.find((peer) => peer.symbol === 'BAJAJ-AUTO')!;
      expect(bajaj.correlation).toBeCloseTo(pearson(csvRows(market.dir, 'BAJAJ-AUTO.csv')), 3);
      expect(answer.correlation.peers.map((peer) => peer.symbol).sort()).toEqual(['BAJAJ-AUTO', 'EICHERMOT', 'HEROMOTOCO', 'M&M', 'TATAMOTORS']);
      const values = answer.correlation.peers.map((peer) => peer.correlation);
      expect(values).toEqual([...values].sort((a, b) => b - a));
    });

    it('answers the volume profile of the last 252 bars', () => {
      const last = rows.slice(-252);
      const low = Math.min(...last.map((row) => row.low));
      const high = Math.max(...last.map((row) => row.high));
      const width = (high - low) / 12;
      const volumes = new Array<number>(12).fill(0);
      for (const row of last) volumes[Math.min(11, Math.floor(((row.high + row.low + row.close) / 3 - low) / width))]! += row.volume!;
      const { bands, point_of_control } = answer.volume_profile;
      expect(bands.map((band) => band.volume)).toEqual(volumes);
      expect(bands[0]!.price_from).toBeCloseTo(low, 2);
      expect(bands[11]!.price_to).toBeCloseTo(high, 2);
      expect(point_of_control).toBeCloseTo(low + (volumes.indexOf(Math.max(...volumes)) + 0.5) * width, 2);
      expect(bands.reduce((sum, band) => sum + band.share_pct, 0)).toBeCloseTo(100, 0);
    });

    it('answers again from the cache', async () => {
      expect(await insights()).toEqual(answer);
    });
  });
});
