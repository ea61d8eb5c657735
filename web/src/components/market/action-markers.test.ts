import { actionMarkerText, priceOnly } from './action-markers';

describe('actionMarkerText', () => {
  it('gives splits and bonus issues their share ratio, other actions their name', () => {
    expect(actionMarkerText({ kind: 'split', ratio: 2 })).toBe('Split 2:1');
    expect(actionMarkerText({ kind: 'split', ratio: 10 })).toBe('Split 10:1');
    expect(actionMarkerText({ kind: 'bonus', ratio: 2 })).toBe('Bonus 1:1');
    expect(actionMarkerText({ kind: 'bonus', ratio: 4 / 3 })).toBe('Bonus 1:3');
    expect(actionMarkerText({ kind: 'split_bonus', ratio: 15 })).toBe('Split + bonus');
    expect(actionMarkerText({ kind: 'reverse_split', ratio: 0.1 })).toBe('Reverse split 1:10');
    expect(actionMarkerText({ kind: 'demerger', ratio: null })).toBe('Demerger');
    expect(actionMarkerText({ kind: 'rights', ratio: null })).toBe('Rights');
    expect(actionMarkerText({ kind: 'special_dividend', ratio: null })).toBe('Special dividend');
  });

  it('tells actions that moved only the price from those that changed the share count', () => {
    expect(priceOnly({ kind: 'demerger' })).toBe(true);
    expect(priceOnly({ kind: 'bonus' })).toBe(false);
  });
});
