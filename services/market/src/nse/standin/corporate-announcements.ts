import { z } from 'zod';
import type { DatasetAction } from '../../data/dataset-actions';

/** One row of NSE's `GET /api/corporates-corporateActions?index=equities&from_date=…&to_date=…` answer. */
export const CorporateAnnouncementSchema = z.object({
  symbol: z.string().min(1),
  series: z.string(),
  ind: z.string(),
  faceVal: z.string(),
  subject: z.string().min(1),
  /** 'DD-Mon-YYYY', e.g. '16-Jun-2025'. */
  exDate: z.string().regex(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/, 'expected a date like 16-Jun-2025'),
  recDate: z.string(),
  bcStartDate: z.string(),
  bcEndDate: z.string(),
  ndStartDate: z.string(),
  comp: z.string(),
  isin: z.string(),
  ndEndDate: z.string(),
  caBroadcastDate: z.string().nullable(),
});
export type CorporateAnnouncement = z.infer<typeof CorporateAnnouncementSchema>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2025-06-16' as NSE's '16-Jun-2025'. */
export const announcementDate = (day: string): string => `${day.slice(8, 10)}-${MONTHS[Number(day.slice(5, 7)) - 1]}-${day.slice(0, 4)}`;

/** NSE's '16-Jun-2025' as '2025-06-16', or null. */
export const announcementDay = (date: string): string | null => {
  const month = MONTHS.indexOf(date.slice(3, 6)) + 1;
  return /^\d{2}-[A-Z][a-z]{2}-\d{4}$/.test(date) && month > 0 ? `${date.slice(7)}-${String(month).padStart(2, '0')}-${date.slice(0, 2)}` : null;
};

/** Rupees as NSE writes them in subjects: whole numbers bare, else 2 decimals. */
const rupees = (value: number): string => (Number.isInteger(value) ? String(value) : value.toFixed(2));

/** The smallest a:b (a new shares for every b held) whose (a + b) / b is `ratio`. */
const bonusTerms = (ratio: number): string => {
  for (let held = 1; held <= 100; held++) {
    const offered = (ratio - 1) * held;
    if (Math.abs(offered - Math.round(offered)) < 1e-6) return `${Math.round(offered)}:${held}`;
  }
  throw new RangeError(`no whole bonus terms give a ratio of ${ratio}`);
};

const FACE_VALUES = /₹(\d+(?:\.\d+)?) to ₹(\d+(?:\.\d+)?)/;
const BONUS_NOTE = /(\d+):(\d+) bonus/;
const RIGHTS_NOTE = /(\d+) shares? for every (\d+) at ₹([\d,]+(?:\.\d+)?)/;
const AMOUNT = /₹([\d,]+(?:\.\d+)?)/;
const amount = (text: string): number => Number(text.replace(/,/g, ''));

const FACE_VALUE_KINDS: ReadonlySet<DatasetAction['kind']> = new Set(['split', 'split_bonus', 'reverse_split']);

/** A split's face values: from its note ('Face value ₹10 to ₹2'), else ₹10 to 10 / ratio. */
const splitFaceValues = (action: DatasetAction, ratio: number): { from: number; to: number } => {
  const match = action.note ? FACE_VALUES.exec(action.note) : null;
  return match ? { from: Number(match[1]), to: Number(match[2]) } : { from: 10, to: 10 / ratio };
};

/**
 * The face value of `symbol` on `day`, from its splits: the 'to' of the last split before, else the 'from' of the
 * first split after, else ₹10. The dataset keeps no face values, so this is the best the curated notes give.
 */
const faceValueOn = (actions: readonly DatasetAction[], symbol: string, day: string): number => {
  const splits = actions.filter((action) => action.symbol === symbol && FACE_VALUE_KINDS.has(action.kind));
  const before = splits.filter((action) => action.ex_date < day).at(-1);
  if (before) return splitFaceValues(before, before.ratio!).to;
  const after = splits.find((action) => action.ex_date >= day);
  return after ? splitFaceValues(after, after.ratio!).from : 10;
};

/**
 * NSE's subject lines for one curated action (two for a split with a bonus on the same day); a rights issue's premium
 * is its price less the face value.
 */
const subjects = (action: DatasetAction, faceValue: number): string[] => {
  const note = action.note ?? '';
  switch (action.kind) {
    case 'split': {
      const { from, to } = splitFaceValues(action, action.ratio!);
      return [`Face Value Split (Sub-Division) - From Rs ${rupees(from)}/- Per Share To Rs ${rupees(to)}/- Per Share`];
    }
    case 'bonus':
      return [`Bonus ${bonusTerms(action.ratio!)}`];
    case 'split_bonus': {
      const { from, to } = splitFaceValues(action, action.ratio!);
      const bonus = BONUS_NOTE.exec(note);
      const terms = bonus ? `${bonus[1]}:${bonus[2]}` : bonusTerms((action.ratio! * to) / from);
      return [`Face Value Split (Sub-Division) - From Rs ${rupees(from)}/- Per Share To Rs ${rupees(to)}/- Per Share`, `Bonus ${terms}`];
    }
    case 'demerger':
      return ['Demerger'];
    case 'rights': {
      const match = RIGHTS_NOTE.exec(note);
      return [match ? `Rights ${match[1]}:${match[2]} @ Premium Rs ${rupees(amount(match[3]!) - faceValue)}/-` : 'Rights'];
    }
    case 'special_dividend': {
      const match = AMOUNT.exec(note);
      return [match ? `Special Dividend - Rs ${rupees(amount(match[1]!))} Per Share` : 'Special Dividend'];
    }
    case 'reverse_split': {
      const { from, to } = splitFaceValues(action, action.ratio!);
      return [`Consolidation of Shares - From Rs ${rupees(from)}/- Per Share To Rs ${rupees(to)}/- Per Share`];
    }
  }
};

/** Who a curated action belongs to: its company name and ISIN. */
export type AnnouncementCompany = { company: string; isin: string };

/** NSE's announcements of the curated actions (DATASET_ACTIONS); the record date is the ex-date (T+1 settlement). */
export const datasetAnnouncements = (
  actions: readonly DatasetAction[],
  companyOf: (symbol: string, day: string) => AnnouncementCompany | null,
): CorporateAnnouncement[] =>
  actions.flatMap((action) => {
    const company = companyOf(action.symbol, action.ex_date);
    if (!company) return [];
    const faceValue = faceValueOn(actions, action.symbol, action.ex_date);
    const date = announcementDate(action.ex_date);
    return subjects(action, faceValue).map((subject) => ({
      symbol: action.symbol,
      series: 'EQ',
      ind: '-',
      faceVal: rupees(faceValue),
      subject,
      exDate: date,
      recDate: date,
      bcStartDate: '-',
      bcEndDate: '-',
      ndStartDate: '-',
      comp: company.company,
      isin: company.isin,
      ndEndDate: '-',
      caBroadcastDate: null,
    }));
  });

