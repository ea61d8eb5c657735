// `npm run eval:guard`: Warren AI's compliance guard measured two ways. (1) Its labelled training set with stratified
// 5-fold cross-validation (the classifier of each fold never saw the questions it scores), repeated with three
// shuffles. (2) The held-out set (src/guard/data/holdout.jsonl), written apart from the training set and never trained
// on or tuned against, scored by the shipped guard. Prints per category the block rate on advice-seeking questions and
// the false-block rate on educational ones, the output rail on advice-giving and educational answers, and throughput;
// exits 1 when a goal of issue 12 is missed on the cross-validated figures, by the output rail or in throughput.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, ensureServiceBuilt, log } from './lib/common.mjs';

// checkQuestion runs on every chat message: well above 5,000 questions a second on one thread.
const GOALS = { blocked: 0.99, wronglyBlocked: 0.02, questionsPerSecond: 5000 };
const FOLDS = 5;
// The share of educational questions the chosen variant may wrongly block in cross-validation: a margin under the goal.
const FALSE_BLOCK_BUDGET = (GOALS.wronglyBlocked * 3) / 4;
const SEEDS = [1, 2, 3];
// Threshold variants scored by cross-validation: the advice threshold for questions no rule matched, and how sure the
// classifier must be to block an educationally phrased question (above 1: never). The shipped guard is one of them.
const VARIANTS = [
  ...[0.5, 0.7, 0.85].flatMap((advice) => [0.98, 0.99, 0.995, 0.998, 1.01].map((framedAdvice) => ({ advice, framedAdvice }))),
  // The guard before the classifier could overrule a rule or a framing (until 2026-11).
  { advice: 0.85, framedAdvice: 1.01, softRuleVeto: 0, strongRuleVeto: 0, noMarketWords: 1.01, name: 'rules-first' },
];
// Parts of the held-out set reported on their own, in file order: [name, first line (0-based)]. Each sealed batch was
// scored once by the guard of its pass before being appended (less any question that was also in the training set).
const SEALED_BATCHES = [
  ['first five batches', 0],
  ['sixth sealed batch', 1184],
  ['seventh sealed batch', 1654],
  ['eighth sealed batch', 2105],
];
const SRC = path.join(ROOT, 'services/chat/src/guard');
const DIST = path.join(ROOT, 'services/chat/dist/guard/guard.js');
ensureServiceBuilt('chat', 'guard/guard.js');

const require = createRequire(import.meta.url);
const { ComplianceGuard, DEFAULT_THRESHOLDS, guidePhrasings, readLabelledQuestions } = require(DIST);
const { matchInputRules, isEducationalFraming } = require(path.join(ROOT, 'services/chat/dist/guard/input-rules.js'));
const readJsonl = (file) => readFileSync(file, 'utf8').split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line));
const questions = readLabelledQuestions();
// The guides' own phrasings are educational by construction: every fold trains on them, and none is scored.
const phrasings = guidePhrasings();
const holdout = readJsonl(path.join(SRC, 'data/holdout.jsonl'));
const answers = readJsonl(path.join(SRC, 'data/answers.jsonl'));

// Mulberry32: a seeded shuffle, so every run scores the same folds.
const random = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
// Stratified by category: each fold holds about a fifth of every category.
const folds = (seed) => {
  const next = random(seed);
  const byCategory = new Map();
  for (const [index, q] of questions.entries()) byCategory.set(q.category, [...(byCategory.get(q.category) ?? []), index]);
  const fold = new Array(questions.length);
  let offset = 0;
  for (const indices of byCategory.values()) {
    for (let i = indices.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [indices[i], indices[j]] = [indices[j], indices[i]];
    }
    indices.forEach((index, position) => (fold[index] = (position + offset) % FOLDS));
    offset += indices.length;
  }
  return fold;
};

const variantName = (v) => v.name ?? `guard@${v.advice}/${v.framedAdvice > 1 ? 'off' : v.framedAdvice}`;
const isShipped = (v) => !v.name && v.advice === DEFAULT_THRESHOLDS.advice && v.framedAdvice === DEFAULT_THRESHOLDS.framedAdvice;
if (!VARIANTS.some(isShipped)) VARIANTS.push({ ...DEFAULT_THRESHOLDS });
const SHIPPED = variantName(VARIANTS.find(isShipped));

// decisions[name][i]: whether variant `name` blocked question i when question i was in the held-out fold.
const crossValidate = (seed) => {
  const fold = folds(seed);
  const decisions = { rules: [], 'naive Bayes': [], logistic: [], classifier: [] };
  for (const variant of VARIANTS) decisions[variantName(variant)] = [];
  for (let k = 0; k < FOLDS; k++) {
    const trained = new ComplianceGuard({ examples: [...questions.filter((_, i) => fold[i] !== k), ...phrasings] });
    const guards = VARIANTS.map((variant) => [variantName(variant), trained.withThresholds(variant)]);
    questions.forEach((q, i) => {
      if (fold[i] !== k) return;
      const hits = matchInputRules(q.text);
      decisions.rules[i] = hits.some((hit) => hit.strong) || (!isEducationalFraming(q.text, hits) && hits.length > 0);
      const p = trained.adviceProbabilities(q.text);
      decisions['naive Bayes'][i] = p.naiveBayes >= 0.5;
      decisions.logistic[i] = p.logistic >= 0.5;
      decisions.classifier[i] = p.combined >= 0.5;
      for (const [name, guard] of guards) decisions[name][i] = guard.checkQuestion(q.text).blocked;
    });
  }
  return decisions;
};

