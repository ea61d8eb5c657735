// What every k6 script of load-tests/k6/ does with its scenario definition (load-tests/scenarios/<name>.json): k6's
// options from the definition (virtual users, duration, thresholds), and each iteration driven by the engine that
// `npm run load` uses too, so the requests and their judgement are the same on both runners.
/* global __VU */
import { check, sleep } from 'k6';
import http from 'k6/http';
import { createVirtualUser, k6Thresholds, runTag } from '../../scenarios/engine.js';

const DEFAULT_REQUEST_TIMEOUT_S = 30;

/** The gateway's address from `-e TARGET=…`, without a trailing slash; the run stops at once without one. */
export function targetOf(env) {
  const target = env.TARGET || '';
  if (!/^https?:\/\/[^/]/.test(target)) throw new Error('set the target: k6 run -e TARGET=https://nivesh.example.com load-tests/k6/<scenario>.js');
  return target.replace(/\/+$/, '');
}

/** k6's options for a definition: its virtual users and duration (k6's --vus and --duration override them) and its thresholds. */
export function optionsOf(scenario) {
  return {
    vus: scenario.virtual_users,
    duration: `${scenario.duration_s}s`,
    thresholds: k6Thresholds(scenario.thresholds),
    summaryTrendStats: ['avg', 'min', 'med', 'p(95)', 'p(99)', 'max'],
  };
}

/** Runs once before the virtual users start: the run's tag, shared by all of them (names made in a run are unique). */
export function setupRun() {
  return { run: runTag(Math.random) };
}

/** `-e THINK_SCALE=0.5` halves every think time (0: back to back), as --think-scale does for `npm run load`. */
function thinkScaleOf(env) {
  if (env.THINK_SCALE === undefined || env.THINK_SCALE === '') return 1;
  const scale = Number(env.THINK_SCALE);
  if (!(scale >= 0)) throw new Error('THINK_SCALE must be a number of at least 0');
  return scale;
}

let virtualUser = null;
const expectedStatuses = {};

/** k6's response callback for a step's expected statuses, made once per list (k6 advises against one per request). */
function callbackFor(expect) {
  const key = expect.join(',');
  if (!expectedStatuses[key]) expectedStatuses[key] = http.expectedStatuses(...expect);
  return expectedStatuses[key];
}

/** One iteration of this k6 virtual user (k6 keeps module state per virtual user). */
export function iterate(scenario, target, data, env) {
  if (virtualUser === null) virtualUser = createVirtualUser(scenario, { vu: __VU, run: data.run, random: Math.random, thinkScale: thinkScaleOf(env) });
  const timeout = `${scenario.request_timeout_s || DEFAULT_REQUEST_TIMEOUT_S}s`;
  for (;;) {
    const action = virtualUser.next();
    if (action.type === 'end') return;
    if (action.type === 'pause') {
      sleep(action.ms / 1000);
      continue;
    }
    const response = http.request(action.method, target + action.path, action.body === undefined ? null : action.body, {
      headers: action.headers,
      timeout,
      // Named by step, not by URL: results group per step, and the thresholds look at measured requests only.
      tags: { name: action.name, measured: action.measured ? 'yes' : 'no' },
      responseCallback: callbackFor(action.expect),
    });
    const outcome = virtualUser.record({ status: response.status, body: typeof response.body === 'string' ? response.body : '' });
    if (!outcome.retry) check(outcome, { [action.name]: (result) => result.ok });
  }
}
