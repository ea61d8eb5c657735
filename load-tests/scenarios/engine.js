// The virtual user of a scenario definition (load-tests/scenarios/<name>.json), shared by both runners: `npm run load`
// (load-tests/load.mjs, autocannon, here) and the k6 scripts (load-tests/k6/<name>.js, on an operator's machine). It
// turns the definition into requests, pauses and iteration ends, and reads each answer (expected status, captures,
// polling); the runner only sends. So both runners make the same requests in the same order, and judge them alike.
// Plain modern JavaScript without imports (no Node or browser API): k6's JavaScript runtime loads it as it is, and so does Node.

const PLACEHOLDER = /\{\{([a-z_][a-z0-9_]*)\}\}/g;

/** What a request step expects when its definition does not say. */
const DEFAULT_EXPECT = [200];

/** A tag for one run, so the names it makes (accounts, visitor sessions) never meet another run's. */
export function runTag(random) {
  return Math.floor(random() * 0x1000000)
    .toString(16)
    .padStart(6, '0');
}

/** `{{name}}` in `template` replaced by its value; `encode` (e.g. encodeURIComponent) for values in a path. */
export function fill(template, lookup, encode) {
  return template.replace(PLACEHOLDER, (_, name) => {
    const value = lookup(name);
    if (value === undefined || value === null) throw new Error(`no value for {{${name}}}`);
    return encode ? encode(String(value)) : String(value);
  });
}

/** A JSON body with its placeholders filled: a string that is one placeholder keeps its value's type. */
function fillJson(value, lookup) {
  if (typeof value === 'string') {
    const whole = /^\{\{([a-z_][a-z0-9_]*)\}\}$/.exec(value);
    if (whole) {
      const found = lookup(whole[1]);
      if (found === undefined || found === null) throw new Error(`no value for {{${whole[1]}}}`);
      return found;
    }
    return fill(value, lookup);
  }
  if (Array.isArray(value)) return value.map((item) => fillJson(item, lookup));
  if (value && typeof value === 'object') {
    const filled = {};
    for (const key of Object.keys(value)) filled[key] = fillJson(value[key], lookup);
    return filled;
  }
  return value;
}

/** The value at a dotted path ('messages.0.text') of a parsed JSON answer, or undefined. */
export function readPath(body, path) {
  let node = body;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = node[part];
  }
  return node;
}

/** One value of the definition's `values`. */
function makeValue(spec, context) {
  if (spec.one_of) return spec.one_of[Math.floor(context.random() * spec.one_of.length)];
  if (spec.between) return spec.between[0] + Math.floor(context.random() * (spec.between[1] - spec.between[0] + 1));
  if (spec.unique !== undefined) {
    const parts = [spec.unique, context.run, context.vu];
    if ((spec.per || 'iteration') === 'iteration') parts.push(context.iteration);
    return parts.join('_');
  }
  if (spec.format !== undefined) return fill(spec.format, context.lookup);
  if (spec.value !== undefined) return spec.value;
  throw new Error(`unknown value ${JSON.stringify(spec)}`);
}

/**
 * The client address a virtual user sends as X-Forwarded-For (10.0.0.0/8): its own for the whole run, or a new one each
 * iteration (each iteration then stands for a different visitor). A gateway with TRUST_PROXY=true counts its per-client
 * limits per address, as it would for real visitors. The run's tag shifts every address, so one run's visitors are not
 * held back by the budgets the previous run spent.
 */
export function clientAddress(vu, iteration, per, run) {
  const own = per === 'iteration' ? ((vu & 0xfff) << 12) | (iteration & 0xfff) : vu & 0xffffff;
  const n = (own ^ parseInt(run, 16)) & 0xffffff;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** Milliseconds to pause for a think time range ({min, max} in seconds), scaled. */
function thinkMs(range, scale, random) {
  return Math.round((range.min + random() * (range.max - range.min)) * 1000 * scale);
}

/**
 * The percentile `p` (0-1) of ascending `sorted` values, interpolated between the closest ranks, as k6 computes its
 * `p(N)` thresholds, so both runners judge the same numbers alike.
 */
export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const rank = p * (sorted.length - 1);
  const low = sorted[Math.floor(rank)];
  const high = sorted[Math.ceil(rank)];
  return low + (high - low) * (rank - Math.floor(rank));
}