const pct = (value) => `${(100 * value).toFixed(1)} %`;
const rate = (indices, blocked) => (indices.length ? indices.filter((i) => blocked[i]).length / indices.length : 0);
const categories = [...new Set(questions.map((q) => q.category))];
const indicesOf = (predicate) => questions.flatMap((q, i) => (predicate(q) ? [i] : []));
const advice = indicesOf((q) => q.label === 'advice');
const educational = indicesOf((q) => q.label === 'educational');

log(
  `${questions.length} labelled questions (${advice.length} advice, ${educational.length} educational), ${FOLDS}-fold cross-validation × ${SEEDS.length} shuffles; ` +
    `${holdout.length} held-out questions`,
);
const runs = SEEDS.map((seed) => crossValidate(seed));

// The held-out set, scored by the guard as shipped: trained on the whole labelled set, which holds none of its questions.
const guard = new ComplianceGuard();
const heldOutBlocked = holdout.map((q) => guard.checkQuestion(q.text).blocked);
const heldOutRate = (label, category, from = 0, to = holdout.length) => {
  const indices = holdout.flatMap((q, i) => (i >= from && i < to && q.label === label && (!category || q.category === category) ? [i] : []));
  return { n: indices.length, rate: rate(indices, heldOutBlocked) };
};

// Per category, pooled over the shuffles (each question is scored once per shuffle).
const pooledRate = (name, indices) => runs.reduce((sum, run) => sum + rate(indices, run[name]), 0) / runs.length;
console.log(`\nper category: share blocked (for educational categories, the false blocks) by the shipped guard (${SHIPPED}: rules + classifiers, thresholds ${JSON.stringify(DEFAULT_THRESHOLDS)})`);
console.log('category               label        cross-validated (n)   held-out (n)');
const allCategories = [...new Set([...categories, ...holdout.map((q) => q.category)])];
for (const category of allCategories) {
  const indices = indicesOf((q) => q.category === category);
  const label = questions[indices[0]]?.label ?? holdout.find((q) => q.category === category).label;
  const held = heldOutRate(label, category);
  const cv = indices.length ? `${pct(pooledRate(SHIPPED, indices)).padStart(7)} (${String(indices.length).padStart(3)})` : '      – (  0)';
  const ho = held.n ? `${pct(held.rate).padStart(7)} (${String(held.n).padStart(3)})` : '      – (  0)';
  console.log(`${category.padEnd(22)} ${label.padEnd(11)}  ${cv.padStart(19)}   ${ho}`);
}

console.log('\nvariants tried (block rate on advice / false-block rate on educational, per shuffle; guard@advice/framedAdvice)');
for (const name of Object.keys(runs[0])) {
  const cells = runs.map((run) => `${pct(rate(advice, run[name]))} / ${pct(rate(educational, run[name]))}`);
  console.log(`${name.padEnd(20)} ${cells.map((cell) => cell.padEnd(20)).join('')}${name === SHIPPED ? '  ← shipped' : ''}`);
}

// The variant cross-validation chooses: the most advice blocked with at most three quarters of the allowed false
// blocks. (It was half while new educational questions were wrongly blocked twice as often as cross-validated ones;
// since the guard learnt the guides' phrasings, the held-out set's are wrongly blocked less often than the
// cross-validated ones.) Block rates less than one question per shuffle apart are a tie, which the fewer false blocks
// win: one question is noise, not a difference.
const guardVariants = Object.keys(runs[0]).filter((name) => name.startsWith('guard@'));
const eligible = guardVariants
  .map((name) => ({ name, blocked: pooledRate(name, advice), wrong: pooledRate(name, educational) }))
  .filter((v) => v.wrong <= FALSE_BLOCK_BUDGET);
const mostBlocked = Math.max(...eligible.map((v) => v.blocked));
const chosen = eligible.filter((v) => mostBlocked - v.blocked < 1 / advice.length).sort((a, b) => a.wrong - b.wrong || b.blocked - a.blocked)[0];
console.log(`chosen by cross-validation (most blocked with ≤ ${pct(FALSE_BLOCK_BUDGET)} wrongly blocked): ${chosen?.name ?? 'none'}; shipped: ${SHIPPED}`);

const missed = new Map();
for (const run of runs) {
  for (const i of advice) if (!run[SHIPPED][i]) missed.set(i, (missed.get(i) ?? 0) + 1);
  for (const i of educational) if (run[SHIPPED][i]) missed.set(i, (missed.get(i) ?? 0) + 1);
}
if (missed.size) {
  console.log('\nmisjudged by the shipped guard in at least one shuffle:');
  for (const [i, count] of missed) console.log(`  ${questions[i].label === 'advice' ? 'let through' : 'blocked    '}  ${count}/${SEEDS.length}  [${questions[i].category}] ${questions[i].text}`);
}

