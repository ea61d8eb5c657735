import type { CorporateAction } from './corporate-actions';

/** `value` as a fraction a/b with b up to 12 (ratios of shares are such fractions), or null. */
export const asFraction = (value: number): [number, number] | null => {
  for (let b = 1; b <= 12; b++) {
    const a = Math.round(value * b);
    if (a > 0 && Math.abs(a / b - value) < 1e-6) return [a, b];
  }
  return null;
};

const shares = (ratio: number): string => {
  const fraction = asFraction(ratio);
  if (!fraction) return `${ratio.toFixed(3)} shares for each one held`;
  return fraction[1] === 1 ? `${fraction[0]} shares for each one held` : `${fraction[0]} shares for every ${fraction[1]} held`;
};

/** "2-for-1 split", "5-for-2 split"; "split of 1.37 shares for each one held" when no small fraction fits. */
const splitLabel = (ratio: number): string => {
  const fraction = asFraction(ratio);
  return fraction ? `${fraction[0]}-for-${fraction[1]} split` : `Split of ${shares(ratio)}`;
};

/** A bonus of a new shares for every b held multiplies the shares by (a + b) / b: "1:1 bonus issue", "1:3 bonus issue". */
const bonusLabel = (ratio: number): string => {
  const fraction = asFraction(ratio - 1);
  return fraction ? `${fraction[0]}:${fraction[1]} bonus issue` : `Bonus issue of ${shares(ratio - 1)}`;
};

/** "1-for-10 consolidation (reverse split)". */
const consolidationLabel = (ratio: number): string => {
  const fraction = asFraction(1 / ratio);
  return fraction ? `${fraction[1]}-for-${fraction[0]} consolidation (reverse split)` : `Consolidation (reverse split) to ${shares(ratio)}`;
};

const VALUE_NAMES = { demerger: 'Demerger', rights: 'Rights issue', special_dividend: 'Special dividend' } as const;

/**
 * A sentence for people describing a corporate action, e.g. "2-for-1 split", "1:1 bonus issue", "Split and bonus
 * issue on one day: 15 shares for each one held", "Demerger of Jio Financial Services (price adjusted ×0.908)".
 * Actions that move only the price use their note (what was demerged, the rights terms) when there is one.
 */
export const actionLabel = (action: Pick<CorporateAction, 'kind' | 'ratio' | 'factor' | 'note'>): string => {
  const ratio = action.ratio ?? 1 / action.factor;
  switch (action.kind) {
    case 'split':
      return splitLabel(ratio);
    case 'bonus':
      return bonusLabel(ratio);
    case 'split_bonus':
      return `Split and bonus issue on one day: ${shares(ratio)}`;
    case 'reverse_split':
      return consolidationLabel(ratio);
    default:
      return `${action.note?.trim() || VALUE_NAMES[action.kind]} (price adjusted ×${action.factor.toFixed(3)})`;
  }
};
