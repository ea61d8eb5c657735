import { type Filing, filedDay, type Merger, type ShareAction, sharesGrowth, sharesOf } from './derive';
import type { PeriodFigures } from './filing';
import { median } from './screen';

/** Filings within this many days of a filing say what its share count should be. */
const NEIGHBOUR_DAYS = 400;
/** Beyond a quarter's difference, a share count or an EPS is a filer's error, not issuance or a weighted average. */
const TOLERANCE = 1.25;
/** An EPS under ₹1 is rounded too coarsely to check. */
const MIN_EPS = 1;
const DAY_MS = 86_400_000;

const within = (value: number, reference: number): boolean => value / reference <= TOLERANCE && reference / value <= TOLERANCE;

const filedCount = (filing: Filing): number | null => {
  const { paid_up_capital, face_value } = filing.balance;
  return paid_up_capital !== null && face_value !== null && paid_up_capital > 0 && face_value > 0 ? paid_up_capital / face_value : null;
};

/** The shares a period's profit and EPS imply (profit ÷ EPS), where the EPS is large enough to say. */
const impliedCount = (figures: PeriodFigures): number | null => {
  const { eps_basic, net_profit } = figures;
  return eps_basic !== null && net_profit !== null && Math.abs(eps_basic) >= MIN_EPS && net_profit / eps_basic > 0 ? net_profit / eps_basic : null;
};

/** An EPS that disagrees with the period's own profit over the share count is replaced by profit ÷ shares. */
const checkedEps = (figures: PeriodFigures, shares: number | null): PeriodFigures => {
  const { eps_basic, net_profit } = figures;
  if (shares === null || eps_basic === null || net_profit === null || Math.abs(eps_basic) < MIN_EPS) return figures;
  const implied = net_profit / shares;
  if (Math.sign(implied) === Math.sign(eps_basic) && within(Math.abs(eps_basic), Math.abs(implied))) return figures;
  return { ...figures, eps_basic: Math.round(implied * 100) / 100 };
};

type Counted = { end: string; at: number; count: number | null };

/** Counts on either side of a merger describe different companies: a filing is checked only against its own side's. */
const sameSide = (mergers: readonly Merger[], a: string, b: string): boolean => mergers.every(({ effective }) => (a >= effective) === (b >= effective));

/**
 * The median of the counts filed within about a year of `at`, each restated in the shares of `day`; only those on the
 * same side of every merger as the period ending `own`.
 */
const neighbourCount = (
  counted: readonly Counted[],
  skip: number,
  at: number,
  day: string,
  actions: readonly ShareAction[],
  mergers: readonly Merger[],
  own: string,
): number | null => {
  const restated = counted.flatMap((other, index) => {
    if (index === skip || other.count === null || Math.abs(other.at - at) > NEIGHBOUR_DAYS * DAY_MS || !sameSide(mergers, other.end, own)) return [];
    return [other.end > day ? other.count / sharesGrowth(actions, day, other.end) : other.count * sharesGrowth(actions, other.end, day)];
  });
  return restated.length >= 2 ? median(restated) : null;
};

/** Whether `count` is in the shares after a change of `ratio` (against `before`, the count just before it). */
const afterChange = (count: number | null, before: number | null, ratio: number): boolean | null => {
  if (count === null || before === null) return null;
  if (within(count, before * ratio)) return true;
  return within(count, before) ? false : null;
};

/**
 * Filings as the derived figures use them, with the filers' evident slips repaired and each per-share figure's share
 * basis settled.
 *
 * - Share basis: a filing states its figures in the shares of its period's end, but a split or bonus issue between
 *   the period's end and publication is applied by some filers and not by others (GAIL's Q1 FY2020 EPS, published
 *   after the 1:1 bonus of July 2019, is on the old count; NESTLEIND's share count of December 2023, published after
 *   the 10-for-1 split of January 2024, is on the new). For each such filing, its share count and the count its EPS
 *   implies are compared with the company's counts before the change: whichever matches the count times the ratio is
 *   taken as already applied.
 * - Share count: checked against the counts the company filed within about a year (restated in the same shares, and
 *   on the same side of a merger, which issues shares no split explains): the filed count (paid-up capital ÷ face
 *   value) where it agrees with them, else the count its profit and EPS imply, else theirs. Some filers put the capital in crores into the face-value box (HINDUNILVR, VEDL 2018-19) or a wrong
 *   paid-up figure (ICICIBANK FY2023).
 * - EPS: one that disagrees with the period's profit over that count by more than a quarter (ICICIBANK's consolidated
 *   FY2023 year, filed with the quarter's EPS) is replaced by profit ÷ shares.
 *
 * The filings as filed stay stored and shown.
 */
export const repairFilings = (filings: readonly Filing[], actions: readonly ShareAction[], mergers: readonly Merger[] = []): Filing[] => {
  // Neighbours vouch with their own cross-checked counts (filed, or profit ÷ EPS where the filed one disagrees).
  const counted: Counted[] = filings.map((filing) => ({ end: filing.year_to_date.end, at: Date.parse(filing.year_to_date.end), count: sharesOf(filing) }));
  return filings.map((filing, index) => {
    const end = filing.year_to_date.end;
    const published = filedDay(filing.filed_at);
    let epsBasis = end;
    let countBasis = end;
    for (const action of actions.filter((entry) => entry.ex_date > end && entry.ex_date <= published)) {
      const before = neighbourCount(
        counted.map((entry) => (entry.end < action.ex_date ? entry : { ...entry, count: null })),
        index,
        Date.parse(action.ex_date),
        end,
        actions,
        mergers,
        end,
      );
      if (afterChange(filedCount(filing), before, action.ratio)) countBasis = action.ex_date;
      if (afterChange(impliedCount(filing.year_to_date), before, action.ratio)) epsBasis = action.ex_date;
    }
    const reference = neighbourCount(counted, index, Date.parse(end), countBasis, actions, mergers, end);
    const filed = filedCount(filing);
    const own = sharesOf(filing);
    let shares: number | null;
    if (reference === null) shares = own;
    else if (filed !== null && within(filed, reference)) shares = filed;
    else if (own !== null && within(own, reference)) shares = own;
    else shares = reference;
    // EPS is checked against profit over the count in the EPS's own shares.
    const epsShares = shares === null ? null : (shares * sharesGrowth(actions, countBasis, epsBasis)) / sharesGrowth(actions, epsBasis, countBasis);
    return {
      ...filing,
      shares,
      eps_basis_day: epsBasis,
      count_basis_day: countBasis,
      quarter: checkedEps(filing.quarter, epsShares),
      year_to_date: checkedEps(filing.year_to_date, epsShares),
    };
  });
};
