import path from 'node:path';
import { NEWS_TONES } from '@nivesh/proto';
import { readLabelled, toneReport } from './tone-eval';
import { toneOf } from './tone';

describe('toneOf', () => {
  it('sums the lexicon’s scores of the words and labels the sum', () => {
    expect(toneOf('HDFC Bank posts record profit as loan growth stays robust')).toEqual({
      label: 'positive',
      score: 8,
      words: ['record (+2)', 'profit (+2)', 'growth (+2)', 'robust (+2)'],
    });
    expect(toneOf('Markets crash as inflation fears spark sell-off')).toMatchObject({ label: 'negative', words: ['crash (-2)', 'inflation (-1)', 'fears (-1)', 'spark (+1)', 'sell-off (-1)'] });
    expect(toneOf('Board meeting on Tuesday to consider results')).toEqual({ label: 'neutral', score: 0, words: [] });
  });

  it('turns a word round within three words of a negator', () => {
    expect(toneOf('Company does not expect growth this year')).toMatchObject({ label: 'negative', words: ['not growth (-2)'] });
    expect(toneOf('Results fail to impress investors')).toMatchObject({ label: 'negative' });
  });

  it('reads a plural the lexicon lacks as its singular, but not a past tense as another word', () => {
    expect(toneOf('Exports jumps').words).toEqual(['jumps (+1)']);
    // 'fined' is not 'fine' (+2): the lexicon does not list it, so it does not count.
    expect(toneOf('Bank fined').words).toEqual([]);
  });

  it('does not count company and index names as tone', () => {
    expect(toneOf('Hero MotoCorp and Titan announce board meetings').words).toEqual([]);
    expect(toneOf('Nifty ends the week').label).toBe('neutral');
  });
});

describe('the labelled headlines', () => {
  const rows = readLabelled(path.join(__dirname, 'data/tone.jsonl'));

  it('hold at least 150 headlines, at least 50 of each tone, none twice', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    for (const tone of NEWS_TONES) expect(rows.filter((row) => row.tone === tone).length).toBeGreaterThanOrEqual(50);
    expect(new Set(rows.map((row) => row.headline)).size).toBe(rows.length);
  });

  it('are scored per class: recall over each label, precision over each call', () => {
    const report = toneReport(
      [
        { headline: 'a', tone: 'positive' },
        { headline: 'b', tone: 'positive' },
        { headline: 'c', tone: 'negative' },
        { headline: 'd', tone: 'neutral' },
      ],
      (text) => (text === 'a' || text === 'd' ? 'positive' : text === 'b' ? 'neutral' : 'negative'),
    );
    expect(report).toMatchObject({ total: 4, correct: 2 });
    expect(report.classes).toEqual([
      { tone: 'positive', labelled: 2, found: 1, called: 2, recall: 0.5, precision: 0.5 },
      { tone: 'neutral', labelled: 1, found: 0, called: 1, recall: 0, precision: 0 },
      { tone: 'negative', labelled: 1, found: 1, called: 1, recall: 1, precision: 1 },
    ]);
  });
});
