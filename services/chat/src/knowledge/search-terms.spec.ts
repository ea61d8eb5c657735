import { indexTerm, tokenise } from './search-terms';

const terms = (text: string): string[] => tokenise(text).flatMap((word) => indexTerm(word) ?? []);

describe('search terms', () => {
  it('folds ratio abbreviations so "P/E", "p / e" and "PE" meet', () => {
    expect(terms('P/E')).toEqual(['pe']);
    expect(terms('p / e ratio')).toEqual(terms('PE ratios'));
    expect(terms('P/B and D/E')).toEqual(['pb', 'de']);
  });

  it('drops English and Hinglish question words and stems the rest', () => {
    expect(terms('RSI kya hai?')).toEqual(['rsi']);
    expect(terms('what does beta mean')).toEqual(['beta']);
    expect(terms('adjusted prices')).toEqual(['adjust', 'price']);
  });

  it('keeps numbers and treats spellings of one word alike', () => {
    expect(terms('call 1930')).toEqual(['call', '1930']);
    expect(terms('advisor')).toEqual(terms('adviser'));
    expect(terms('stop loss')).toEqual(terms('stop-loss'));
    expect(terms('buy-back')).toEqual(terms('buyback'));
  });
});
