import { type Filing, filedDay, type ShareAction, sharesGrowth, sharesOf } from './derive';
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

/** An EPS that disagrees with the period's own profit over the share count is replaced by profit ÷ shares. */
const checkedEps = (figures: PeriodFigures, shares: number | null): PeriodFigures => {
  const { eps_basic, net_profit } = figures;
  if (shares === null || eps_basic === null || net_profit === null || Math.abs(eps_basic) < MIN_EPS) return figures;
  const implied = net_profit / shares;
  if (Math.sign(implied) === Math.sign(eps_basic) && within(Math.abs(eps_basic), Math.abs(implied))) return figures;
  return { ...figures, eps_basic: Math.round(implied * 100) / 100 };
};

/**
 * Filings as the derived figures use them, with the filers' evident slips repaired. Each filing's share count is
 * checked against the counts its company filed within about a year (in the same shares: splits and bonus issues in
 * between are undone): the filed count (paid-up capital ÷ face value) where it agrees with them, else the count its
 * profit and EPS imply, else theirs. Some filers put the capital in crores into the face-value box (HINDUNILVR, VEDL
 * 2018-19) or a wrong paid-up figure (ICICIBANK FY2023). Then an EPS that disagrees with the period's profit over
 * that count by more than a quarter (ICICIBANK's consolidated FY2023 year, filed with the quarter's EPS) is replaced
 * by profit ÷ shares. The filings as filed stay stored and shown.
 */
export const repairFilings = (filings: readonly Filing[], actions: readonly ShareAction[]): Filing[] => {
  const counted = filings.map((filing) => ({ day: filedDay(filing.filed_at), at: Date.parse(filing.filed_at), count: filedCount(filing) }));
  return filings.map((filing, index) => {
    const { day, at } = counted[index]!;
    const neighbours = counted.flatMap((other, otherIndex) => {
      if (otherIndex === index || other.count === null || Math.abs(other.at - at) > NEIGHBOUR_DAYS * DAY_MS) return [];
      // In this filing's shares: a later count had the share changes since this filing; an earlier one lacks them.
      return [other.day > day ? other.count / sharesGrowth(actions, day, other.day) : other.count * sharesGrowth(actions, other.day, day)];
    });
    const reference = neighbours.length >= 2 ? median(neighbours) : null;
    const filed = filedCount(filing);
    const own = sharesOf(filing);
    let shares: number | null;
    if (reference === null) shares = own;
    else if (filed !== null && within(filed, reference)) shares = filed;
    else if (own !== null && within(own, reference)) shares = own;
    else shares = reference;
    return { ...filing, shares, quarter: checkedEps(filing.quarter, shares), year_to_date: checkedEps(filing.year_to_date, shares) };
  });
};
