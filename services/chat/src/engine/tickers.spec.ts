import { otherTicker } from './tickers';

describe('otherTicker', () => {
  it.each([
    ['What is the RSI of INFY?', 'RELIANCE', { symbol: 'INFY', known: true }],
    ['How volatile is infosys?', 'RELIANCE', { symbol: 'INFY', known: true }],
    ['Is HDFC Bank trending?', 'RELIANCE', { symbol: 'HDFCBANK', known: true }],
    ['What about M&M?', 'RELIANCE', { symbol: 'M&M', known: true }],
    ['Tell me about ZOMATO stock', 'RELIANCE', { symbol: 'ZOMATO', known: true }],
    ['Tell me about ACMEWIDGETS stock', 'RELIANCE', { symbol: 'ACMEWIDGETS', known: false }],
    ['What is the RSI of TCS?', null, { symbol: 'TCS', known: true }],
  ])('%j in a %s chat names %j', (question, ticker, stock) => {
    expect(otherTicker(question, ticker)).toEqual(stock);
  });

  it.each([
    ['What is the RSI of RELIANCE?', 'RELIANCE'],
    ['What is RIL’s beta?', 'RELIANCE'],
    ['How do I check a SEBI registration on the NSE or BSE?', 'RELIANCE'],
    ['What does RSI, MACD or VWAP mean for NIFTY 50?', 'RELIANCE'],
    ['WHAT IS THE RSI NOW', 'RELIANCE'],
    ['Is a relative MAE of 1.00 or a MASE of 3 good for TrendVision?', 'RELIANCE'],
    ['what is a sip', null],
  ])('%j in a %s chat names no other stock', (question, ticker) => {
    expect(otherTicker(question, ticker)).toBeNull();
  });
});
