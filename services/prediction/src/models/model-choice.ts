import type { Backtest } from './backtest';
import { dieboldMariano, meanAbsoluteError } from './metrics';
import { MODEL_NAMES, type ModelName } from './models';

/**
 * How far below zero a challenger's Diebold–Mariano statistic against naive must be to count as beating it: the
 * one-sided 5 % level shared by the four challengers (Bonferroni, 1.25 % each). Day-to-day prices are close to a
 * random walk, so without a test the lowest validation error would often be noise, and naive would be dropped for a
 * model that is no better.
 */
export const BEATS_NAIVE_Z = -2.2414;

/** The model chosen on the validation window, and what the choice read. */
export type ModelChoice = {
  chosen: ModelName;
  /** Whether any challenger beat naive significantly on validation. */
  beatsNaive: boolean;
  /** The challengers that did, lowest validation MAE first. */
  winners: ModelName[];
  /** Validation MAE (log price) per model, per horizon (index h − 1). */
  validationMae: Record<ModelName, number[]>;
  /** Diebold–Mariano statistic of each model against naive on validation (naive: 0). */
  statistic: Record<ModelName, number>;
};

/** Per origin, the model's absolute error minus naive's, averaged over horizons 1..H. */
const lossDifferentials = (backtest: Backtest, model: ModelName, positions: readonly number[]): number[] =>
  positions.map((i) => {
    const own = backtest.errors[model][i];
    const naive = backtest.errors.naive[i];
    let sum = 0;
    for (let h = 0; h < backtest.horizon; h++) sum += Math.abs(own[h]) - Math.abs(naive[h]);
    return sum / backtest.horizon;
  });

/**
 * Chooses one model for all horizons (so the forecast path comes from one model): among the challengers that beat
 * naive significantly on the validation origins, the one with the lowest validation MAE averaged over horizons;
 * naive when none does.
 */
export const chooseModel = (backtest: Backtest, validation: readonly number[], stride: number): ModelChoice => {
  const lags = Math.ceil(backtest.horizon / stride);
  const validationMae = {} as Record<ModelName, number[]>;
  const statistic = {} as Record<ModelName, number>;
  for (const model of MODEL_NAMES) {
    validationMae[model] = Array.from({ length: backtest.horizon }, (_, h) => meanAbsoluteError(validation.map((i) => backtest.errors[model][i][h])));
    statistic[model] = model === 'naive' ? 0 : dieboldMariano(lossDifferentials(backtest, model, validation), lags);
  }
  const average = (model: ModelName) => validationMae[model].reduce((sum, mae) => sum + mae, 0) / backtest.horizon;
  const winners = MODEL_NAMES.filter((model) => model !== 'naive' && statistic[model] <= BEATS_NAIVE_Z).sort((a, b) => average(a) - average(b));
  return { chosen: winners[0] ?? 'naive', beatsNaive: winners.length > 0, winners, validationMae, statistic };
};
