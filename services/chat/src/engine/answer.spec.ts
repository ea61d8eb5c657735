import type { MarketIndicators } from '@nivesh/proto';
import { KnowledgeBase } from '../knowledge/knowledge-base';
import { type Answer, answer, MAX_WORDS } from './answer';
import { formatDate, wordCount } from './format';
import type { Grounding, Turn } from './grounding';
import { emptyGrounding, infyGrounding, relianceGrounding, sentimentGrounding } from './testing/fixtures';

const knowledge = KnowledgeBase.load();
const ask = (question: string, grounding: Grounding, history: Turn[] = [], other?: Grounding | null) => answer({ question, grounding, history, knowledge, other });

/** The answer explains from the guide `id`, or, unsure, says it has no guide and offers that one among the nearest. */
const expectGuide = (reply: Answer, id: string) => {
  const title = knowledge.article(id)!.title;
  if (reply.abstained) expect(reply.suggestions!.map((suggestion) => suggestion.title)).toContain(title);
  else expect(reply.sources).toContain(`knowledge:${id}`);
};

/** The RSI values an answer cites, read the way the integration test reads them. */
const citedRsi = (text: string) => [...text.matchAll(/RSI[^0-9]{0,40}?(\d{1,3}\.\d{1,2})/g)].map((match) => Number(match[1]));

/** Every "d MMM yyyy" date an answer names. */
const datesIn = (text: string) => [...text.matchAll(/\b\d{1,2} [A-Z][a-z]{2} \d{4}\b/g)].map((match) => match[0]);

/** Every date the grounding holds, as answers write them. */
const groundingDates = (grounding: Grounding) => new Set([...JSON.stringify(grounding).matchAll(/\d{4}-\d{2}-\d{2}/g)].map((match) => formatDate(match[0])));

const withIndicators = (grounding: Grounding, change: (indicators: MarketIndicators) => void): Grounding => {
  const indicators = structuredClone(grounding.indicators!);
  change(indicators);
  return { ...grounding, indicators };
};

