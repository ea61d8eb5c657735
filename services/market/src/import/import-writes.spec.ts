import { actionKind, shareAction } from './import-writes';

describe('actionKind', () => {
  it('calls a ratio below 1 a consolidation, 5 and 10 splits, 15 and 20 a split with a bonus, every other ratio a bonus issue', () => {
    expect(actionKind(0.1)).toBe('reverse_split');
    expect(actionKind(5)).toBe('split');
    expect(actionKind(10)).toBe('split');
    expect(actionKind(15)).toBe('split_bonus');
    expect(actionKind(20)).toBe('split_bonus');
    for (const ratio of [1.2, 1.25, 4 / 3, 1.5, 5 / 3, 2, 2.5, 3, 4]) expect(actionKind(ratio)).toBe('bonus');
  });

  it('stores a detected change with factor 1/ratio', () => {
    expect(shareAction('INFY', '2018-09-04', 2)).toEqual({ symbol: 'INFY', ex_date: '2018-09-04', kind: 'bonus', ratio: 2, factor: 0.5 });
    expect(shareAction('ZZ', '2024-04-02', 0.2)).toMatchObject({ kind: 'reverse_split', factor: 5 });
  });
});
