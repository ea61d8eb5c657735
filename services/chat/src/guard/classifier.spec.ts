import { AdviceClassifier, type LabelledQuestion, questionTokens } from './classifier';
import { readLabelledQuestions } from './guard';

describe('questionTokens', () => {
  it('replaces tickers and numbers, stems words and adds word pairs', () => {
    const tokens = questionTokens('Should I buy INFY at 1500?');
    expect(tokens).toEqual(expect.arrayContaining(['should', 'i', 'buy', 'ticker', 'num', 'should_i', 'i_buy', 'buy_ticker']));
    expect(tokens).not.toContain('infy');
  });

  it('notes how the question opens and ends, with numbers generalised', () => {
    expect(questionTokens('Should I buy INFY at 1500?')).toEqual(expect.arrayContaining(['start:should', 'start:should_i', 'end:num']));
    expect(questionTokens('RSI kya hota hai')).toEqual(expect.arrayContaining(['start:rsi', 'end:hai']));
  });

  it('adds cues for a figure to look up, a claim to check and a greeting', () => {
    expect(questionTokens('What is the RSI of TCS?')).toContain('cue_metric');
    expect(questionTokens('Is this Telegram tip a scam?')).toContain('cue_claim');
    expect(questionTokens('Good morning!')).toContain('cue_greeting');
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

  it('separates held-out advice requests from educational questions, each model and the two together', () => {
    const scored = [...heldOut].map((question: LabelledQuestion) => ({ question, p: classifier.probabilities(question.text) }));
    for (const model of ['naiveBayes', 'logistic', 'combined'] as const) {
      const correct = scored.filter(({ question, p }) => (p[model] >= 0.5) === (question.label === 'advice')).length;
      expect(correct / scored.length).toBeGreaterThan(0.9);
    }
  });

  it('gives the mean of the two models as its probability', () => {
    const p = classifier.probabilities('is it a good time to pick up some Trent');
    expect(p.combined).toBeCloseTo((p.naiveBayes + p.logistic) / 2, 10);
    expect(classifier.adviceProbability('is it a good time to pick up some Trent')).toBe(p.combined);
  });

  it('is confident on unseen phrasings', () => {
    expect(classifier.adviceProbability('bro which share should i pick for next week')).toBeGreaterThan(0.85);
    expect(classifier.adviceProbability('how is the price to book ratio calculated')).toBeLessThan(0.1);
  });

  it('is unsure about words it has never seen', () => {
    const p = classifier.probabilities('zzqx wobble frobnicate');
    expect(p.naiveBayes).toBe(0.5);
    expect(p.combined).toBeGreaterThan(0.3);
    expect(p.combined).toBeLessThan(0.7);
  });
});