/**
 * k6's `options.thresholds` for a definition's thresholds: latency and failures of the measured requests only (the
 * steps a user's page or action makes, not the development mailbox a test reads its codes from).
 */
export function k6Thresholds(thresholds) {
  return {
    'http_req_duration{measured:yes}': [`p(95)<=${thresholds.p95_ms}`, `p(99)<=${thresholds.p99_ms}`],
    'http_req_failed{measured:yes}': [`rate<=${thresholds.error_rate}`],
  };
}

/** Each threshold of the definition against measured figures ({p95_ms, p99_ms, error_rate}); passed when at most the limit. */
export function judge(thresholds, measured) {
  return [
    { name: 'p95', limit: thresholds.p95_ms, value: measured.p95_ms, unit: 'ms' },
    { name: 'p99', limit: thresholds.p99_ms, value: measured.p99_ms, unit: 'ms' },
    { name: 'error rate', limit: thresholds.error_rate, value: measured.error_rate, unit: '' },
  ].map((row) => ({ name: row.name, limit: row.limit, value: row.value, unit: row.unit, passed: row.value <= row.limit }));
}

/**
 * One virtual user of `scenario` (a parsed definition). `next()` answers what to do: {type: 'request', …}, then
 * `record(answer)` with {status, body} (status 0 when no answer came); {type: 'pause', ms}; or {type: 'end', ok} at the
 * end of an iteration. The `once` steps run at the start of the first iteration (again while they fail).
 * options: vu (1-based), run (runTag), random (() => [0, 1)), thinkScale (1 = the definition's think times).
 */
