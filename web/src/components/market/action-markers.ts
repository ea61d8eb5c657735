import type { MarketAction } from '@nivesh/proto';

/** `value` as a fraction a:b with b up to 12 (share ratios are such fractions), or null. */
const fraction = (value: number): [number, number] | null => {
  for (let b = 1; b <= 12; b++) {
    const a = Math.round(value * b);
    if (a > 0 && Math.abs(a / b - value) < 1e-6) return [a, b];
  }
  return null;
};

const PRICE_ONLY: Record<string, string> = { demerger: 'Demerger', rights: 'Rights', special_dividend: 'Special dividend' };

/**
 * The short text of a corporate action's marker on the price chart: "Split 2:1", "Bonus 1:1", "Split + bonus",
 * "Reverse split 1:10", "Demerger", "Rights", "Special dividend". The answer's `label` says the rest in a sentence.
 */
export const actionMarkerText = ({ kind, ratio }: Pick<MarketAction, 'kind' | 'ratio'>): string => {
  if (kind in PRICE_ONLY) return PRICE_ONLY[kind]!;
  if (kind === 'split_bonus' || ratio === null) return 'Split + bonus';
  if (kind === 'reverse_split') {
    const merged = fraction(1 / ratio);
    return merged ? `Reverse split ${merged[1]}:${merged[0]}` : 'Reverse split';
  }
  const shares = fraction(kind === 'bonus' ? ratio - 1 : ratio);
  const name = kind === 'bonus' ? 'Bonus' : 'Split';
  return shares ? `${name} ${shares[0]}:${shares[1]}` : name;
};

/** Whether the action changed only the price (the share count stayed), for the marker's colour. */
export const priceOnly = (action: Pick<MarketAction, 'kind'>): boolean => action.kind in PRICE_ONLY;
