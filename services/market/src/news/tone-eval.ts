import { readFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { NEWS_TONES, type NewsTone } from '@nivesh/proto';
import { loadConfigOrExit } from '@nivesh/platform';
import { ConfigSchema } from '../config';
import type { ParsedFiling } from '../fundamentals/filing';
import { readFilingFile } from '../fundamentals/xbrl';
import { STOCK_ALIASES } from './aliases';
import { type GeneratedEvent, resultsEvents } from './events';
import { RESULTS_TONE_BAND_PCT, type ResultsFigures, resultsMoves, toneOf } from './tone';

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

// ---- results items ----------------------------------------------------------------------------------------

/** How a results item's net profit moved against the same period a year earlier; `none`: unchanged, or no figure to compare. */
export const PROFIT_MOVES = ['rose', 'fell', 'none'] as const;
export type ProfitMove = (typeof PROFIT_MOVES)[number];
/** The tone that agrees with the sign of the figures. */
const AGREEING: Record<ProfitMove, NewsTone> = { rose: 'positive', fell: 'negative', none: 'neutral' };

export const profitMoveOf = (figures: ResultsFigures | undefined): ProfitMove => {
  if (!figures || figures.net_profit === null || figures.net_profit_before === null || figures.net_profit === figures.net_profit_before) return 'none';
  return figures.net_profit > figures.net_profit_before ? 'rose' : 'fell';
};

export type ResultsToneReport = {
  total: number;
  /** Tones that agree with the sign of the net profit change (Neutral where there is none). */
  agree: number;
  /** Positive on a fall of net profit, or Negative on a rise. */
  contradicted: number;
  /** Neutral although net profit moved: within the band (small), up beyond it while revenue fell beyond it (mixed), or else. */
  neutralOnMove: { small: number; mixed: number; other: number };
  /** confusion[how net profit moved][tone called]. */
  confusion: Record<ProfitMove, Record<NewsTone, number>>;
};

/** How often `classify` agrees with the sign of each results item's net profit change year on year. */
export const resultsToneReport = (events: readonly GeneratedEvent[], classify: (event: GeneratedEvent) => NewsTone): ResultsToneReport => {
  const confusion = Object.fromEntries(PROFIT_MOVES.map((move) => [move, Object.fromEntries(NEWS_TONES.map((tone) => [tone, 0]))])) as ResultsToneReport['confusion'];
  const neutralOnMove = { small: 0, mixed: 0, other: 0 };
  for (const event of events.filter((entry) => entry.kind === 'results')) {
    const move = profitMoveOf(event.figures);
    const tone = classify(event);
    confusion[move][tone] += 1;
    if (move !== 'none' && tone === 'neutral' && event.figures) {
      const { profit, revenue } = resultsMoves(event.figures);
      neutralOnMove[profit?.direction === 'flat' ? 'small' : profit?.direction === 'up' && revenue?.direction === 'down' ? 'mixed' : 'other'] += 1;
    }
  }
  const count = (move: ProfitMove) => NEWS_TONES.reduce((sum, tone) => sum + confusion[move][tone], 0);
  return {
    total: PROFIT_MOVES.reduce((sum, move) => sum + count(move), 0),
    agree: PROFIT_MOVES.reduce((sum, move) => sum + confusion[move][AGREEING[move]], 0),
    contradicted: confusion.fell.positive + confusion.rose.negative,
    neutralOnMove,
    confusion,
  };
};

const share = (part: number, whole: number): string => pct(whole ? part / whole : null);

/** The results report of each way of toning, as the eval prints it. */
export const formatResultsToneReport = (reports: ReadonlyArray<{ name: string; report: ResultsToneReport }>): string => {
  const first = reports[0]?.report;
  if (!first) return '';
  const moved = (move: ProfitMove) => NEWS_TONES.reduce((sum, tone) => sum + first.confusion[move][tone], 0);
  const lines = [
    `Results items: ${first.total}, against the sign of net profit year on year (rose ${moved('rose')}, fell ${moved('fell')}, unchanged or no year-earlier figure ${moved('none')}; agreeing tones: Positive, Negative, Neutral).`,
  ];
  for (const { name, report } of reports) {
    lines.push(
      '',
      `${name}: ${report.agree} agree, ${share(report.agree, report.total)}; contradicted (Positive on a fall, Negative on a rise): ${report.contradicted}, ${share(report.contradicted, report.total)}; ` +
        `Neutral although net profit moved: ${report.neutralOnMove.small} by ${RESULTS_TONE_BAND_PCT}% or less, ${report.neutralOnMove.mixed} up while revenue fell more than ${RESULTS_TONE_BAND_PCT}%, ${report.neutralOnMove.other} else.`,
      `net profit ${NEWS_TONES.map((tone) => tone.padStart(9)).join('')}`,
      ...PROFIT_MOVES.map((move) => `${move.padEnd(10)} ${NEWS_TONES.map((tone) => String(report.confusion[move][tone]).padStart(9)).join('')}`),
    );
  }
  return lines.join('\n');
};

/** Every filing under `dir` (one folder per symbol), by symbol. */
const readFilings = async (dir: string): Promise<Map<string, ParsedFiling[]>> => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.xml')).map((entry) => path.join(entry.parentPath, entry.name));
  const bySymbol = new Map<string, ParsedFiling[]>();
  for (const file of files.sort()) {
    const filing = await readFilingFile(file);
    bySymbol.set(filing.symbol, [...(bySymbol.get(filing.symbol) ?? []), filing]);
  }
  return bySymbol;
};

/**
 * `npm run eval:news-tone`: results items, whose tone follows their figures, against the sign of those figures over
 * every results item the filings of FUNDAMENTALS_DATA_DIR generate (beside the tone the headline's words would get);
 * and the lexicon's accuracy on the labelled press headlines, per class.
 */
const main = async (): Promise<void> => {
  const { FUNDAMENTALS_DATA_DIR } = loadConfigOrExit(ConfigSchema.pick({ FUNDAMENTALS_DATA_DIR: true }), process.env);
  const filings = await readFilings(FUNDAMENTALS_DATA_DIR);
  // The service repairs the filings first (`repairFilings`), which settles share counts and EPS only: the profit and
  // revenue a tone is read from are the same without it.
  const events = [...filings].flatMap(([symbol, own]) => resultsEvents(symbol, STOCK_ALIASES[symbol]?.name ?? symbol, own));
  console.log(`${[...filings.values()].reduce((sum, own) => sum + own.length, 0)} filings of ${filings.size} stocks in ${FUNDAMENTALS_DATA_DIR}.`);
  console.log(
    formatResultsToneReport([
      { name: 'By their figures (the results rule)', report: resultsToneReport(events, (event) => event.tone?.label ?? toneOf(event.headline).label) },
      { name: 'By the words of their headlines (the lexicon, as press is toned)', report: resultsToneReport(events, (event) => toneOf(event.headline).label) },
    ]),
  );
  console.log('');
  // Run from dist/news/; the labelled set stays in the sources.
  const file = path.resolve(__dirname, '../../src/news/data/tone.jsonl');
  console.log(`Press headlines. ${formatToneReport(toneReport(readLabelled(file)))}`);
};

if (require.main === module) void main();
