import { inspectAnswer } from './output-rail';

describe('inspectAnswer', () => {
  it.each([
    ['INFY looks strong; buy INFY above ₹1,500.', 'recommendation'],
    ['Sell BAJFINANCE today.', 'recommendation'],
    ['I recommend selling your TCS shares.', 'recommendation'],
    ['You should accumulate HDFCBANK.', 'recommendation'],
    ['Accumulate on dips.', 'recommendation'],
    ['Infosys shares jumped 8% after results. Investors should buy INFY on dips.', 'recommendation'],
    ['Traders should exit the stock before the results.', 'recommendation'],
    ['It is time to book profits in ITC.', 'recommendation'],
    ['The stock is a buy at current levels.', 'recommendation'],
    ['The target price for RELIANCE is ₹3,200.', 'price_target'],
    ['TCS can go to 4,500 by March.', 'price_target'],
    ['SBIN will reach Rs 900 soon.', 'price_target'],
    ['ONGC is likely to rise 15% in the next three months.', 'price_target'],
    ['These are guaranteed returns of 3% a month with no risk.', 'guaranteed_returns'],
    ['This is a sure-shot trade.', 'guaranteed_returns'],
    ['This stock will double your money.', 'guaranteed_returns'],
  ])('blocks %s', (text, category) => {
    expect(inspectAnswer(text)?.category).toBe(category);
  });

  it.each([
    "A price target is an analyst's estimate of where a stock may trade in 12 months.",
    'Analysts set targets with discounted cash flow models or a multiple of expected earnings.',
    'A buy-back is when a company purchases its own shares.',
    'Brokers issue buy ratings when their analysts expect a stock to beat a benchmark.',
    'A stop-loss is an order to sell automatically if the price falls to a chosen level.',
    "As of 28 Mar 2024 INFY's 14-day RSI was 41.2, below the overbought level of 70.",
    'RELIANCE closed at ₹2,971 on 28 Mar 2024, 3.1% above its 50-day average.',
    'No one can guarantee returns; a promise of guaranteed profits is a red flag of fraud.',
    'Past performance does not guarantee future returns.',
    'Book profits means selling part of a holding after a rise.',
    'For example, if an analyst sets a target of ₹1,000 on a stock at ₹800, that implies 25% upside.',
    'You can buy shares through a SEBI-registered broker.',
    "'Buy on dips' means buying more of a stock after its price falls, hoping it recovers.",
    'Investors should know that past returns say little about future ones.',
  ])('lets the educational answer through: %s', (text) => {
    expect(inspectAnswer(text)).toBeNull();
  });

  it('checks every sentence of a long answer', () => {
    const answer = 'RSI measures momentum on a scale of 0 to 100. Readings above 70 are called overbought. So buy INFY now.';
    expect(inspectAnswer(answer)?.rule).toBe('imperative-call');
  });
});