describe('answer: figures from the grounding, each with its date', () => {
  it('gives TrendVision’s relative MAE and MASE, each under its own name and saying what it measures against', () => {
    const { text, sources } = ask('How accurate is TrendVision?', relianceGrounding());
    expect(text).toContain('**Errors against the naive “no change” forecast (relative MAE):** 1.02 at 1 day, 1.04 at 5 days, 1.07 at 10 days; below 1 means smaller errors than naive.');
    expect(text).toContain('**Errors against a typical day’s move (MASE):** 0.95 at 1 day, 2.18 at 5 days, 3.21 at 10 days;');
    expect(sources).toContain('forecast');
  });

  it('cites the last value of the RSI series, to two decimals, with its date, and what the band means', () => {
    const { text, sources } = ask('What is the RSI telling me right now?', relianceGrounding());
    expect(text).toContain('RELIANCE’s 14-day RSI was **57.40** as of 28 Mar 2024');
    expect(citedRsi(text)[0]).toBeCloseTo(57.3996, 2);
    expect(text).toMatch(/between 55 and 70.*\*\*strong\*\* momentum/);
    expect(text).toContain('Five trading days earlier, as of 20 Mar 2024, it was 48.07.');
    expect(text).toContain('“Relative Strength Index (RSI)”');
    expect(sources).toEqual(['indicators', 'knowledge:rsi']);
  });

  it.each([
    [71.3, '71.30', /above 70, the level traders often call \*\*overbought\*\*/],
    [70.0004, '70.00', /at 70, the level traders often call \*\*overbought\*\*/],
    [50.12345, '50.12', /\*\*neutral\*\* reading/],
    [29.9951, '30.00', /between 30 and 45.*\*\*weak\*\*/],
    [12.3456, '12.35', /below 30, the level traders often call \*\*oversold\*\*/],
  ])('reads an RSI of %d as %s with its band', (value, shown, band) => {
    const grounding = withIndicators(relianceGrounding(), (indicators) => {
      indicators.series.rsi14[indicators.series.rsi14.length - 1] = value;
    });
    const { text } = ask('rsi kya hai', grounding);
    expect(text).toContain(`RSI was **${shown}** as of 28 Mar 2024`);
    expect(citedRsi(text).some((cited) => Math.abs(cited - value) < 0.01)).toBe(true);
    expect(text).toMatch(band);
  });

  it('cites the latest RSI there is, with that day’s date, when the last bar has none', () => {
    const grounding = withIndicators(relianceGrounding(), (indicators) => {
      indicators.series.rsi14[indicators.series.rsi14.length - 1] = null;
    });
    expect(ask('RSI?', grounding).text).toContain('RSI was **59.31** as of 27 Mar 2024');
  });

  it('falls back to the technical summary’s RSI, with its date, when the indicators are missing', () => {
    const { text, sources } = ask('What is the RSI?', { ...relianceGrounding(), indicators: undefined });
    expect(text).toContain('RSI was **57.40** as of 28 Mar 2024');
    expect(sources[0]).toBe('summary');
  });

  it.each([
    ['Explain the MACD', /MACD line was \*\*\+8\.40\*\* and its signal line \+6\.63 as of 28 Mar 2024.*histogram.*\*\*\+1\.77\*\*.*crossed on 28 Mar 2024/s],
    ['How far is it from the 50 day moving average?', /moving averages as of 28 Mar 2024, against its close of ₹2,971\.70:\n- \*\*20-day SMA:\*\* ₹2,929\.22 \(the close was 1\.45% above\)[\s\S]*\*\*50-day SMA:\*\* ₹2,892\.18[\s\S]*\*\*200-day SMA:\*\* ₹2,581\.15/],
    ['What do the Bollinger Bands show?', /Bollinger Bands as of 28 Mar 2024: upper \*\*₹3,040\.01\*\*, middle \(the 20-day average\) ₹2,929\.22, lower \*\*₹2,818\.42\*\*.*69% of the way/],
    ['stochastic?', /stochastic oscillator as of 28 Mar 2024: %K \*\*78\.40\*\*, %D \(its 3-day average\) 63\.81/],
    ['What does the ADX say?', /ADX\(14\) was \*\*25\.70\*\* as of 28 Mar 2024\. That is 25 or more.*reads the trend as \*\*uptrend\*\* as of 28 Mar 2024/],
    ['Where are support and resistance?', /close of ₹2,971\.70 as of 28 Mar 2024:\n- \*\*Support \(below the close\):\*\* ₹2,566\.49 \(5 turns, latest on 8 Jan 2024\)[\s\S]*\*\*Resistance \(above the close\):\*\* none/],
    ['How is the volume?', /1,09,27,182 shares traded on the latest day, as of 28 Mar 2024[\s\S]*OBV\):\*\* 19,76,90,524 as of 28 Mar 2024[\s\S]*₹2,558\.20 as of 28 Mar 2024/],
    ['Any unusual trading or pump and dump?', /no unusual trading days for RELIANCE between 29 Mar 2023 and 28 Mar 2024 \(as of 28 Mar 2024\)/],
    ['How volatile is it?', /risk figures for the year 29 Mar 2023 to 28 Mar 2024, as of 28 Mar 2024:\n- \*\*Volatility:\*\* 20\.32% a year[\s\S]*−21\.65%, from the high of 19 Jul 2023 to the low of 26 Oct 2023[\s\S]*\*\*Beta:\*\* 1\.18[\s\S]*1\.47%, or ₹1,470 on ₹1,00,000/],
    ['How has it performed over 5 years?', /past price returns as of 28 Mar 2024[\s\S]*NIFTY 50’s data ends on 7 Mar 2024[\s\S]*\*\*5 years:\*\* \+118\.51%, \+16\.92% a year \(NIFTY 50: \+94\.41%\)/],
    ['How accurate is TrendVision here?', /back-test for RELIANCE, as of 28 Mar 2024, chose \*\*Exponential smoothing \(AutoETS\)\*\*[\s\S]*1\.02 at 1 day, 1\.04 at 5 days, 1\.07 at 10 days[\s\S]*79\.2% of the checks/],
    ['What is the current price and 52-week high?', /closed at \*\*₹2,971\.70\*\* as of 28 Mar 2024, −₹14\.00 \(−0\.47%\) from the previous close.*₹2,226\.50 to ₹3,014\.80.*1\.43% below the 52-week high/],
    ['What is the overall trend?', /technical summary of RELIANCE as of 28 Mar 2024:\n- \*\*Trend: uptrend\*\*[\s\S]*\*\*Momentum: strong\*\* \(RSI 57\.40, MACD histogram \+1\.77, 1-month return \+2\.08%\)[\s\S]*\*\*Volatility: normal\*\*/],
  ])('technical: %j', (question, expected) => {
    const { text } = ask(question, relianceGrounding());
    expect(text).toMatch(expected);
  });

  it('lists the latest unusual-trading flags with their dates', () => {
    const { text, sources } = ask('Any unusual trading days flagged?', infyGrounding());
    expect(text).toContain('Nivesh flagged 3 unusual trading days for INFY between 29 Mar 2023 and 28 Mar 2024 (as of 28 Mar 2024)');
    expect(text).toContain('- **Gap, 21 Jul 2023:** Opened 8.9% below the previous close; closed 8.1% below it.');
    expect(text).toContain('not proof of wrongdoing');
    expect(sources[0]).toBe('risk');
    expect(['knowledge:unusual-trading-flags', 'knowledge:nivesh-unusual-trading']).toContain(sources[1]);
  });

  it('puts the figure asked about first and explains it from its own article', () => {
    const { text, sources } = ask('What is its beta?', relianceGrounding());
    expect(text.split('\n')[1]).toMatch(/^- \*\*Beta:\*\* 1\.18 against NIFTY 50: when the index moved 1%, RELIANCE tended to move about 1\.18% the same way/);
    expect(sources).toContain('knowledge:beta');
  });

  it('offers the second of two long topics as the next question', () => {
    const { text, sources } = ask('How risky is it, and where is support?', relianceGrounding());
    expect(text).toMatch(/^Prices where RELIANCE turned at least twice/);
    expect(text).toMatch(/Ask me about volatility and risk next, and I’ll show those figures too\.$/);
    expect(sources).not.toContain('risk');
  });

  it('answers two topics of one question, in the table’s order', () => {
    const { text, sources } = ask('What do RSI and MACD say?', infyGrounding());
    expect(text.indexOf('RSI was **29.66**')).toBeLessThan(text.indexOf('MACD line was **−39.38**'));
    // Explained from the guide of either indicator the question names.
    expect(sources).toContain('indicators');
    expect(sources.filter((source) => source === 'knowledge:rsi' || source === 'knowledge:macd')).toHaveLength(1);
  });

  it('answers the market sentiment index with its date, a month’s change, the year’s range and its parts', () => {
    const { text, sources } = ask('How is the market sentiment today?', sentimentGrounding());
    expect(text).toContain('market sentiment index was **71.5 (Greed)** as of 7 Mar 2024');
    expect(text).toContain('A month earlier, as of 7 Feb 2024, it read 61.8.');
    expect(text).toContain('from 33.5 (14 Mar 2023) to 93.6 (20 Jul 2023)');
    expect(text).toContain('- **Market breadth:** 63.8');
    expect(text).toMatch(/as of \d{1,2} [A-Z][a-z]{2} \d{4}/);
    expect(sources).toEqual(['sentiment', 'knowledge:market-mood-index']);
  });

  it.each([
    ['What is market breadth?', /\*\*Market breadth\*\* scored \*\*63\.8\*\* out of 100 as of 7 Mar 2024 \(63\.83% above 50-day average\).*30 of 47 stocks/s],
    ['How volatile is the market?', /\*\*Market volatility\*\* scored \*\*44\.8\*\* out of 100 as of 7 Mar 2024 \(9\.25% annualised\)/],
    ['What is the momentum of NIFTY?', /\*\*Market momentum\*\* scored \*\*92\.0\*\* out of 100 as of 7 Mar 2024 \(8\.41%\)/],
    ['Are many stocks near new highs?', /\*\*52-week highs vs lows\*\* scored \*\*85\.2\*\*/],
  ])('sentiment: %j', (question, expected) => {
    expect(ask(question, sentimentGrounding()).text).toMatch(expected);
  });

  it('names only dates from the data, never today’s', () => {
    jest.useFakeTimers({ now: new Date('2025-06-15T10:00:00Z') });
    try {
      const questions = ['RSI?', 'MACD?', 'moving averages', 'bollinger', 'support', 'volume', 'flags', 'volatility', 'returns', 'TrendVision accuracy', 'price', 'trend', 'ADX', 'stochastic'];
      for (const grounding of [relianceGrounding(), infyGrounding(), sentimentGrounding()]) {
        const known = groundingDates(grounding);
        for (const question of [...questions, 'sentiment', 'breadth', 'how volatile is the market']) {
          const { text } = ask(question, grounding);
          for (const date of datesIn(text)) expect(known).toContain(date);
          expect(text).not.toContain('15 Jun 2025');
        }
      }
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('answer: missing figures, concepts, other stocks and everything else', () => {
  it.each([
    ['What is the RSI telling me right now?', 'RELIANCE’s RSI is not available right now', 'knowledge:rsi'],
    ['Where are support and resistance?', 'RELIANCE’s support and resistance levels are not available right now', 'knowledge:support-resistance'],
    ['How accurate is TrendVision?', 'TrendVision’s back-tested accuracy for RELIANCE is not available right now', 'knowledge:naive-forecast|knowledge:trendvision-method'],
  ])('says plainly that %j cannot be answered with figures right now, and still explains', (question, plain, article) => {
    const { text, sources } = ask(question, emptyGrounding('technical'));
    expect(text).toContain(plain);
    expect(text).toMatch(/Here is what (it measures|they measure)\./);
    expect(text).toMatch(/Source: Warren AI’s guide “.+”\./);
    expect(text).not.toMatch(/as of \d/);
    expect(sources).toHaveLength(1);
    expect(article.split('|')).toContain(sources[0]);
  });

  it('says the sentiment index is not available and explains it', () => {
    const { text } = ask('How is the market sentiment today?', emptyGrounding('sentiment'));
    expect(text).toMatch(/^The market sentiment index is not available right now/);
    expect(text).toContain('“The market mood index”');
  });

  it('answers from whatever part was fetched', () => {
    const grounding: Grounding = { ...relianceGrounding(), risk: undefined };
    expect(ask('How risky is it?', grounding).text).toMatch(/Recent daily swings were \*\*normal\*\*.*as of 28 Mar 2024.*not available right now/);
    expect(ask('What is the price?', { ...relianceGrounding(), quote: undefined }).text).toContain('closed at **₹2,971.70** as of 28 Mar 2024, from Nivesh’s technical summary');
  });

  it.each([
    ['What is P/E?', 'pe-ratio', /divides a share's price by its earnings per share/],
    ['What is a SIP?', 'sip', /Systematic Investment Plan/],
    ['How do I check whether an adviser is SEBI registered?', 'sebi-registration-check', /sebi\.gov\.in/],
    ['What are the red flags of investment fraud?', 'fraud-red-flags', /Pressure and urgency/],
    ['What is diversification?', 'diversification', /spreading money/],
    ['What does a price target mean?', 'price-target', /./],
  ])('answers %j from the knowledge base, citing the article', (question, id, expected) => {
    for (const grounding of [relianceGrounding(), sentimentGrounding()]) {
      const { text, sources } = ask(question, grounding);
      const title = knowledge.articles().find((article) => article.id === id)!.title;
      expect(sources[0]).toBe(`knowledge:${id}`);
      expect(text).toMatch(expected);
      expect(text).toContain(`Source: Warren AI’s guide “${title}”.`);
    }
  });

  it('says Nivesh has no company financials when asked for one in a technical chat', () => {
    expect(ask('What is the P/E of RELIANCE?', relianceGrounding()).text).toContain('Nivesh’s data for RELIANCE covers prices, indicators and risk, not company financials');
  });

  it('shows another stock’s figures, dated, in a technical chat about a different stock and in a market chat', () => {
    const { text, sources } = ask('What is the RSI of INFY?', relianceGrounding(), [], infyGrounding());
    expect(text).toMatch(/^Here are the figures for \*\*Infosys Ltd\. \(INFY\)\*\*, which you asked about:/);
    expect(citedRsi(text)).toEqual([29.66]);
    expect(text).not.toContain('57.40');
    expect(sources).toEqual(['indicators', 'knowledge:rsi']);

    const sentiment = ask('How volatile is Infosys?', sentimentGrounding(), [], infyGrounding()).text;
    expect(sentiment).toMatch(/^Here are the figures for \*\*Infosys Ltd\. \(INFY\)\*\*/);
    expect(datesIn(sentiment).every((date) => groundingDates(infyGrounding()).has(date))).toBe(true);
  });

  it('says so when another stock’s figures could not be fetched, and explains the idea', () => {
    const { text, sources } = ask('What is the RSI of ZZZZ?', relianceGrounding(), [], null);
    expect(text).toMatch(/^I couldn’t get ZZZZ’s figures just now/);
    expect(text).toContain('Relative Strength Index');
    expect(sources).toEqual(['knowledge:rsi']);
  });

  it('answers a concept question that only uses a stock as its example from the concept’s guide, or offers that guide', () => {
    expectGuide(ask('How does the acceptance ratio work in a TCS buyback?', relianceGrounding(), [], infyGrounding()), 'buyback');
    expectGuide(ask('How does a stop-loss order on ITC work?', sentimentGrounding(), [], infyGrounding()), 'stop-loss');
    expectGuide(ask('How are HDFCBANK dividends taxed?', relianceGrounding(), [], infyGrounding()), 'dividend-tax');
  });

  it('reads "the price" in a what-if, and "is it risky to …", as ways of speaking rather than asks for this stock’s figures', () => {
    const margin = ask('If I buy shares using MTF and the price falls, what happens when I get a margin call?', relianceGrounding());
    expect(margin.sources).not.toContain('quote');
    expect(margin.text).not.toContain('₹2,971.70');
    const ratio = ask('Why is it risky to rely on just one valuation ratio like P/E?', relianceGrounding());
    expect(ratio.sources).not.toContain('risk');
    expect(ratio.text).not.toMatch(/Volatility:/);
    // Asked outright, the price and the risk are still this stock's.
    expect(ask('What is the current price?', relianceGrounding()).sources).toContain('quote');
    expect(ask('Is it risky?', relianceGrounding()).sources).toContain('risk');
  });

  it('reads "the stock market" as the market, and "the current price" of another stock as that stock’s', () => {
    const momentum = ask('What does momentum mean in the stock market?', relianceGrounding());
    expect(momentum.sources).toEqual(['knowledge:market-momentum']);
    expect(momentum.text).not.toMatch(/technical summary of RELIANCE/);
    const order = ask('If I place a limit order for INFY below the current price, what happens to it?', relianceGrounding(), [], infyGrounding());
    expectGuide(order, 'order-types');
    expect(order.text).not.toContain('₹2,971.70');
    // "The stock" alone is still this chat's.
    expect(ask('Is the stock overbought?', relianceGrounding()).sources).toContain('indicators');
  });

  it('points to the other chat for figures only it has', () => {
    const technical = ask('What is the market mood index?', relianceGrounding()).text;
    expect(technical).toMatch(/figures are in the market sentiment chat.*this chat is about \*\*RELIANCE\*\*/);
    const sentiment = ask('What is RSI?', sentimentGrounding()).text;
    expect(sentiment).toMatch(/a technical chat on the Technical Analysis page shows a stock’s RSI/);
    expect(sentiment).toContain('“Relative Strength Index (RSI)”');
  });

  it('says it has no guide, in one sentence, and offers the three nearest topics as buttons', () => {
    for (const grounding of [relianceGrounding(), sentimentGrounding()]) {
      const reply = ask('How do I claim a refund for a cancelled train ticket?', grounding);
      expect(reply.text).toBe('I don’t have a guide on that yet. These are the nearest topics I do have guides on.');
      expect(reply.abstained).toBe(true);
      expect(reply.suggestions).toHaveLength(3);
      for (const suggestion of reply.suggestions!) {
        // A tap asks a question that finds the topic's guide.
        expect(ask(suggestion.question, grounding).sources).toContain(`knowledge:${suggestion.id}`);
      }
      expect(reply.sources).toEqual([]);
    }
  });

  it('lists what it can explain, with example questions, when nothing is near at all', () => {
    for (const grounding of [relianceGrounding(), sentimentGrounding()]) {
      const { text, sources, abstained } = ask('qwxz flurb glorp', grounding);
      expect(text).toMatch(/^I don’t have a guide on that yet\.\n\nHere is what I can explain in this chat:/);
      expect(abstained).toBe(true);
      const examples = text.split('For example, you could ask:\n')[1]!.split('\n');
      expect(examples.length).toBeGreaterThanOrEqual(2);
      expect(examples.length).toBeLessThanOrEqual(3);
      expect(examples.every((line) => /^- .+\?$/.test(line))).toBe(true);
      expect(sources).toEqual([]);
    }
    expect(ask('asdf', relianceGrounding()).text).toContain('What does RELIANCE’s RSI say right now?');
  });

  it.each(['Should I buy RELIANCE now?', 'What is the target price of RELIANCE?', 'Will RELIANCE go up tomorrow?', 'Give me a stock tip', 'kaunsa share lu', 'Which stock will double?'])(
    'answers a request for advice (%j) with why there is none and what to ask instead',
    (question) => {
      const { text, sources } = ask(question, relianceGrounding());
      expect(text).toMatch(/^I can’t tell you whether to buy, sell or hold a stock.*only SEBI-registered investment advisers and research analysts/);
      expect(text).toContain('For example, you could ask:\n- What does RELIANCE’s RSI say right now?');
      expect(sources).toEqual(['knowledge:why-no-buy-sell-calls']);
    },
  );

  it('explains buy ratings, price targets and stop-losses as concepts, not as requests', () => {
    expect(ask('What does a buy rating mean?', relianceGrounding()).sources).toEqual(['knowledge:analyst-rating']);
    expect(ask('How do analysts set targets?', relianceGrounding()).sources).toEqual(['knowledge:price-target']);
    expectGuide(ask('What should I keep in mind about stop-loss orders?', relianceGrounding()), 'stop-loss');
  });

  it('explains the aspect asked about from its own article', () => {
    expect(ask('What is VWAP telling us?', relianceGrounding()).sources).toEqual(['quote', 'indicators', 'knowledge:vwap']);
    expect(ask('Is anyone pumping this stock?', infyGrounding()).sources).toEqual(['risk', 'knowledge:pump-and-dump']);
    expect(ask('What is VWAP?', sentimentGrounding()).sources).toEqual(['knowledge:vwap']);
  });

  it('answers hello and thank you in kind', () => {
    expect(ask('hi', sentimentGrounding()).text).toMatch(/^Hello! I’m Warren AI/);
    expect(ask('Thanks!', relianceGrounding()).text).toMatch(/^You’re welcome\./);
  });

  it('explains the earlier question’s concept for a follow-up', () => {
    const history: Turn[] = [
      { role: 'user', content: 'What does the MACD say?' },
      { role: 'assistant', content: 'RELIANCE’s MACD line was **+8.40**…' },
    ];
    const { text, sources } = ask('what does that mean?', relianceGrounding(), history);
    expect(text).toMatch(/^More on MACD:/);
    expect(sources).toEqual(['knowledge:macd']);
    expect(ask('what does that mean?', relianceGrounding()).text).toMatch(/^I don’t have a guide on that yet\./);
  });
});

describe('answer: shape', () => {
  const questions = [
    'What is the RSI telling me right now?',
    'Explain the MACD',
    'moving averages?',
    'Bollinger Bands?',
    'support and resistance',
    'volume and OBV',
    'unusual trading flags',
    'How risky is it, and what is its beta and value at risk?',
    'How has it performed?',
    'How accurate is TrendVision?',
    'price and 52 week high',
    'overall trend',
    'ADX and stochastic',
    'How is the market sentiment today?',
    'What is market breadth?',
    'What is a stop loss?',
    'What is a pump and dump?',
    'What is the RSI of TCS?',
    'blah',
  ];
  const groundings = [relianceGrounding(), infyGrounding(), sentimentGrounding(), emptyGrounding('technical'), emptyGrounding('sentiment')];

  it(`keeps to the Markdown subset and to about ${MAX_WORDS} words`, () => {
    for (const grounding of groundings) {
      for (const question of questions) {
        const { text } = ask(question, grounding);
        expect(text.trim()).toBe(text);
        expect(text).not.toMatch(/^#{1,3} |^\s*\||<[a-z/][^>]*>|\]\(|https?:\/\//im);
        expect(text).not.toMatch(/\n{3,}/);
        for (const paragraph of text.split('\n\n')) expect((paragraph.match(/\*\*/g) ?? []).length % 2).toBe(0);
        expect(wordCount(text)).toBeLessThanOrEqual(MAX_WORDS + 10);
      }
    }
  });

  it('is pure: the same question and grounding give the same answer', () => {
    expect(ask('RSI?', relianceGrounding())).toEqual(ask('RSI?', relianceGrounding()));
  });
});
