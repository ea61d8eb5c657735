import { greeting, COMPLIANCE_NOTE, DISCLAIMER, NO_CALLS, registeredNote } from './texts';
import { emptyGrounding, relianceGrounding, sentimentGrounding } from './testing/fixtures';

describe('greeting and compliance texts', () => {
  it('greets a technical chat: who Warren AI is, the stock and its data’s date, what it explains, and no calls', () => {
    const text = greeting(relianceGrounding());
    expect(text).toMatch(/^Hi, I’m Warren AI, Nivesh’s educational assistant\. This chat is about RELIANCE \(Reliance Industries Ltd\.\)\./);
    expect(text).toContain('end-of-day, as of 28 Mar 2024');
    expect(text).toContain('Ask me what RELIANCE’s indicators say (RSI, MACD, moving averages, Bollinger Bands)');
    expect(text.endsWith(NO_CALLS)).toBe(true);
    expect(NO_CALLS).toBe('I explain; I don’t give buy or sell calls or price targets.');
  });

  it('greets a sentiment chat with the index’s latest reading and its date', () => {
    const text = greeting(sentimentGrounding());
    expect(text).toContain('mood of the Indian stock market');
    expect(text).toContain('It read **71.5 (Greed)** as of 7 Mar 2024.');
    expect(text).toContain('breadth, momentum, volatility, 52-week highs against lows');
    expect(text.endsWith(NO_CALLS)).toBe(true);
  });

  it('under the registered profile names the research analyst and says what is automated and what was measured, in both chats, before the promise of no calls', () => {
    const analyst = { registration_number: 'INH000012345', name: 'Asha Rao', valid_until: '2030-03-31' };
    expect(registeredNote(analyst)).toBe(
      'This copy of Nivesh is run by Asha Rao, a SEBI-registered research analyst (registration INH000012345, valid until 31 Mar 2030). My answers are written automatically from Nivesh’s figures and its guides, without a person reading them first, and they stay educational. ' +
        'Warren AI’s compliance check, tried on 2,542 questions it never learned from, refused 99.3% of the 1,470 that sought investment advice and wrongly refused 0.7% of the 1,072 educational ones. Tried on 701 labelled questions it was not fitted to, it answered 90.2% of the 631 that one of its guides covers from that guide, and 2.7% of all of them from a guide on another topic; otherwise it said it had no guide.',
    );
    for (const grounding of [relianceGrounding(), sentimentGrounding()]) {
      const text = greeting(grounding, analyst);
      expect(text).toContain(`${registeredNote(analyst)}\n\n${NO_CALLS}`);
      expect(greeting(grounding)).not.toContain('INH');
    }
  });

  it('greets without figures when the data could not be fetched', () => {
    expect(greeting(emptyGrounding('technical'))).toMatch(/^Hi, I’m Warren AI, Nivesh’s educational assistant\. This chat is about RELIANCE\.\n/);
    expect(greeting(emptyGrounding('sentiment'))).not.toMatch(/\d{4}/);
  });

  it('says what Warren AI is not, in sentences for people', () => {
    expect(COMPLIANCE_NOTE).toMatch(/educational information only, not investment advice/);
    expect(COMPLIANCE_NOTE).toMatch(/not a SEBI-registered investment adviser or research analyst/);
    expect(DISCLAIMER).toMatch(/not investment advice/);
    expect(DISCLAIMER).toMatch(/consult a SEBI-registered investment adviser/);
    for (const text of [COMPLIANCE_NOTE, DISCLAIMER]) expect(text).toMatch(/^[A-Z].*\.$/);
  });
});
