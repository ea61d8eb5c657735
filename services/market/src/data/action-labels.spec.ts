import { actionLabel, asFraction } from './action-labels';

describe('actionLabel', () => {
  const shares = (kind: 'split' | 'bonus' | 'split_bonus' | 'reverse_split', ratio: number) => actionLabel({ kind, ratio, factor: 1 / ratio, note: null });

  it('names splits by their share ratio, bonus issues by new shares per shares held', () => {
    expect(shares('split', 2)).toBe('2-for-1 split');
    expect(shares('split', 10)).toBe('10-for-1 split');
    expect(shares('split', 2.5)).toBe('5-for-2 split');
    expect(shares('bonus', 2)).toBe('1:1 bonus issue');
    expect(shares('bonus', 1.5)).toBe('1:2 bonus issue');
    expect(shares('bonus', 4 / 3)).toBe('1:3 bonus issue');
    expect(shares('bonus', 5 / 3)).toBe('2:3 bonus issue');
    expect(shares('bonus', 1.2)).toBe('1:5 bonus issue');
    expect(shares('bonus', 4)).toBe('3:1 bonus issue');
  });

  it('describes a split with a bonus on one day, and a consolidation', () => {
    expect(shares('split_bonus', 15)).toBe('Split and bonus issue on one day: 15 shares for each one held');
    expect(shares('reverse_split', 0.1)).toBe('1-for-10 consolidation (reverse split)');
  });

  it('describes price-only actions by their note and the factor earlier prices were multiplied by', () => {
    expect(actionLabel({ kind: 'demerger', ratio: null, factor: 2580 / 2841.85, note: 'Demerger of Jio Financial Services' })).toBe(
      'Demerger of Jio Financial Services (price adjusted ×0.908)',
    );
    expect(actionLabel({ kind: 'rights', ratio: null, factor: 0.9906, note: null })).toBe('Rights issue (price adjusted ×0.991)');
    expect(actionLabel({ kind: 'special_dividend', ratio: null, factor: 0.9874, note: '  ' })).toBe('Special dividend (price adjusted ×0.987)');
  });

  it('finds small fractions, and none for an odd ratio', () => {
    expect(asFraction(5 / 3)).toEqual([5, 3]);
    expect(asFraction(0.2)).toEqual([1, 5]);
    expect(asFraction(1.3719)).toBeNull();
  });
});
