// `npm run eval:chat`: does Warren AI answer the question that was asked? Every question of the labelled set
// (services/chat/src/knowledge/eval-questions.jsonl: educational questions in English and Hinglish, each labelled by
// hand with the guide that answers it or "none", written before the retrieval was tuned and apart from the articles' own
// phrasings) goes through the compliance guard and the built-in engine, in a technical chat about INFY and in a market
// sentiment chat, as a user's would. An answer is on topic when it explains from the expected guide (or an accepted
// alternative), an honest abstention when it says there is no guide, and wrong-topic when it explains from another.
//
// Retrieval learns from the articles' own phrasings and from the labelled set, so its figures are 5-fold
// cross-validated: each fifth of the set is answered by a model fitted, and a confidence threshold chosen, on the other
// four fifths only. `--write` then fits the model to everything and writes it where the chat service loads it
// (src/knowledge/retrieval-model.generated.ts). Also prints the guard on its held-out set, which must not drop (advice
// blocked >= 99 %, educational wrongly blocked <= 2 %). Exits 1 when a goal is missed.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { ROOT, ensureServiceBuilt, log } from './lib/common.mjs';

const GOALS = { onTopic: 0.9, wrongTopic: 0.03, adviceBlocked: 0.99, educationalBlocked: 0.02 };
const FOLDS = 5;
// The shuffle that deals the questions into folds; `--seed N` deals them another way, to see how much the figures move.
const SEED = process.argv.includes('--seed') ? Number(process.argv[process.argv.indexOf('--seed') + 1]) : 7;
const THRESHOLDS = [0.02, 0.05, 0.1, 0.15, 0.175, 0.2, 0.225, 0.25, 0.275, 0.3, 0.325, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7];
// A wrong-topic answer teaches the wrong thing with authority: it costs four times what an abstention does.
const WRONG_COST = 4;
const DIST = path.join(ROOT, 'services/chat/dist');
const SOURCE = path.join(ROOT, 'services/chat/src/knowledge');

ensureServiceBuilt('chat', 'knowledge/knowledge-base.js');
const require = createRequire(import.meta.url);
const { KnowledgeBase } = require(path.join(DIST, 'knowledge/knowledge-base.js'));
const { Retriever } = require(path.join(DIST, 'knowledge/retriever.js'));
const { EVAL_QUESTIONS_FILE, modelFingerprint } = require(path.join(DIST, 'knowledge/model-inputs.js'));
const { withoutStocks } = require(path.join(DIST, 'engine/tickers.js'));
const { answer, otherStock } = require(path.join(DIST, 'engine/answer.js'));
const { infyGrounding, relianceGrounding, sentimentGrounding } = require(path.join(DIST, 'engine/testing/fixtures.js'));
const { ComplianceGuard } = require(path.join(DIST, 'guard/guard.js'));

const readJsonl = (file) => readFileSync(file, 'utf8').split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line));
const questions = readJsonl(path.join(SOURCE, EVAL_QUESTIONS_FILE));
const articles = KnowledgeBase.parsed();
const guard = new ComplianceGuard();
const CHATS = [
  { name: 'technical chat (INFY)', grounding: infyGrounding(), context: { chatType: 'technical', ticker: 'INFY' } },
  { name: 'market sentiment chat', grounding: sentimentGrounding(), context: { chatType: 'sentiment' } },
].map((chat, index) => ({ ...chat, index }));
const vocabulary = new Retriever(articles);
// As the engine asks: the stocks a question names do not steer which guide answers it.
const labelled = questions.map((row) => ({
  text: withoutStocks(row.text, (word) => vocabulary.knows(word)),
  expected: row.expected === 'none' ? [] : [row.expected, ...(row.also ?? [])],
}));

/** How one answer fared: on (topic), abstained, wrong (topic), or blocked by the guard. */
const outcome = (row, reply) => {
  if (reply.blocked) return 'blocked';
  if (reply.abstained) return 'abstained';
  const ok = [row.expected, ...(row.also ?? [])];
  return reply.article && ok.includes(reply.article) ? 'on' : 'wrong';
};

const answeredWith = CHATS.map(() => []);

