// `node load-tests/lib/k6-shim.mjs <k6 script> --env TARGET=URL [--iterations n] [--sleep]`: runs a k6 script of
// load-tests/k6/ in Node, where k6 cannot be installed, so a test can check what the script does: its `options`, and
// the requests of its first iterations as one virtual user. k6's modules are stood in for: `k6/http` requests are
// made for real (synchronously, as k6 makes them, through a worker thread), `sleep` is recorded (and slept with
// --sleep), `check` is counted; `open`, `__ENV`, `__VU` and `__ITER` are k6's globals. Prints one JSON object.
import { readFileSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { MessageChannel, Worker, receiveMessageOnPort } from 'node:worker_threads';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { env: { type: 'string', multiple: true, default: [] }, iterations: { type: 'string', default: '1' }, sleep: { type: 'boolean', default: false } },
});
if (positionals.length !== 1) throw new Error('usage: node load-tests/lib/k6-shim.mjs <k6 script> --env TARGET=URL [--iterations n] [--sleep]');
const script = path.resolve(positionals[0]);

// k6's built-in modules, as ES modules that call into this process.
const K6_MODULES = {
  k6: 'export const sleep = (s) => globalThis.k6Shim.sleep(s); export const check = (value, sets) => globalThis.k6Shim.check(value, sets); export const fail = (message) => { throw new Error(message); }; export default { sleep, check, fail };',
  'k6/http': 'const http = { request: (...args) => globalThis.k6Shim.request(...args), expectedStatuses: (...codes) => ({ expectedStatuses: codes }) }; export default http;',
};
const HOOKS = `const modules = ${JSON.stringify(K6_MODULES)};
export async function resolve(specifier, context, next) {
  if (Object.hasOwn(modules, specifier)) return { url: 'data:text/javascript,' + encodeURIComponent(modules[specifier]), shortCircuit: true };
  return next(specifier, context);
}`;
register(`data:text/javascript,${encodeURIComponent(HOOKS)}`);

// Synchronous HTTP as k6 has it: a worker makes the request while this thread waits for its answer.
const HTTP_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.on('message', async ({ method, url, headers, body, timeoutMs, port }) => {
  let answer;
  try {
    const response = await fetch(url, { method, headers, body: body ?? undefined, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    answer = { status: response.status, body: await response.text() };
  } catch (error) {
    answer = { status: 0, body: '', error: String(error && error.message) };
  }
  port.postMessage(answer);
  Atomics.store(workerData.done, 0, 1);
  Atomics.notify(workerData.done, 0);
});`;
const done = new Int32Array(new SharedArrayBuffer(4));
const worker = new Worker(HTTP_WORKER, { eval: true, workerData: { done } });
worker.unref();

const seconds = (value) => (typeof value === 'string' && value.endsWith('s') ? Number(value.slice(0, -1)) : 60);
const requests = [];
const sleeps = [];
const checks = {};
globalThis.k6Shim = {
  request(method, url, body, params = {}) {
    const timeoutMs = seconds(params.timeout) * 1000;
    const { port1, port2 } = new MessageChannel();
    Atomics.store(done, 0, 0);
    worker.postMessage({ method, url, headers: params.headers ?? {}, body, timeoutMs, port: port2 }, [port2]);
    Atomics.wait(done, 0, 0, timeoutMs + 1_000);
    const answer = receiveMessageOnPort(port1)?.message ?? { status: 0, body: '', error: 'no answer' };
    port1.close();
    requests.push({
      method,
      url,
      name: params.tags?.name,
      measured: params.tags?.measured,
      expected_statuses: params.responseCallback?.expectedStatuses,
      timeout: params.timeout,
      headers: params.headers,
      body,
      status: answer.status,
    });
    return { status: answer.status, body: answer.body, error: answer.error ?? '' };
  },
  sleep(s) {
    sleeps.push(s);
    if (args.sleep) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, s * 1000);
  },
  check(value, sets) {
    let all = true;
    for (const [name, test] of Object.entries(sets)) {
      const passed = Boolean(test(value));
      checks[name] = checks[name] ?? { passed: 0, failed: 0 };
      checks[name][passed ? 'passed' : 'failed'] += 1;
      all &&= passed;
    }
    return all;
  },
};
globalThis.__ENV = Object.fromEntries(args.env.map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
globalThis.__VU = 1;
globalThis.__ITER = 0;
// k6's open(): a file relative to the script, read when the script initialises.
globalThis.open = (file) => readFileSync(path.resolve(path.dirname(script), file), 'utf8');

const k6Script = await import(pathToFileURL(script).href);
const data = typeof k6Script.setup === 'function' ? k6Script.setup() : undefined;
for (let iteration = 0; iteration < Number(args.iterations); iteration += 1) {
  globalThis.__ITER = iteration;
  k6Script.default(data);
}
process.stdout.write(`${JSON.stringify({ options: k6Script.options, setup: data, requests, sleeps, checks })}\n`);
