/**
 * How the model is fitted: passes over the examples, Adam's step size, the L2 penalty and the seed of the shuffle; with
 * `average`, the weights are the mean of those after every step of the second half of the passes (Polyak–Ruppert
 * averaging), which steadies a model whose last steps would otherwise decide it.
 */
export type LogisticRegressionOptions = { epochs: number; rate: number; l2: number; seed: number; average: boolean };

/** A fitted model's weights by feature, and its bias: what `LogisticRegression.fromWeights` restores. */
export type LogisticWeights = { bias: number; weights: Record<string, number> };

/** One training example: the features present (binary, so repeats count once) and whether it is the positive class. */
export type LogisticExample = { features: readonly string[]; positive: boolean };

// Chosen by cross-validation on the guard's labelled set (scripts/eval-guard.mjs): ten passes fit ~3,000 questions in
// well under 100 ms, and more passes or a weaker penalty only made the model surer of the questions it had seen.
const DEFAULTS: LogisticRegressionOptions = { epochs: 10, rate: 0.02, l2: 1e-4, seed: 7, average: false };

const BETA1 = 0.9;
const BETA2 = 0.999;
const EPSILON = 1e-8;

/** Mulberry32: a seeded generator, so the same examples always give the same model. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Binary logistic regression over sparse binary features, fitted with Adam and an L2 penalty. The guard's second
 * model beside wink's naive Bayes: it weighs features against each other instead of treating them as independent,
 * so a question with many advice-like words but an educational shape is not scored as certain advice. Written here
 * because the installed libraries (wink) offer naive Bayes only and nothing may be added or downloaded.
 */
export class LogisticRegression {
  private readonly index = new Map<string, number>();
  private weights = new Float64Array(1);
  private readonly options: LogisticRegressionOptions;

  constructor(options: Partial<LogisticRegressionOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Fits the model to the examples (once; a fitted model is not refitted). */
  fit(examples: readonly LogisticExample[]): this {
    const rows = examples.map(({ features }) => [...new Set(features)].map((feature) => this.featureIndex(feature)));
    const bias = this.index.size;
    const size = bias + 1;
    const weights = new Float64Array(size);
    const moment = new Float64Array(size);
    const velocity = new Float64Array(size);
    const random = seeded(this.options.seed);
    const order = rows.map((_, i) => i);
    let step = 0;
    const sum = this.options.average ? new Float64Array(size) : null;
    let averaged = 0;
    const averageFrom = Math.floor(this.options.epochs / 2);
    const update = (feature: number, gradient: number, correction1: number, correction2: number): void => {
      moment[feature] = BETA1 * moment[feature]! + (1 - BETA1) * gradient;
      velocity[feature] = BETA2 * velocity[feature]! + (1 - BETA2) * gradient * gradient;
      weights[feature]! -= (this.options.rate * (moment[feature]! / correction1)) / (Math.sqrt(velocity[feature]! / correction2) + EPSILON);
    };
    for (let epoch = 0; epoch < this.options.epochs; epoch++) {
      for (let i = order.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      for (const i of order) {
        const row = rows[i]!;
        let z = weights[bias]!;
        for (const feature of row) z += weights[feature]!;
        const error = 1 / (1 + Math.exp(-z)) - (examples[i]!.positive ? 1 : 0);
        step++;
        const correction1 = 1 - BETA1 ** step;
        const correction2 = 1 - BETA2 ** step;
        // The penalty is applied to the features present only (lazily), which keeps a pass linear in the features used.
        for (const feature of row) update(feature, error + this.options.l2 * weights[feature]!, correction1, correction2);
        update(bias, error, correction1, correction2);
        if (sum && epoch >= averageFrom) {
          for (let feature = 0; feature < size; feature++) sum[feature]! += weights[feature]!;
          averaged++;
        }
      }
    }
    this.weights = sum && averaged ? sum.map((total) => total / averaged) : weights;
    return this;
  }

  /** The fitted weights, rounded to `digits` significant digits (enough to reproduce every probability closely). */
  toWeights(digits = 8): LogisticWeights {
    const bias = this.weights.length - 1;
    const round = (value: number) => Number(value.toPrecision(digits));
    return { bias: round(this.weights[bias]!), weights: Object.fromEntries([...this.index].filter(([, i]) => i < bias).map(([feature, i]) => [feature, round(this.weights[i]!)])) };
  }

  /** A fitted model from weights that `toWeights` wrote. */
  static fromWeights({ bias, weights }: LogisticWeights): LogisticRegression {
    const model = new LogisticRegression();
    const values = Object.values(weights);
    Object.keys(weights).forEach((feature) => model.featureIndex(feature));
    model.weights = Float64Array.from([...values, bias]);
    return model;
  }

  /** Probability (0–1) of the positive class; features never seen in training are ignored. */
  probability(features: readonly string[]): number {
    const bias = this.weights.length - 1;
    let z = this.weights[bias]!;
    for (const feature of new Set(features)) {
      const index = this.index.get(feature);
      if (index !== undefined && index < bias) z += this.weights[index]!;
    }
    return 1 / (1 + Math.exp(-z));
  }

  private featureIndex(feature: string): number {
    let index = this.index.get(feature);
    if (index === undefined) {
      index = this.index.size;
      this.index.set(feature, index);
    }
    return index;
  }
}
