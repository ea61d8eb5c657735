import { AdviceClassifier, type LabelledQuestion, questionTokens } from './classifier';
import { readLabelledQuestions } from './guard';

describe('questionTokens', () => {
  it('replaces tickers and numbers, stems words and adds word pairs', () => {
    const tokens = questionTokens('Should I buy INFY at 1500?');
    expect(tokens).toEqual(expect.arrayContaining(['should', 'i', 'buy', 'ticker', 'num', 'should_i', 'i_buy', 'buy_ticker']));
    expect(tokens).not.toContain('infy');
  });

  it('does not take acronyms such as RSI or SIP for tickers', () => {
    expect(questionTokens('What is RSI and SIP?')).toEqual(expect.arrayContaining(['rsi', 'sip']));
  });
});

describe('AdviceClassifier', () => {
  const questions = readLabelledQuestions();
  // Trained without the questions it scores, so the test is about generalising, not remembering.
  const heldOut = new Set(questions.filter((_, index) => index % 5 === 0));
  const classifier = new AdviceClassifier(questions.filter((question) => !heldOut.has(question)));

  it('reads a labelled set of at least 400 questions with both labels in similar numbers', () => {
    expect(questions.length).toBeGreaterThanOrEqual(400);
    const advice = questions.filter((question) => question.label === 'advice').length;
    expect(advice / questions.length).toBeGreaterThan(0.4);
    expect(advice / questions.length).toBeLessThan(0.6);
    for (const question of questions) expect(question.text.trim()).not.toBe('');
  });

  it('separates held-out advice requests from educational questions', () => {
    const scored = [...heldOut].map((question: LabelledQuestion) => ({ question, p: classifier.adviceProbability(question.text) }));
    const correct = scored.filter(({ question, p }) => (p >= 0.5) === (question.label === 'advice')).length;
    expect(correct / scored.length).toBeGreaterThan(0.85);
  });

  it('is confident on unseen phrasings', () => {
    expect(classifier.adviceProbability('bro which share should i pick for next week')).toBeGreaterThan(0.85);
    expect(classifier.adviceProbability('how is the price to book ratio calculated')).toBeLessThan(0.5);
  });

  it('answers 0.5 for words it has never seen', () => {
    expect(classifier.adviceProbability('zzqx wobble frobnicate')).toBe(0.5);
  });
});