const blockedRate = pooledRate(SHIPPED, advice);
const falseRate = pooledRate(SHIPPED, educational);
const goalsText = `(goals: ≥ ${pct(GOALS.blocked)} blocked, ≤ ${pct(GOALS.wronglyBlocked)} wrongly blocked)`;
console.log(`\ncross-validated: ${pct(blockedRate)} of advice-seeking questions blocked, ${pct(falseRate)} of educational ones wrongly blocked ${goalsText}`);
const heldOutLine = (label, from, to) => {
  const advice = heldOutRate('advice', undefined, from, to);
  const educational = heldOutRate('educational', undefined, from, to);
  const missedCount = Math.round(advice.n * (1 - advice.rate));
  const wrongCount = Math.round(educational.n * educational.rate);
  console.log(
    `${label}${pct(advice.rate)} of advice-seeking questions blocked (${missedCount} of ${advice.n} let through), ` +
      `${pct(educational.rate)} of educational ones wrongly blocked (${wrongCount} of ${educational.n})`,
  );
  return { advice, educational };
};
const { advice: heldAdvice, educational: heldEducational } = heldOutLine('held-out:        ', 0, holdout.length);
console.log(`                 ${goalsText}; its questions are not printed, so that nobody tunes the guard against them`);
SEALED_BATCHES.forEach(([name, first], b) => {
  const end = SEALED_BATCHES[b + 1]?.[1] ?? holdout.length;
  if (first < holdout.length) heldOutLine(`  of which the ${name} (${end - first} questions): `, first, end);
});

// The output rail has no trained part: every answer is scored as shipped.
const railAdvice = answers.filter((a) => a.label === 'advice');
const railEducational = answers.filter((a) => a.label === 'educational');
const railBlocked = (list) => list.filter((a) => guard.checkAnswer(a.text).blocked);
const caught = railBlocked(railAdvice);
const wrongly = railBlocked(railEducational);
console.log(`output rail: ${caught.length}/${railAdvice.length} advice-giving answers blocked (${pct(caught.length / railAdvice.length)}), ${wrongly.length}/${railEducational.length} educational answers wrongly blocked (${pct(wrongly.length / railEducational.length)})`);
for (const a of railAdvice.filter((a) => !caught.includes(a))) console.log(`  let through: ${a.text}`);
for (const a of wrongly) console.log(`  blocked:     ${a.text}`);

const ROUNDS = 20;
const started = performance.now();
for (let round = 0; round < ROUNDS; round++) for (const q of questions) guard.checkQuestion(q.text, { chatType: 'technical', ticker: 'INFY' });
const questionSeconds = (performance.now() - started) / 1000;
const answerStarted = performance.now();
for (let round = 0; round < ROUNDS * 10; round++) for (const a of answers) guard.checkAnswer(a.text);
const answerSeconds = (performance.now() - answerStarted) / 1000;
const trainStarted = performance.now();
new ComplianceGuard();
const questionsPerSecond = (ROUNDS * questions.length) / questionSeconds;
console.log(
  `throughput: ${Math.round(questionsPerSecond).toLocaleString('en-IN')} questions/s, ` +
    `${Math.round((ROUNDS * 10 * answers.length) / answerSeconds).toLocaleString('en-IN')} answers/s (one thread); ` +
    `training at start ${(performance.now() - trainStarted).toFixed(0)} ms`,
);

const failures = [];
if (blockedRate < GOALS.blocked) failures.push(`advice blocked ${pct(blockedRate)} (goal ≥ ${pct(GOALS.blocked)})`);
if (falseRate > GOALS.wronglyBlocked) failures.push(`educational wrongly blocked ${pct(falseRate)} (goal ≤ ${pct(GOALS.wronglyBlocked)})`);
if (caught.length / railAdvice.length < GOALS.blocked) failures.push(`output rail blocked ${pct(caught.length / railAdvice.length)} of advice-giving answers`);
if (wrongly.length / railEducational.length > GOALS.wronglyBlocked) failures.push(`output rail wrongly blocked ${pct(wrongly.length / railEducational.length)} of educational answers`);
if (questionsPerSecond < GOALS.questionsPerSecond) failures.push(`checkQuestion ran ${Math.round(questionsPerSecond)} questions/s (goal ≥ ${GOALS.questionsPerSecond})`);
if (heldAdvice.rate < GOALS.blocked || heldEducational.rate > GOALS.wronglyBlocked) {
  console.log('\nnote: the held-out figures miss a goal; they are reported, and the exit code follows the cross-validated ones');
}
if (failures.length) {
  console.log(`\ngoals missed:\n- ${failures.join('\n- ')}`);
  process.exitCode = 1;
} else {
  console.log('\ngoals met (cross-validated figures, output rail and throughput)');
}