/** A question's outcome in one chat, answered end to end with `knowledge`. */
const answered = (chat, knowledge, index) => {
  const row = questions[index];
  if (guard.checkQuestion(row.text, chat.context).blocked) return outcome(row, { blocked: true });
  // A question naming another stock gets that stock's figures: RELIANCE's stand in for whichever it names.
  const other = otherStock(row.text, chat.grounding, knowledge) ? relianceGrounding() : undefined;
  const reply = answer({ question: row.text, grounding: chat.grounding, history: [], knowledge, other });
  const article = reply.sources.find((source) => source.startsWith('knowledge:'))?.slice('knowledge:'.length);
  answeredWith[chat.index][index] = article ?? reply.sources.join('+');
  return outcome(row, { abstained: reply.abstained === true, article });
};

/** Figures over a subset of the questions (indices) given each one's outcome. */
const figures = (results, indices) => {
  const asked = indices.filter((i) => questions[i].expected !== 'none');
  const none = indices.filter((i) => questions[i].expected === 'none');
  const count = (list, kind) => list.filter((i) => results[i] === kind).length;
  return {
    questions: indices.length,
    onTopic: count(asked, 'on') / asked.length,
    onTopicN: count(asked, 'on'),
    askedN: asked.length,
    abstainedWithGuide: count(asked, 'abstained'),
    honestAbstentions: count(none, 'abstained'),
    noneN: none.length,
    wrongTopic: (count(asked, 'wrong') + count(none, 'wrong')) / indices.length,
    wrongN: count(asked, 'wrong') + count(none, 'wrong'),
    blocked: count(indices, 'blocked'),
  };
};
const score = (f) => f.onTopicN + f.honestAbstentions - WRONG_COST * f.wrongN;

// One retriever for every fit: the evidence for the articles' own questions is computed once.
const retriever = new Retriever(articles);

/** Fits to the questions `train` and retrieves for `test`: the best guide and its confidence, by question. */
const retrieveAfterFit = (train, test) => {
  retriever.train(train.map((i) => labelled[i]));
  return test.map((i) => ({ i, ...retriever.retrieve(labelled[i].text, 1) }));
};

/** Retrieval alone at a threshold: what would be answered from which guide. */
const retrievalOutcomes = (found, threshold) => {
  const results = [];
  for (const { i, ranked, confidence } of found) {
    const best = ranked[0];
    results[i] = !best || confidence < threshold ? 'abstained' : labelled[i].expected.includes(best.id) ? 'on' : 'wrong';
  }
  return results;
};

/**
 * The threshold for a model fitted to `train`, chosen by an inner cross-validation over its folds (confidences on
 * questions a model has been fitted to would flatter it).
 */
const chooseThreshold = (train) => {
  const inner = [...new Set(train.map((i) => foldOf[i]))];
  const found = inner.flatMap((g) => retrieveAfterFit(train.filter((i) => foldOf[i] !== g), train.filter((i) => foldOf[i] === g)));
  const at = (threshold) => score(figures(retrievalOutcomes(found, threshold), train));
  return THRESHOLDS.reduce((a, b) => (at(b) > at(a) ? b : a));
};

// Mulberry32: a seeded shuffle, so every run scores the same folds; stratified so each fold holds a fifth of "none".
const random = (seed) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const foldOf = (() => {
  const next = random(SEED);
  const fold = new Array(questions.length);
  for (const group of [true, false]) {
    const indices = questions.map((row, i) => [row, i]).filter(([row]) => (row.expected === 'none') === group).map(([, i]) => i);
    for (let i = indices.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [indices[i], indices[j]] = [indices[j], indices[i]];
    }
    indices.forEach((index, position) => (fold[index] = position % FOLDS));
  }
  return fold;
})();

const percent = (value) => `${(value * 100).toFixed(1)} %`;
const all = questions.map((_, i) => i);
log(`${questions.length} labelled questions (${questions.filter((row) => row.lang === 'hinglish').length} in Hinglish, ${questions.filter((row) => row.expected === 'none').length} with no guide), ${articles.length} guides`);

