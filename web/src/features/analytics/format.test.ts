import { capitalised, formatLongDay, formatMs, formatRatio, formatSeconds, formatShortDay, pageLabel, shareOf, shortLabel } from './format';

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
});