export function createVirtualUser(scenario, options) {
  const random = options.random;
  const thinkScale = options.thinkScale === undefined ? 1 : options.thinkScale;
  const vuScope = {};
  const builtins = { vu: options.vu, run: options.run, iteration: 0 };
  let iterationScope = {};
  let onceDone = !scenario.once || scenario.once.length === 0;
  let plan = [];
  let index = 0;
  let iteration = -1;
  let phase = 'idle';
  let pending = null;
  let pollTries = 0;
  let pollBefore;
  let pollWaitMs = 0;
  let address = '';

  const lookup = (name) => {
    if (iterationScope[name] !== undefined) return iterationScope[name];
    if (vuScope[name] !== undefined) return vuScope[name];
    return builtins[name];
  };

  const startIteration = () => {
    iteration += 1;
    builtins.iteration = iteration;
    iterationScope = {};
    const context = { random, run: options.run, vu: options.vu, iteration, lookup };
    for (const name of Object.keys(scenario.values || {})) {
      const spec = scenario.values[name];
      const per = spec.per || 'iteration';
      if (per === 'iteration') iterationScope[name] = makeValue(spec, context);
      else if (iteration === 0) vuScope[name] = makeValue(spec, context);
    }
    address = clientAddress(options.vu, iteration, scenario.client_address, options.run);
    plan = (onceDone ? [] : scenario.once.map((step) => ({ step, once: true }))).concat(scenario.steps.map((step) => ({ step, once: false })));
    index = 0;
    pollTries = 0;
    phase = 'running';
  };

  const requestOf = (step) => {
    const headers = {};
    const shared = scenario.headers || {};
    for (const key of Object.keys(shared)) headers[key.toLowerCase()] = fill(shared[key], lookup);
    const own = step.headers || {};
    for (const key of Object.keys(own)) headers[key.toLowerCase()] = fill(own[key], lookup);
    // A step whose answer is read asks for it uncompressed: autocannon hands over the body as text.
    if (step.capture) delete headers['accept-encoding'];
    headers['x-forwarded-for'] = address;
    let body;
    if (step.json !== undefined) {
      body = JSON.stringify(fillJson(step.json, lookup));
      headers['content-type'] = 'application/json';
    }
    return {
      type: 'request',
      name: step.name,
      method: step.method,
      path: fill(step.path, lookup, encodeURIComponent),
      headers,
      body,
      expect: step.expect || DEFAULT_EXPECT,
      measured: step.measured !== false,
    };
  };

  const next = () => {
    if (pending) throw new Error('record() the answer of the last request before asking for the next action');
    if (phase === 'idle') startIteration();
    if (phase === 'failed') {
      // A user who met an error waits a moment before starting again; so does the virtual user (not in a flood).
      phase = 'ended';
      const ms = thinkMs(scenario.think_time_s, thinkScale, random);
      if (ms > 0) return { type: 'pause', ms, reason: 'after an error' };
    }
    if (phase === 'ended') {
      phase = 'idle';
      return { type: 'end', ok: false };
    }
    if (pollWaitMs > 0) {
      const ms = pollWaitMs;
      pollWaitMs = 0;
      return { type: 'pause', ms, reason: 'polls again' };
    }
    while (index < plan.length) {
      const step = plan[index].step;
      if (step.think !== undefined) {
        index += 1;
        const ms = thinkMs(step.seconds || scenario.think_time_s, thinkScale, random);
        if (ms > 0) return { type: 'pause', ms, reason: step.think };
        continue;
      }
      if (pollTries === 0 && step.poll) pollBefore = lookup(step.poll.until_changed);
      pending = requestOf(step);
      return pending;
    }
    phase = 'idle';
    return { type: 'end', ok: true };
  };

  /** Reads the answer to the last request; answers {ok, name, measured, status, reason, retry}. */
  const record = (answer) => {
    if (!pending) throw new Error('no request is waiting for an answer');
    const request = pending;
    pending = null;
    const entry = plan[index];
    const step = entry.step;
    const outcome = { name: request.name, measured: request.measured, status: answer.status, ok: true, reason: null, retry: false };
    const fail = (reason) => {
      outcome.ok = false;
      outcome.reason = reason;
      phase = 'failed';
      pollTries = 0;
      return outcome;
    };
    if (request.expect.indexOf(answer.status) < 0) return fail(answer.status === 0 ? 'no answer' : `answered ${answer.status}`);

    const captured = {};
    let missing = null;
    if (step.capture) {
      let parsed;
      try {
        parsed = JSON.parse(answer.body);
      } catch {
        return fail('the answer is not JSON');
      }
      for (const name of Object.keys(step.capture)) {
        const rule = step.capture[name];
        let value = readPath(parsed, rule.json);
        if (value !== undefined && value !== null && rule.match) {
          const found = new RegExp(rule.match).exec(String(value));
          value = found ? found[1] : undefined;
        }
        if (value === undefined || value === null) {
          if (!rule.optional && missing === null) missing = name;
          continue;
        }
        captured[name] = value;
      }
    }
    if (step.poll) {
      const changed = captured[step.poll.until_changed] !== undefined && captured[step.poll.until_changed] !== pollBefore;
      if (!changed || missing !== null) {
        pollTries += 1;
        if (pollTries >= step.poll.max_tries) return fail(`no new ${step.poll.until_changed} after ${pollTries} tries`);
        outcome.retry = true;
        // The same step again after the poll's wait (the server's pace, not the user's: not scaled).
        pollWaitMs = step.poll.every_ms;
        return outcome;
      }
    } else if (missing !== null) {
      return fail(`no ${missing} in the answer`);
    }
    const scope = entry.once ? vuScope : iterationScope;
    for (const name of Object.keys(step.capture || {})) {
      if (captured[name] !== undefined) scope[name] = captured[name];
      else if (step.capture[name].optional) scope[name] = null;
    }
    pollTries = 0;
    index += 1;
    // Once the last `once` request has succeeded, later iterations skip them, even if this one fails further on.
    if (entry.once && !plan.slice(index).some((later) => later.once && later.step.method)) onceDone = true;
    return outcome;
  };

  return { next, record, lookup };
}