const failures = [];
if (process.argv.includes('--llm')) await evaluateLlm();
else {
  const results = CHATS.map(() => new Array(questions.length));
  const heldOut = [];
  const chosen = [];
  let answerMs = 0;
  for (let fold = 0; fold < FOLDS; fold++) {
    const train = all.filter((i) => foldOf[i] !== fold);
    const test = all.filter((i) => foldOf[i] === fold);
    const threshold = chooseThreshold(train);
    chosen.push(threshold);
    heldOut.push(...retrieveAfterFit(train, test));
    const knowledge = new KnowledgeBase(articles, { ...retriever.toModel(), threshold });
    const started = performance.now();
    for (const [c, chat] of CHATS.entries()) for (const i of test) results[c][i] = answered(chat, knowledge, i);
    answerMs += performance.now() - started;
    log(`fold ${fold + 1} of ${FOLDS}: threshold ${threshold}`);
  }
  console.log('\nretrieval alone, cross-validated: the best guide is the expected one for ' +
    percent(heldOut.filter(({ i, ranked }) => labelled[i].expected.includes(ranked[0]?.id)).length / heldOut.filter(({ i }) => labelled[i].expected.length).length) +
    ' of the questions that have one; at each threshold:');
  for (const threshold of THRESHOLDS) {
    const f = figures(retrievalOutcomes(heldOut, threshold), all);
    console.log(`  ${String(threshold).padEnd(5)} on topic ${percent(f.onTopic)}, honest abstentions ${f.honestAbstentions}/${f.noneN}, wrong topic ${percent(f.wrongTopic)}`);
  }
  console.log(`\ncross-validated (each fold answered by a model fitted, and a threshold chosen, on the other four; thresholds ${chosen.join(', ')})`);
  console.log('                           on topic             honest abstentions   wrong topic         blocked   abstained with a guide');
  for (const [c, chat] of CHATS.entries()) {
    const f = figures(results[c], all);
    console.log(
      `  ${chat.name.padEnd(24)} ${`${percent(f.onTopic)} (${f.onTopicN}/${f.askedN})`.padEnd(20)} ${`${f.honestAbstentions}/${f.noneN}`.padEnd(20)} ${`${percent(f.wrongTopic)} (${f.wrongN}/${f.questions})`.padEnd(19)} ${String(f.blocked).padEnd(9)} ${f.abstainedWithGuide}`,
    );
    for (const lang of ['en', 'hinglish']) {
      const part = figures(results[c], all.filter((i) => questions[i].lang === lang));
      console.log(`    ${lang.padEnd(22)} ${percent(part.onTopic)} on topic, ${percent(part.wrongTopic)} wrong topic, of ${part.questions}`);
    }
    if (f.onTopic < GOALS.onTopic) failures.push(`${chat.name}: on topic ${percent(f.onTopic)} < ${percent(GOALS.onTopic)}`);
    if (f.wrongTopic > GOALS.wrongTopic) failures.push(`${chat.name}: wrong topic ${percent(f.wrongTopic)} > ${percent(GOALS.wrongTopic)}`);
    if (process.argv.includes('--show')) {
      for (const i of all.filter((i) => results[c][i] === 'wrong' || results[c][i] === 'blocked')) console.log(`      ${results[c][i]}: ${JSON.stringify(questions[i].text)} (expected ${questions[i].expected}, answered ${answeredWith[c][i]})`);
    }
  }
  console.log(`  ${(answerMs / (CHATS.length * questions.length)).toFixed(1)} ms a question (guard and answer)`);

  if (process.argv.includes('--write')) {
    const threshold = chooseThreshold(all);
    retriever.train(labelled);
    // What the cross-validation measured in the technical chat: what proto's AI_MEASURED.relevance discloses.
  const measured = figures(results[0], all);
  const relevance = { questions: measured.questions, asked: measured.askedN, onTopic: measured.onTopicN, wrongTopic: measured.wrongN };
  const model = { fingerprint: modelFingerprint(SOURCE), relevance, ...retriever.toModel(), threshold };
    const file = path.join(SOURCE, 'retrieval-model.generated.ts');
    writeFileSync(
      file,
      [
        '// Generated by `npm run eval:chat -- --write` from the articles and the labelled questions; do not edit by hand.',
        "import type { GeneratedRetrievalModel } from './retriever';",
        '',
        `export const RETRIEVAL_MODEL: GeneratedRetrievalModel = ${JSON.stringify(model, null, 2)};`,
        '',
      ].join('\n'),
    );
    log(`wrote ${path.relative(ROOT, file)} (threshold ${threshold}, fitted to ${questions.length} labelled questions and the articles' own phrasings)`);
  }
}

