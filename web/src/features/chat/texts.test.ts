import { USER_QUERY_MAX_LENGTH as PROTO_MAX_LENGTH } from '@nivesh/proto';
import { CHAT_TEXTS, QUERY_ERRORS, START_ERRORS, USER_QUERY_MAX_LENGTH, characterCount, openingQuestion, shownPrompts, suggestedPrompts } from './texts';

describe('chat texts', () => {
  it('quote section 8 verbatim', () => {
    expect(Object.values(START_ERRORS).map((notice) => notice.title)).toEqual([
      'AI Chat Service Configuration Required',
      'Chat Service Temporarily Unavailable',
      'Service Not Found',
      'Connection Error',
      'AI Chat Service Unavailable',
    ]);
    expect(START_ERRORS.configuring.content).toMatch(/being configured/);
    expect(START_ERRORS.serverError.content).toMatch(/try again in a few minutes/);
    expect(START_ERRORS.connection.content).toMatch(/check your internet connection/);
    expect(QUERY_ERRORS.unavailable.title).toBe('AI Service Unavailable');
    expect(QUERY_ERRORS.serverError.title).toBe('Service Temporarily Unavailable');
    expect(QUERY_ERRORS.generic).toBe('Sorry, I encountered an error. Please try again.');
    expect(CHAT_TEXTS.thinking).toBe('Thinking...');
    expect(CHAT_TEXTS.blockTitle).toBe('SEBI Compliance Block');
    expect(CHAT_TEXTS.tryInstead).toBe('Try this instead:');
  });

  it('use the maximum length proto declares', () => {
    expect(USER_QUERY_MAX_LENGTH).toBe(PROTO_MAX_LENGTH);
    expect(characterCount(1950)).toBe('1,950 / 2,000 characters');
  });

  it('open a technical chat on its stock and any other on the market', () => {
    expect(openingQuestion('technical', 'TCS')).toBe("What do TCS's indicators show right now?");
    expect(openingQuestion('sentiment', null)).toBe('How is the market sentiment today?');
  });

  it('offer six educational questions per chat type, naming the stock of a technical chat', () => {
    const technical = suggestedPrompts('technical', 'INFY');
    const sentiment = suggestedPrompts('sentiment', null);
    expect(technical).toHaveLength(6);
    expect(sentiment).toHaveLength(6);
    expect(new Set([...technical, ...sentiment]).size).toBe(12);
    expect(technical.some((prompt) => prompt.includes('INFY'))).toBe(true);
    for (const prompt of [...technical, ...sentiment]) {
      expect(prompt).toMatch(/\?$/);
      expect(prompt).not.toMatch(/\b(should I|buy|sell|target)\b/i);
    }
  });

  it('show two at a time, rotating through all six as they are used', () => {
    const prompts = suggestedPrompts('sentiment', null);
    expect(shownPrompts(prompts, 0)).toEqual(prompts.slice(0, 2));
    expect(shownPrompts(prompts, 1)).toEqual(prompts.slice(2, 4));
    expect(shownPrompts(prompts, 2)).toEqual(prompts.slice(4, 6));
    expect(shownPrompts(prompts, 3)).toEqual(prompts.slice(0, 2));
    expect(shownPrompts(['one'], 5)).toEqual(['one']);
  });
});
