import { rightsFactor } from '../data/dataset-actions';
import { priceFactor } from './apply-announcements';

describe('priceFactor', () => {
  it("takes a demerger's factor from the ex-date's open (the special pre-open session) against the previous close", () => {
    // RELIANCE 2023-07-20: Jio Financial Services, pre-open price 2,580 against 2,841.85.
    expect(priceFactor('demerger', {}, 2841.85, 2580)).toEqual({ factor: 2580 / 2841.85 });
  });

  it('takes the theoretical ex-rights price for a rights issue, and the dividend off the previous close for a special dividend', () => {
    expect(priceFactor('rights', { rights: { offered: 1, held: 15, price: 1257 } }, 1479.25, 1400)).toEqual({ factor: rightsFactor(1, 15, 1257, 1479.25) });
    expect(priceFactor('special_dividend', { special_dividend: { amount: 170 } }, 1767.4, 1600)).toEqual({ factor: 1 - 170 / 1767.4 });
  });

  it('refuses a factor outside (0, 1) with a sentence why', () => {
    expect(priceFactor('demerger', {}, 100, 104)).toEqual({
      refused: 'Not applied: the ex-date opened at ₹104, not below the previous close of ₹100, so there is no price fall to adjust for; an operator can classify the move.',
    });
    expect(priceFactor('demerger', {}, 100, 100)).toMatchObject({ refused: expect.stringContaining('not below the previous close of ₹100') });
    expect(priceFactor('rights', { rights: { offered: 2, held: 7, price: 550 } }, 500, 490)).toEqual({
      refused: 'Not applied: the rights price of ₹550 is not below the previous close of ₹500, so there is no price fall to adjust for; an operator can classify the move.',
    });
    expect(priceFactor('special_dividend', { special_dividend: { amount: 120.5 } }, 100, 10)).toEqual({
      refused: 'Not applied: the dividend of ₹120.50 is not below the previous close of ₹100, so there is no price fall to adjust for; an operator can classify the move.',
    });
    expect(priceFactor('rights', {}, 100, 90)).toEqual({ refused: 'Not applied: the rights terms are missing.' });
  });
});
