import { messageWithWait, parseRetryAfter, shortWait, waitDuration } from './retry-after';

describe('retry after', () => {
  it('reads Retry-After as seconds or as a date', () => {
    const now = Date.parse('2025-06-02T10:00:00Z');
    expect(parseRetryAfter('42')).toBe(42);
    expect(parseRetryAfter(' 7 ')).toBe(7);
    expect(parseRetryAfter('Mon, 02 Jun 2025 10:01:30 GMT', now)).toBe(90);
    for (const none of [null, '', '0', '-5', 'soon', 'Mon, 02 Jun 2025 09:59:00 GMT']) expect(parseRetryAfter(none, now)).toBeNull();
  });

  it('says a wait in words', () => {
    expect(waitDuration(1)).toBe('1 second');
    expect(waitDuration(42)).toBe('42 seconds');
    expect(waitDuration(60)).toBe('1 minute');
    expect(waitDuration(65)).toBe('1 minute 5 seconds');
    expect(waitDuration(900)).toBe('15 minutes');
    expect(waitDuration(7800)).toBe('2 hours 10 minutes');
    expect([1, 42, 65, 900, 7800].map(shortWait)).toEqual(['1s', '42s', '1:05', '15:00', '2:10:00']);
  });

  it('adds the wait to a refusal, or counts down the wait the refusal names', () => {
    expect(messageWithWait('Too many requests. Please try again later.', 42)).toBe(
      'Too many requests. Please try again later. You can try again in 42 seconds.',
    );
    expect(messageWithWait('Too many requests. Please try again later.', 42, 1)).toBe(
      'Too many requests. Please try again later. You can try again in 1 second.',
    );
    expect(messageWithWait('Slow down', 5)).toBe('Slow down. You can try again in 5 seconds.');
    expect(messageWithWait('Please wait 30 seconds before requesting another code.', 30, 12)).toBe(
      'Please wait 12 seconds before requesting another code.',
    );
  });
});
