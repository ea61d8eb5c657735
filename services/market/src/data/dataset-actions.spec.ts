import path from 'node:path';
import { ConfigSchema } from '../config';
import { SHARE_KINDS } from './corporate-actions';
import { readBarsCsv, readSymbolsCsv } from './csv';
import { DATASET_ACTIONS, rightsFactor } from './dataset-actions';

const DATA = ConfigSchema.shape.MARKET_DATA_DIR.parse(process.env.MARKET_DATA_DIR);
const find = (symbol: string, date: string) => DATASET_ACTIONS.find((action) => action.symbol === symbol && action.ex_date === date);

describe('DATASET_ACTIONS', () => {
  it('labels face-value splits as splits, not bonus issues, and a split with a bonus on one day as both', () => {
    for (const [symbol, date] of [
      ['HDFCBANK', '2019-09-19'],
      ['BHARTIARTL', '2009-07-24'],
      ['KOTAKBANK', '2010-09-13'],
      ['M&M', '2010-03-29'],
    ] as const) {
      expect(find(symbol, date)).toMatchObject({ kind: 'split', ratio: 2, factor: 0.5 });
    }
    expect(find('ITC', '2005-09-21')).toMatchObject({ kind: 'split_bonus', ratio: 15 });
    expect(find('RELIANCE', '2017-09-07')).toMatchObject({ kind: 'bonus', ratio: 2 });
  });

  it('holds the demergers with the price discovered on the ex-date against the previous close, and a source for each', () => {
    expect(find('RELIANCE', '2023-07-20')).toMatchObject({ kind: 'demerger', ratio: null, note: 'Demerger of Jio Financial Services' });
    expect(find('RELIANCE', '2023-07-20')!.factor).toBeCloseTo(2580 / 2841.85, 12);
    const demergers = DATASET_ACTIONS.filter((action) => action.kind === 'demerger').map((action) => `${action.symbol} ${action.ex_date}`);
    expect(demergers).toEqual(['GRASIM 2010-05-26', 'GRASIM 2017-07-19', 'RELIANCE 2006-01-18', 'RELIANCE 2023-07-20', 'WIPRO 2013-04-09', 'ZEEL 2006-12-18']);
    for (const action of DATASET_ACTIONS.filter((entry) => !SHARE_KINDS.has(entry.kind))) {
      expect(action).toMatchObject({ ratio: null, note: expect.any(String), source_url: expect.stringMatching(/^https?:\/\//) });
    }
    expect(rightsFactor(1, 15, 1257, 1479.25)).toBeCloseTo((15 * 1479.25 + 1257) / (16 * 1479.25), 12);
  });

  it('keeps every entry consistent: one per day, factor 1/ratio for share changes, a factor below 1 otherwise', () => {
    const keys = DATASET_ACTIONS.map((action) => `${action.symbol}|${action.ex_date}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const action of DATASET_ACTIONS) {
      if (SHARE_KINDS.has(action.kind)) {
        expect(action.ratio).toBeGreaterThan(1);
        expect(action.factor * action.ratio!).toBeCloseTo(1, 12);
      } else {
        expect(action.factor).toBeGreaterThan(0.7);
        expect(action.factor).toBeLessThan(1);
      }
    }
  });

  it('dates every action on a trading day inside its stock file, and each demerger factor on the file except RELIANCE 2006', async () => {
    const symbols = await readSymbolsCsv(path.join(DATA, 'symbols.csv'));
    const files = new Map(symbols.map((entry) => [entry.symbol, entry.file]));
    for (const symbol of new Set(DATASET_ACTIONS.map((action) => action.symbol))) {
      const bars = await readBarsCsv(path.join(DATA, files.get(symbol)!));
      const at = new Map(bars.map((bar, i) => [bar.date, i]));
      for (const action of DATASET_ACTIONS.filter((entry) => entry.symbol === symbol)) {
        const i = at.get(action.ex_date);
        expect([symbol, action.ex_date, i !== undefined && i > 0]).toEqual([symbol, action.ex_date, true]);
        if (action.kind === 'demerger' && !(symbol === 'RELIANCE' && action.ex_date === '2006-01-18')) {
          expect(action.factor).toBeCloseTo(bars[i!]!.open / bars[i! - 1]!.close, 12);
        }
      }
    }
  });
});