/**
 * `--llm`: the configured language model (LLM_BASE_URL, LLM_MODEL, LLM_API_KEY) answers every labelled question as
 * the chat service asks it: with the guide the shipped retrieval is sure of, the rules and the output rail. On topic
 * when it cites the expected guide; an honest abstention when it says it has no guide. The shipped retrieval model
 * answers (no cross-validation: nothing is fitted here).
 */
async function evaluateLlm() {
  if (!process.env.LLM_BASE_URL) {
    console.error('eval:chat --llm needs LLM_BASE_URL (and LLM_MODEL, LLM_API_KEY as the provider asks)');
    process.exit(1);
  }
  const { LlmEngine } = require(path.join(DIST, 'chats/llm.engine.js'));
  const { groundingFacts, saysNoGuide } = require(path.join(DIST, 'engine/index.js'));
  const { find } = require(path.join(DIST, 'engine/answer.js'));
  const config = { LLM_BASE_URL: process.env.LLM_BASE_URL, LLM_API_KEY: process.env.LLM_API_KEY, LLM_MODEL: process.env.LLM_MODEL ?? 'gpt-4o-mini', LLM_TIMEOUT_MS: Number(process.env.LLM_TIMEOUT_MS ?? 20_000) };
  const llm = new LlmEngine(config);
  const knowledge = KnowledgeBase.load();
  const byTitle = new Map(articles.map((article) => [article.title, article.id]));
  const chat = CHATS[0];
  const facts = groundingFacts(chat.grounding);
  const results = [];
  for (const [i, row] of questions.entries()) {
    if (guard.checkQuestion(row.text, chat.context).blocked) {
      results[i] = 'blocked';
      continue;
    }
    const found = find(knowledge, row.text, chat.context.chatType);
    const guides = found.confident ? found.matches.slice(0, 1).map(({ article }) => ({ title: article.title, text: article.body })) : [];
    const text = await llm.answer(row.text, facts, [], guides).catch(() => null);
    if (text === null || guard.checkAnswer(text, chat.context).blocked) {
      results[i] = 'blocked';
      continue;
    }
    const cited = /Warren AI[’']s guide “([^”]+)”/.exec(text)?.[1];
    results[i] = outcome(row, { abstained: saysNoGuide(text), article: cited ? byTitle.get(cited) : undefined });
  }
  const f = figures(results, all);
  console.log(`\n${config.LLM_MODEL} at ${config.LLM_BASE_URL}, in a technical chat about INFY, with the shipped retrieval:`);
  console.log(`  on topic ${percent(f.onTopic)} (${f.onTopicN}/${f.askedN}), honest abstentions ${f.honestAbstentions}/${f.noneN}, wrong topic ${percent(f.wrongTopic)} (${f.wrongN}/${f.questions}), blocked or unanswered ${f.blocked}, abstained with a guide ${f.abstainedWithGuide}`);
  if (f.onTopic < GOALS.onTopic) failures.push(`language model: on topic ${percent(f.onTopic)} < ${percent(GOALS.onTopic)}`);
  if (f.wrongTopic > GOALS.wrongTopic) failures.push(`language model: wrong topic ${percent(f.wrongTopic)} > ${percent(GOALS.wrongTopic)}`);
}

// The guard on its held-out set, which the retrieval work must not move.
const holdout = readJsonl(path.join(ROOT, 'services/chat/src/guard/data/holdout.jsonl'));
const advice = holdout.filter((row) => row.label === 'advice');
const educational = holdout.filter((row) => row.label !== 'advice');
const blockedShare = (rows) => rows.filter((row) => guard.checkQuestion(row.text).blocked).length / rows.length;
const adviceBlocked = blockedShare(advice);
const educationalBlocked = blockedShare(educational);
console.log(`\nthe guard on its ${holdout.length} held-out questions: advice blocked ${percent(adviceBlocked)} (goal >= ${percent(GOALS.adviceBlocked)}), educational wrongly blocked ${percent(educationalBlocked)} (goal <= ${percent(GOALS.educationalBlocked)})`);
if (adviceBlocked < GOALS.adviceBlocked) failures.push(`advice blocked ${percent(adviceBlocked)}`);
if (educationalBlocked > GOALS.educationalBlocked) failures.push(`educational wrongly blocked ${percent(educationalBlocked)}`);

if (failures.length) {
  console.log(`\ngoals missed: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('\nall goals met');
