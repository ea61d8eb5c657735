import { NOT_A_NUMBER, formatIndianNumber } from '../../lib/format';
import { DASHBOARD_TEXTS } from './texts';

/** How the server stores a page outside the app: proto's `OTHER_PAGE` (app-pages.test.ts checks the copy). */
export const OTHER_PAGE = 'other';

/** A count with Indian grouping, e.g. 123456 -> '1,23,456'. */
export const formatCount = (value: number): string => formatIndianNumber(value, 0);

/** A ratio (0..1) as a percentage, e.g. 0.425 -> '42.5 %'; a dash for null. */
export const formatRatio = (ratio: number | null): string =>
  ratio === null || !Number.isFinite(ratio) ? NOT_A_NUMBER : `${formatIndianNumber(ratio * 100, 1)} %`;

/** A duration in seconds for people: '45 s', '2 min 5 s', '1 h 20 min'; a dash for null. */
export const formatSeconds = (seconds: number | null): string => {
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return NOT_A_NUMBER;
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  if (whole < 3_600) {
    const rest = whole % 60;
    return rest === 0 ? `${Math.floor(whole / 60)} min` : `${Math.floor(whole / 60)} min ${rest} s`;
  }
  const minutes = Math.round((whole % 3_600) / 60);
  return minutes === 0 ? `${Math.floor(whole / 3_600)} h` : `${Math.floor(whole / 3_600)} h ${minutes} min`;
};

/** Milliseconds for people: '850 ms', '1.2 s'; a dash for null. */
export const formatMs = (ms: number | null): string => {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return NOT_A_NUMBER;
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  return `${formatIndianNumber(ms / 1_000, 1)} s`;
};

const shortDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const weekday = new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'UTC' });
const fullDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

const dateOf = (isoDate: string): Date | null => {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A day on a chart's axis, e.g. '2026-11-24' -> '24 Nov'. */
export const formatShortDay = (isoDate: string): string => {
  const date = dateOf(isoDate);
  return date ? shortDay.format(date) : isoDate;
};

/** A day in a table or sentence, e.g. '2026-11-24' -> 'Tue, 24 Nov 2026'. */
export const formatLongDay = (isoDate: string): string => {
  const date = dateOf(isoDate);
  return date ? `${weekday.format(date)}, ${fullDay.format(date)}` : isoDate;
};

/** A page as people read it: the path of a full address ('https://host/about' -> '/about'), else the key itself. */
export const pageLabel = (key: string): string => {
  if (!/^https?:\/\//i.test(key)) return key;
  try {
    return new URL(key).pathname;
  } catch {
    return key;
  }
};

/** A stored value as a dashboard shows it: `text` in the page, and the whole value for a title when `text` is not all of it. */
export type Shown = { text: string; full?: string };

/** Longest value shown whole; a longer one is cut, and its title holds all of it. */
export const SHOWN_MAX = 48;
// eslint-disable-next-line no-control-regex -- finding control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;
// What a client that lost a value sends instead of it.
const NOTHING = new Set(['', 'undefined', 'null', 'nan', '(unknown)']);

/**
 * Any stored value in words, never raw: nothing (empty, 'undefined', 'null') is `nothing`; a control character shows
 * as '�'; a value over SHOWN_MAX characters is cut with '…', and `full` holds it whole (control characters replaced).
 */
export const shownText = (value: string, nothing: string = DASHBOARD_TEXTS.notRecorded): Shown => {
  const readable = value.replace(CONTROL_CHARACTERS, '\uFFFD').trim();
  if (NOTHING.has(readable.toLowerCase())) return { text: nothing };
  if (readable.length <= SHOWN_MAX) return readable === value ? { text: readable } : { text: readable, full: readable };
  return { text: `${readable.slice(0, SHOWN_MAX - 1)}…`, full: readable };
};

/** A page in words: 'other' (outside the app) and a missing page are said so; a path is shown as itself. */
export const pageShown = (key: string): Shown =>
  key === OTHER_PAGE ? { text: DASHBOARD_TEXTS.otherPages } : shownText(pageLabel(key), DASHBOARD_TEXTS.unknownPage);

/** A referrer in words: none is a direct visit. */
export const referrerShown = (key: string): Shown => (key === '(direct)' ? { text: DASHBOARD_TEXTS.direct } : shownText(key, DASHBOARD_TEXTS.unknown));

/** A name (a browser, a screen size) in words; an unknown one says so. */
export const nameShown = (key: string): Shown => shownText(key, DASHBOARD_TEXTS.unknown);

/** A category, device or action as a name ('chat' -> 'Chat'), in words when odd. */
export const capitalisedShown = (key: string): Shown => {
  const shown = shownText(key, DASHBOARD_TEXTS.unknown);
  return { ...shown, text: capitalised(shown.text) };
};

/** A label cut to fit a chart's axis at 390 px; the tables beside the charts carry it whole. */
export const shortLabel = (label: string, max = 18): string => (label.length <= max ? label : `${label.slice(0, max - 1)}…`);

/** Each row's share of the total, 0..1 (0 with a total of 0). */
export const shareOf = (count: number, total: number): number => (total > 0 ? count / total : 0);

const clock = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', second: '2-digit', timeZone: 'Asia/Kolkata' });

/** The time of an instant in India, e.g. '2026-11-24T06:30:05Z' -> '12:00:05 pm'. */
export const formatIndiaTime = (iso: string): string => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : clock.format(date);
};

/** A category or device as a name: 'chat' -> 'Chat'. */
export const capitalised = (key: string): string => key.charAt(0).toUpperCase() + key.slice(1);
