import type { MarketCache } from '../cache/market-cache';
import type { MarketTables, MarketTransactions } from '../transactions/market-transactions.repository';
import type { PriceAnomaliesRepository, StoredAnomaly } from '../anomalies/price-anomalies.repository';
import { AnomalyReview, classifiedAction, parseClassification, ReviewError } from './anomaly-review';

// ZEEL on 2007-02-12 (the Dish TV demerger): flagged, as the importer stores it.
const FLAG: StoredAnomaly = { symbol: 'ZEEL', date: '2007-02-12', previous_close: 361.3, open: 225.25, close: 258.35, index_change: -0.031, status: 'unreviewed', kind: null };

describe('parseClassification', () => {
  it('reads symbol, date, kind and value, with an optional note', () => {
    expect(parseClassification(['zeel', '2007-02-12', 'demerger', 'open', '--note', 'Demerger of Dish TV'])).toEqual({
      symbol: 'ZEEL',
      date: '2007-02-12',
      kind: 'demerger',
      value: 'open',
      note: 'Demerger of Dish TV',
    });
    expect(parseClassification(['INFY', '2020-01-02', 'split', '2'])).toMatchObject({ kind: 'split', value: 2 });
  });

  it('refuses missing arguments, a bad date, an unknown kind or a value that is not a number', () => {
    expect(() => parseClassification(['ZEEL', '2007-02-12', 'demerger'])).toThrow(ReviewError);
    expect(() => parseClassification(['ZEEL', '12-02-2007', 'demerger', '0.7'])).toThrow('is not a date');
    expect(() => parseClassification(['ZEEL', '2007-02-12', 'crash', '0.7'])).toThrow('kind must be one of split, bonus, split_bonus');
    expect(() => parseClassification(['ZEEL', '2007-02-12', 'demerger', 'x'])).toThrow('x is not a number');
  });
});

describe('classifiedAction', () => {
  it('takes the factor of a demerger as given, or as the open against the previous close', () => {
    expect(classifiedAction(FLAG, { symbol: 'ZEEL', date: FLAG.date, kind: 'demerger', value: 0.7, note: ' Demerger of Dish TV ' })).toEqual({
      symbol: 'ZEEL',
      ex_date: '2007-02-12',
      kind: 'demerger',
      ratio: null,
      factor: 0.7,
      note: 'Demerger of Dish TV',
      source_url: null,
    });
    expect(classifiedAction(FLAG, { symbol: 'ZEEL', date: FLAG.date, kind: 'demerger', value: 'open' }).factor).toBeCloseTo(225.25 / 361.3, 12);
  });

  it('takes the ratio of a share-count change, above 1, or below 1 for a consolidation', () => {
    expect(classifiedAction(FLAG, { symbol: 'ZEEL', date: FLAG.date, kind: 'bonus', value: 1.5 })).toMatchObject({ ratio: 1.5, factor: 1 / 1.5 });
    expect(classifiedAction(FLAG, { symbol: 'ZEEL', date: FLAG.date, kind: 'reverse_split', value: 0.1 })).toMatchObject({ ratio: 0.1, factor: 10 });
    expect(() => classifiedAction(FLAG, { symbol: 'ZEEL', date: FLAG.date, kind: 'split', value: 0.5 })).toThrow('a split takes a ratio above 1');
    expect(() => classifiedAction(FLAG, { symbol: 'ZEEL', date: FLAG.date, kind: 'reverse_split', value: 10 })).toThrow('a consolidation takes a ratio below 1');
    expect(() => classifiedAction(FLAG, { symbol: 'ZEEL', date: FLAG.date, kind: 'rights', value: 1.2 })).toThrow('between 0 and 1');
    expect(() => classifiedAction(FLAG, { symbol: 'ZEEL', date: FLAG.date, kind: 'demerger', value: -1 })).toThrow('not a positive number');
  });
});

describe('AnomalyReview', () => {
  /** Tables holding one flag (and, if told, an action on its day) that record the writes they are asked for. */
  const setup = ({ flag = FLAG as StoredAnomaly | null, actionThatDay = false } = {}) => {
    const writes: Array<{ table: string; args: unknown[] }> = [];
    const record = (table: string) => async (...args: unknown[]) => void writes.push({ table, args });
    const anomalies = { lock: async () => flag, mark: record('price_anomalies') };
    const actions = { exists: async () => actionThatDay, insertMany: async (...args: unknown[]) => (await record('corporate_actions')(...args), 1) };
    const locked: boolean[] = [];
    const transactions = {
      run: async <T>(work: (tables: MarketTables) => Promise<T>, options: { lockImports?: boolean } = {}) => {
        locked.push(options.lockImports === true);
        return work({ anomalies, actions } as unknown as MarketTables);
      },
    } as unknown as MarketTransactions;
    const cache = { bumpVersion: jest.fn(async () => undefined) };
    return { review: new AnomalyReview(transactions, anomalies as unknown as PriceAnomaliesRepository, cache as unknown as MarketCache), writes, cache, locked };
  };

  it('stores the classified action from the operator, marks the flag classified and makes cached answers stale', async () => {
    const { review, writes, cache, locked } = setup();
    const result = await review.classify({ symbol: 'ZEEL', date: '2007-02-12', kind: 'demerger', value: 'open', note: 'Demerger of Dish TV' });
    expect(result).toEqual({ symbol: 'ZEEL', date: '2007-02-12', status: 'classified', label: 'Demerger of Dish TV (price adjusted ×0.623)' });
    expect(writes).toEqual([
      {
        table: 'corporate_actions',
        args: [[{ symbol: 'ZEEL', ex_date: '2007-02-12', kind: 'demerger', ratio: null, factor: 225.25 / 361.3, note: 'Demerger of Dish TV', source_url: null }], 'operator'],
      },
      { table: 'price_anomalies', args: ['ZEEL', '2007-02-12', 'classified', 'demerger'] },
    ]);
    expect(locked).toEqual([true]);
    expect(cache.bumpVersion).toHaveBeenCalledTimes(1);
  });

  it('dismisses a flag without touching actions or cached answers', async () => {
    const { review, writes, cache } = setup();
    expect(await review.dismiss('ZEEL', '2007-02-12')).toEqual({ symbol: 'ZEEL', date: '2007-02-12', status: 'dismissed' });
    expect(writes).toEqual([{ table: 'price_anomalies', args: ['ZEEL', '2007-02-12', 'dismissed', null] }]);
    expect(cache.bumpVersion).not.toHaveBeenCalled();
  });

  it('refuses a day with no flag, a flag already reviewed, or a day that already holds an action, writing nothing', async () => {
    const classification = { symbol: 'ZEEL', date: '2007-02-12', kind: 'demerger' as const, value: 0.7 };
    const none = setup({ flag: null });
    await expect(none.review.classify(classification)).rejects.toThrow('no flagged move of ZEEL on 2007-02-12');
    const reviewed = setup({ flag: { ...FLAG, status: 'dismissed' } });
    await expect(reviewed.review.classify(classification)).rejects.toThrow('was already dismissed');
    await expect(reviewed.review.dismiss('ZEEL', '2007-02-12')).rejects.toThrow('was already dismissed');
    const taken = setup({ actionThatDay: true });
    await expect(taken.review.classify(classification)).rejects.toThrow('ZEEL already has a corporate action on 2007-02-12');
    for (const { writes, cache } of [none, reviewed, taken]) {
      expect(writes).toEqual([]);
      expect(cache.bumpVersion).not.toHaveBeenCalled();
    }
  });
});
