import { capitalised, capitalisedShown, formatCount, formatLongDay, formatMs, formatRatio, formatSeconds, formatShortDay, pageLabel, pageShown, referrerShown, shareOf, shortLabel, shownText } from './format';
import { sessionsPhrase } from './texts';

describe('analytics formats', () => {
  it('writes durations for people', () => {
    expect(formatSeconds(0)).toBe('0 s');
    expect(formatSeconds(44.6)).toBe('45 s');
    expect(formatSeconds(120)).toBe('2 min');
    expect(formatSeconds(125)).toBe('2 min 5 s');
    expect(formatSeconds(3_600)).toBe('1 h');
    expect(formatSeconds(4_800)).toBe('1 h 20 min');
    expect(formatSeconds(null)).toBe('—');
    expect(formatMs(850.4)).toBe('850 ms');
    expect(formatMs(2_400)).toBe('2.4 s');
    expect(formatMs(null)).toBe('—');
  });

  it('writes ratios as percentages and days as Indians write them', () => {
    expect(formatRatio(0.4)).toBe('40 %');
    expect(formatRatio(1 / 3)).toBe('33.3 %');
    expect(formatRatio(null)).toBe('—');
    expect(shareOf(5, 0)).toBe(0);
    expect(formatShortDay('2026-11-24')).toBe('24 Nov');
    expect(formatLongDay('2026-11-24')).toBe('Tue, 24 Nov 2026');
  });

  it('shows a page by its path, and cuts long axis labels', () => {
    expect(pageLabel('https://nivesh.example/technical-analysis')).toBe('/technical-analysis');
    expect(pageLabel('/about')).toBe('/about');
    expect(pageLabel('(direct)')).toBe('(direct)');
    expect(shortLabel('/undervalued-analytics')).toBe('/undervalued-anal…');
    expect(shortLabel('/about')).toBe('/about');
    expect(capitalised('mobile')).toBe('Mobile');
    expect(capitalised('')).toBe('');
  });

  it('shows odd stored values in words, never raw', () => {
    expect(shownText('Chrome')).toEqual({ text: 'Chrome' });
    expect(shownText('undefined')).toEqual({ text: 'Not recorded' });
    expect(shownText('  ')).toEqual({ text: 'Not recorded' });
    expect(shownText('a\u0007b\u009b')).toEqual({ text: 'a\uFFFDb\uFFFD', full: 'a\uFFFDb\uFFFD' });
    const long = shownText(`/${'0'.repeat(300)}`);
    expect(long.text).toHaveLength(48);
    expect(long.text.endsWith('…')).toBe(true);
    expect(long.full).toBe(`/${'0'.repeat(300)}`);
    expect(pageShown('other')).toEqual({ text: 'Pages outside the app' });
    expect(pageShown('')).toEqual({ text: 'Unknown page' });
    expect(pageShown('https://nivesh.example/about')).toEqual({ text: '/about' });
    expect(referrerShown('(direct)')).toEqual({ text: 'Direct (no referring site)' });
    expect(referrerShown('null')).toEqual({ text: 'Unknown' });
    expect(capitalisedShown('')).toEqual({ text: 'Unknown' });
  });

  it('says sessions and users so that sessions without signing in never read as sessions of 0 users', () => {
    const phrase = (sessions: number, users: number, anonymous: number) => sessionsPhrase({ sessions, users, anonymous }, formatCount);
    expect(phrase(14, 5, 0)).toBe('14 sessions of 5 users');
    expect(phrase(1, 1, 0)).toBe('1 session of 1 user');
    expect(phrase(8, 0, 8)).toBe('8 sessions, none of them signed in');
    expect(phrase(1, 0, 1)).toBe('1 session, not signed in');
    expect(phrase(8, 1, 3)).toBe('8 sessions: 5 by 1 signed-in user and 3 without signing in');
  });
});
