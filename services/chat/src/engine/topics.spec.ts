import { detectTopics } from './topics';

describe('detectTopics (the intent table)', () => {
  it.each([
    ['What is the RSI telling me right now?', ['rsi']],
    ['rsi kya hai', ['rsi']],
    ['Is it overbought?', ['rsi']],
    ['Explain the MACD histogram', ['macd']],
    ['Where is the 50-day SMA?', ['moving_averages']],
    ['golden cross?', ['moving_averages']],
    ['What do the Bollinger Bands show?', ['bollinger']],
    ['stochastic %K?', ['stochastic']],
    ['How strong is the trend? ADX?', ['adx']],
    ['Where are support and resistance?', ['support_resistance']],
    ['How much volume traded? OBV?', ['volume']],
    ['Any unusual trading or pump and dump?', ['risk_flags']],
    ['How volatile is it?', ['volatility']],
    ['What is its beta?', ['volatility']],
    ['max drawdown?', ['volatility']],
    ['How has it performed over 5 years?', ['returns']],
    ['How accurate is TrendVision?', ['forecast']],
    ['What is the current price?', ['quote']],
    ['52-week high?', ['quote']],
    ['What is the overall trend?', ['trend']],
    ['What do the indicators say?', ['trend']],
    ['RSI and MACD please', ['rsi', 'macd']],
  ])('technical: %j is about %j', (question, topics) => {
    expect(detectTopics(question, 'technical').own).toEqual(topics);
  });

  it.each([
    ['How is the market sentiment today?', ['sentiment']],
    ['Is the market fearful or greedy?', ['sentiment']],
    ['market ka mood kaisa hai', ['sentiment']],
    ['What is market breadth?', ['breadth']],
    ['How volatile is the market?', ['market_volatility']],
    ['What is the momentum of NIFTY?', ['market_momentum']],
    ['How many stocks are near 52-week highs?', ['breadth', 'highs_lows']],
  ])('sentiment: %j is about %j', (question, topics) => {
    expect(detectTopics(question, 'sentiment').own).toEqual(topics);
  });

  it.each([
    'What is a price target?',
    'What is the target price of a stock?',
    'What is the fair price?',
    'What is price to book?',
    'What are fraud red flags?',
    'Are guaranteed returns possible?',
    'What is return on equity?',
    'What is a SIP?',
    'How do I check SEBI registration?',
  ])('leaves %j to the knowledge base', (question) => {
    expect(detectTopics(question, 'technical')).toEqual({ own: [], elsewhere: [] });
  });

  it('names topics only the other chat type has figures for', () => {
    expect(detectTopics('What is RSI?', 'sentiment')).toEqual({ own: [], elsewhere: ['rsi'] });
    expect(detectTopics('What is the market mood index?', 'technical')).toEqual({ own: [], elsewhere: ['sentiment'] });
    // Volatility and trend exist in both chats: each answers from its own data.
    expect(detectTopics('How volatile is it?', 'sentiment')).toEqual({ own: ['market_volatility'], elsewhere: [] });
  });
});
