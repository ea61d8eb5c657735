// Runs a load scenario definition through autocannon's programmatic API: one autocannon connection per virtual user,
// each driven by the shared engine (load-tests/scenarios/engine.js) that the k6 scripts use too, so a run here makes the
// requests an operator's k6 run makes. Answers a report with percentiles, throughput, failures by status and the
// thresholds judged.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createVirtualUser, judge, percentile, runTag } from '../scenarios/engine.js';
import { ScenarioSchema } from './scenario-schema.cjs';

export const SCENARIO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../scenarios');
/** Bounds of a run here: a load generator on a shared machine, not a soak test. */
export const LIMITS = { virtualUsers: 1_000, durationS: 3_600 };
const DEFAULT_REQUEST_TIMEOUT_S = 30;

/** The names of the scenario definitions (load-tests/scenarios/<name>.json). */
export const scenarioNames = () =>
  readdirSync(SCENARIO_DIR)
    .filter((file) => file.endsWith('.json') && file !== 'package.json')
    .map((file) => file.slice(0, -'.json'.length))
    .sort();

/** A scenario definition, checked; throws naming what is wrong. */
export const loadScenario = (name) => {
  if (!scenarioNames().includes(name)) throw new Error(`no scenario ${name}; there are: ${scenarioNames().join(', ')}`);
  const parsed = ScenarioSchema.safeParse(JSON.parse(readFileSync(path.join(SCENARIO_DIR, `${name}.json`), 'utf8')));
  if (!parsed.success) throw new Error(`load-tests/scenarios/${name}.json: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  if (parsed.data.name !== name) throw new Error(`load-tests/scenarios/${name}.json names itself ${parsed.data.name}`);
  return parsed.data;
};

/**
 * Think time between a virtual user's requests. autocannon sends each connection's next request as soon as the last
 * answer is in, and has no pause of its own; this defers the connection's next send (Client#_doRequest, autocannon 8)
 * and moves its request timeout past the pause, so a pause is not counted as a timeout.
 */
const pausable = (client, timers) => {
  const unsupported = () => new Error('this autocannon version has no Client#_doRequest or timeoutTicker: think time cannot be applied');
  if (typeof client._doRequest !== 'function') throw unsupported();
  const send = client._doRequest.bind(client);
  let wakeAt = 0;
  let timer = null;
  client._doRequest = () => {
    if (timer) return;
    const wait = wakeAt - Date.now();
    if (wait <= 0) return send();
    // The ticker is made after setupClient, so it is looked for here.
    if (typeof client.timeoutTicker?.reschedule !== 'function') throw unsupported();
    client.timeoutTicker.reschedule(wait + client.timeout);
    timer = setTimeout(() => {
      timers.delete(timer);
      timer = null;
      if (!client.destroyed) send();
    }, wait);
    timers.add(timer);
  };
  return { pauseFor: (ms) => (wakeAt = Date.now() + ms) };
};

/** Figures of a list of latencies (ms). */
const latencyOf = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (value) => Math.round(value * 10) / 10;
  return { p50: round(percentile(sorted, 0.5)), p95: round(percentile(sorted, 0.95)), p99: round(percentile(sorted, 0.99)), max: round(sorted.at(-1) ?? 0) };
};

/**
 * Runs `scenario` against `target` (an http(s) URL) for `durationS` with `virtualUsers` connections; `thinkScale`
 * multiplies every think time (0: back to back). Answers the report (see load-tests/load.mjs for how it is printed).
 */
export const runScenario = async ({ scenario, target, durationS = scenario.duration_s, virtualUsers = scenario.virtual_users, thinkScale = 1, random = Math.random }) => {
  if (!(virtualUsers >= 1 && virtualUsers <= LIMITS.virtualUsers)) throw new Error(`virtual users must be 1 to ${LIMITS.virtualUsers}`);
  if (!(durationS >= 1 && durationS <= LIMITS.durationS)) throw new Error(`duration must be 1 to ${LIMITS.durationS} s`);
  const base = new URL(target);
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('the target must be an http:// or https:// URL');
  // Paths of the definition are appended to the target's own path (a gateway behind a path prefix).
  const prefix = base.pathname.replace(/\/$/, '');
  const run = runTag(random);
  const timers = new Set();
  const measured = [];
  const statuses = {};
  const steps = new Map();
  const failures = new Map();
  const totals = { requests: 0, measured: 0, failed: 0, helperFailed: 0, iterations: 0, failedIterations: 0 };
  let nextVu = 0;

  const stepFigures = (name) => {
    if (!steps.has(name)) steps.set(name, { name, requests: 0, failed: 0, latencies: [] });
    return steps.get(name);
  };

  /** Counts one request's outcome; `ms` is its latency when an answer came. */
  const count = (outcome, ms) => {
    totals.requests += 1;
    if (!outcome.ok) failures.set(`${outcome.name}: ${outcome.reason}`, (failures.get(`${outcome.name}: ${outcome.reason}`) ?? 0) + 1);
    if (!outcome.measured) {
      if (!outcome.ok) totals.helperFailed += 1;
      return;
    }
    totals.measured += 1;
    const key = outcome.status === 0 ? 'no answer' : String(outcome.status);
    statuses[key] = (statuses[key] ?? 0) + 1;
    const figures = stepFigures(outcome.name);
    figures.requests += 1;
    if (!outcome.ok) {
      totals.failed += 1;
      figures.failed += 1;
    }
    if (ms !== undefined) {
      measured.push(ms);
      figures.latencies.push(ms);
    }
  };

  const setupClient = (client) => {
    nextVu += 1;
    const vu = createVirtualUser(scenario, { vu: nextVu, run, random, thinkScale });
    const pauses = pausable(client, timers);
    let pending = null;
    let inFlight = null;
    let answered = null;

    /** The virtual user's next request, with the pauses and iteration ends before it. */
    const advance = () => {
      let pause = 0;
      for (let guard = 0; guard < 10_000; guard += 1) {
        const action = vu.next();
        if (action.type === 'pause') pause += action.ms;
        else if (action.type === 'end') {
          totals.iterations += 1;
          if (!action.ok) totals.failedIterations += 1;
        } else {
          pending = action;
          pauses.pauseFor(pause);
          return;
        }
      }
      throw new Error(`${scenario.name}: a virtual user made no request in 10,000 actions`);
    };

    client.setRequests([
      {
        setupRequest: (request) => {
          // No answer to the last request (a timeout or a lost connection): it failed.
          if (inFlight) {
            count(vu.record({ status: 0, body: '' }));
            inFlight = null;
            advance();
          }
          if (!pending) advance();
          inFlight = pending;
          pending = null;
          return { ...request, method: inFlight.method, path: `${prefix}${inFlight.path}`, headers: inFlight.headers, body: inFlight.body ?? '' };
        },
        onResponse: (status, body) => {
          if (!inFlight) return;
          answered = vu.record({ status, body });
          inFlight = null;
          advance();
        },
      },
    ]);
    // autocannon emits the latency after onResponse: count the answered request with it.
    client.on('response', (status, bytes, ms) => {
      if (!answered) return;
      count(answered, ms);
      answered = null;
    });
  };

  const started = Date.now();
  const result = await autocannon({
    url: base.origin,
    connections: virtualUsers,
    duration: durationS,
    timeout: scenario.request_timeout_s ?? DEFAULT_REQUEST_TIMEOUT_S,
    pipelining: 1,
    requests: [{ method: 'GET', path: '/' }],
    setupClient,
  });
  for (const timer of timers) clearTimeout(timer);
  const elapsedS = Math.max(1e-3, (Date.now() - started) / 1000);

  const latency = latencyOf(measured);
  const errorRate = totals.measured ? totals.failed / totals.measured : 0;
  const thresholds = judge(scenario.thresholds, { p95_ms: latency.p95, p99_ms: latency.p99, error_rate: errorRate });
  // No measured request at all is no pass: the target did not take part.
  const passed = totals.measured > 0 && thresholds.every((row) => row.passed);
  return {
    scenario: scenario.name,
    target: base.href,
    virtual_users: virtualUsers,
    duration_s: Math.round(elapsedS * 10) / 10,
    think_scale: thinkScale,
    requests: {
      measured: totals.measured,
      per_second: Math.round((totals.measured / elapsedS) * 10) / 10,
      helper: totals.requests - totals.measured,
      helper_failed: totals.helperFailed,
    },
    latency_ms: latency,
    statuses,
    error_rate: Math.round(errorRate * 10_000) / 10_000,
    connection_errors: result.errors,
    timeouts: result.timeouts,
    iterations: { completed: totals.iterations - totals.failedIterations, failed: totals.failedIterations },
    steps: [...steps.values()].map((figures) => ({ name: figures.name, requests: figures.requests, failed: figures.failed, ...latencyOf(figures.latencies) })),
    failures: [...failures.entries()].sort((a, b) => b[1] - a[1]).map(([what, times]) => ({ what, times })),
    thresholds,
    passed,
  };
};
