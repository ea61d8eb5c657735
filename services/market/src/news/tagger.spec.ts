import { Tagger } from './tagger';

/** The stocks as stored (company names as the dataset gives them), plus one outside the alias table. */
const STOCKS = [
  { symbol: 'RELIANCE', company: 'Reliance Industries Ltd.' },
  { symbol: 'TATAMOTORS', company: 'Tata Motors Ltd.' },
  { symbol: 'TATASTEEL', company: 'Tata Steel Ltd.' },
  { symbol: 'TCS', company: 'Tata Consultancy Services Ltd.' },
  { symbol: 'M&M', company: 'Mahindra & Mahindra Ltd.' },
  { symbol: 'TECHM', company: 'Tech Mahindra Ltd.' },
  { symbol: 'KOTAKBANK', company: 'Kotak Mahindra Bank Ltd.' },
  { symbol: 'BAJAJ-AUTO', company: 'Bajaj Auto Ltd.' },
  { symbol: 'BAJFINANCE', company: 'Bajaj Finance Ltd.' },
  { symbol: 'BAJAJFINSV', company: 'Bajaj Finserv Ltd.' },
  { symbol: 'ADANIPORTS', company: 'Adani Ports and Special Economic Zone Ltd.' },
  { symbol: 'INFY', company: 'Infosys Ltd.' },
  { symbol: 'LT', company: 'Larsen & Toubro Ltd.' },
  { symbol: 'IOC', company: 'Indian Oil Corporation Ltd.' },
  { symbol: 'TITAN', company: 'Titan Company Ltd.' },
  { symbol: 'SBIN', company: 'State Bank of India' },
  { symbol: 'ZEEL', company: 'Zee Entertainment Enterprises Ltd.' },
  { symbol: 'BHARTIARTL', company: 'Bharti Airtel Ltd.' },
  { symbol: 'HINDUNILVR', company: 'Hindustan Unilever Ltd.' },
  { symbol: 'PIDILITIND', company: 'Pidilite Industries Ltd.' },
];

describe('Tagger', () => {
  const tagger = new Tagger(STOCKS);

  it.each([
    // The many Reliances: Reliance alone is Reliance Industries, the Anil Ambani group's companies are not.
    ['Reliance shares rise after Jio tariff hike', ['RELIANCE']],
    ['Reliance Power, Reliance Infra surge as debt talks progress', []],
    ['Reliance Capital lenders approve resolution plan', []],
    ['RIL and Reliance Communications settle dispute', ['RELIANCE']],
    ['Jio Financial Services lists at ₹265 after demerger from Reliance Industries', ['RELIANCE']],
    ['India’s reliance on imported crude rises', []],
    // The Tata group: only the universe's Tata companies, and never for 'Tata' alone.
    ['Tata group stocks mixed: Tata Power up, Tata Elxsi down', []],
    ['Tata Motors and Tata Steel lead Nifty gainers; TCS slips', ['TATAMOTORS', 'TATASTEEL', 'TCS']],
    ['Tata Consultancy Services wins deal', ['TCS']],
    ['Jaguar Land Rover sales lift Tata Motors', ['TATAMOTORS']],
    // Mahindra: the longest name wins.
    ['Tech Mahindra names new CEO', ['TECHM']],
    ['Kotak Mahindra Bank shares fall', ['KOTAKBANK']],
    ['Mahindra launches electric SUV; M&M shares up 3%', ['M&M']],
    ['Mahindra Finance disbursements grow', []],
    ['Anand Mahindra posts about cricket', []],
    // Bajaj and Adani: the group's name tags nothing; each company only by its own name.
    ['Bajaj group stocks fall; Bajaj Finance, Bajaj Finserv drag', ['BAJFINANCE', 'BAJAJFINSV']],
    ['Bajaj Auto Finance renamed Bajaj Finance', ['BAJFINANCE']],
    ['Bajaj Auto sales rise 10%', ['BAJAJ-AUTO']],
    ['Bajaj Electricals slumps after results', []],
    ['Adani group stocks rebound; Adani Enterprises leads', []],
    ['Adani Ports cargo volumes rise', ['ADANIPORTS']],
    // Former symbols in capitals; acronyms that mean something else need a market story around them.
    ['INFOSYSTCH was renamed INFY in 2011', ['INFY']],
    ['IOC bans Russian athletes from Paris Olympics', []],
    ['IOC shares gain as refining margins improve', ['IOC']],
    ['Indian Oil to raise ₹2,000 crore', ['IOC']],
    ['L&T wins order; L&T Finance and L&T Technology Services gain', ['LT']],
    ['SBI Life and SBI Cards rally; SBI flat', ['SBIN']],
    ['Titan shares hit record; a titan of Indian industry retires', ['TITAN']],
    ['Zee Business: markets close higher', []],
    ['Zee Entertainment and Sony merger called off', ['ZEEL']],
    ['Airtel Africa results weigh on Bharti Airtel', ['BHARTIARTL']],
    ['HUL price cuts; Unilever keeps guidance', ['HINDUNILVR']],
    // A stock outside the alias table is tagged by its symbol and its stored company name.
    ['Pidilite Industries profit rises; PIDILITIND at record', ['PIDILITIND']],
    ["Infosys’s deal wins lift Infosys' shares", ['INFY']],
    ['Sensex and Nifty end flat', []],
  ])('%s', (headline, symbols) => {
    expect(tagger.tag(headline)).toEqual(symbols);
  });
});
