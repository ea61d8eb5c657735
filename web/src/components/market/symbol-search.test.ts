import { searchSymbols } from './symbol-search';

const entry = (symbol: string, company: string, industry = 'Other') => ({ symbol, company, industry });

const ENTRIES = [
  entry('BAJAJ-AUTO', 'Bajaj Auto Ltd.'),
  entry('INFY', 'Infosys Ltd.'),
  entry('ITC', 'ITC Ltd.'),
  entry('M&M', 'Mahindra & Mahindra Ltd.'),
  entry('RELIANCE', 'Reliance Industries Ltd.'),
  entry('TATAMOTORS', 'Tata Motors Ltd.'),
  entry('TATASTEEL', 'Tata Steel Ltd.'),
  entry('TCS', 'Tata Consultancy Services Ltd.'),
  entry('JSWSTEEL', 'JSW Steel Ltd.'),
  entry('KOTAKBANK', 'Kotak Mahindra Bank Ltd.'),
  entry('TECHM', 'Tech Mahindra Ltd.'),
];

const symbolsFor = (typed: string) => searchSymbols(ENTRIES, typed).map((match) => match.symbol);

describe('searchSymbols', () => {
  it('finds a stock by the first letters of its symbol, whatever the case', () => {
    expect(symbolsFor('inf')).toEqual(['INFY']);
    expect(symbolsFor('INF')).toEqual(['INFY']);
    expect(symbolsFor(' m&m ')).toEqual(['M&M']);
  });

  it('puts symbols starting with the text before companies with a word starting with it', () => {
    expect(symbolsFor('tata')).toEqual(['TATAMOTORS', 'TATASTEEL', 'TCS']);
  });

  it('finds a stock by a word of its company name', () => {
    // The company whose name starts with the word comes before those with it later in the name.
    expect(symbolsFor('mahindra')).toEqual(['M&M', 'KOTAKBANK', 'TECHM']);
    expect(symbolsFor('tata steel')).toEqual(['TATASTEEL']);
    expect(symbolsFor('bajaj auto')).toEqual(['BAJAJ-AUTO']);
    expect(symbolsFor('consultancy')).toEqual(['TCS']);
  });

  it('puts the exact symbol first and text found inside a word last', () => {
    expect(symbolsFor('itc')).toEqual(['ITC']);
    expect(symbolsFor('steel')).toEqual(['JSWSTEEL', 'TATASTEEL']);
    expect(symbolsFor('osys')).toEqual(['INFY']);
  });

  it('finds nothing for text no stock has, and everything for blank text', () => {
    expect(symbolsFor('nope')).toEqual([]);
    expect(symbolsFor('   ')).toHaveLength(ENTRIES.length);
  });
});
