import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NEWS_TONES, type NewsTone } from '@nivesh/proto';
import { toneOf } from './tone';

/** A headline and the tone a reader gives it. */
export type LabelledHeadline = { headline: string; tone: NewsTone };

export type ToneReport = {
  total: number;
  correct: number;
  /** Per class: how many carry the label, how many of those the lexicon found (recall), and how often its call was right (precision). */
  classes: Array<{ tone: NewsTone; labelled: number; found: number; called: number; recall: number | null; precision: number | null }>;
  /** confusion[labelled][called]. */
  confusion: Record<NewsTone, Record<NewsTone, number>>;
};

/** The labelled headlines of `data/tone.jsonl` (one JSON object per line), checked. */
export const readLabelled = (file: string): LabelledHeadline[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const row = JSON.parse(line) as Partial<LabelledHeadline>;
      if (typeof row.headline !== 'string' || !NEWS_TONES.includes(row.tone as NewsTone)) throw new Error(`${file}:${index + 1}: needs a headline and a tone (${NEWS_TONES.join(', ')})`);
      return { headline: row.headline, tone: row.tone as NewsTone };
    });

/** How often `classify` agrees with the labels, overall and per class. */
export const toneReport = (rows: readonly LabelledHeadline[], classify: (text: string) => NewsTone = (text) => toneOf(text).label): ToneReport => {
  const confusion = Object.fromEntries(NEWS_TONES.map((labelled) => [labelled, Object.fromEntries(NEWS_TONES.map((called) => [called, 0]))])) as ToneReport['confusion'];
  for (const row of rows) confusion[row.tone][classify(row.headline)] += 1;
  const classes = NEWS_TONES.map((tone) => {
    const labelled = NEWS_TONES.reduce((sum, called) => sum + confusion[tone][called], 0);
    const called = NEWS_TONES.reduce((sum, actual) => sum + confusion[actual][tone], 0);
    const found = confusion[tone][tone];
    return { tone, labelled, found, called, recall: labelled ? found / labelled : null, precision: called ? found / called : null };
  });
  return { total: rows.length, correct: classes.reduce((sum, entry) => sum + entry.found, 0), classes, confusion };
};

const pct = (value: number | null): string => (value === null ? '—' : `${(value * 100).toFixed(1)}%`);

/** The report as the eval prints it. */
export const formatToneReport = (report: ToneReport): string => {
  const lines = [
    `Tone by the AFINN-165 financial-market-news lexicon on ${report.total} labelled headlines: ${report.correct} right, accuracy ${pct(report.total ? report.correct / report.total : null)}.`,
    '',
    'class      labelled  found  recall   called  precision',
    ...report.classes.map(
      (entry) =>
        `${entry.tone.padEnd(10)} ${String(entry.labelled).padStart(8)} ${String(entry.found).padStart(6)} ${pct(entry.recall).padStart(7)} ${String(entry.called).padStart(8)} ${pct(entry.precision).padStart(10)}`,
    ),
    '',
    `confusion (rows: labelled, columns: called)   ${NEWS_TONES.map((tone) => tone.padStart(9)).join('')}`,
    ...NEWS_TONES.map((tone) => `${tone.padEnd(45)}${NEWS_TONES.map((called) => String(report.confusion[tone][called]).padStart(9)).join('')}`),
  ];
  return lines.join('\n');
};

/** `npm run eval:news-tone`: the lexicon's accuracy on the labelled headlines, per class. */
const main = (): void => {
  // Run from dist/news/; the labelled set stays in the sources.
  const file = path.resolve(__dirname, '../../src/news/data/tone.jsonl');
  console.log(formatToneReport(toneReport(readLabelled(file))));
};

if (require.main === module) main();
