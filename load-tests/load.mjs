// `npm run load -- <scenario> --target URL [--duration s] [--connections n] [--think-scale x] [--json]`: one load
// scenario of load-tests/scenarios/ against a running Nivesh (the gateway's address), through autocannon, here. The
// same scenario runs on an operator's machine with k6: `k6 run -e TARGET=URL load-tests/k6/<scenario>.js`.
// Prints p50/p95/p99, throughput, the failures by status and each threshold; exits 1 when a threshold fails, 2 when
// the command or a definition is wrong. Requests go only to the target, for the duration given (at most an hour).
import { parseArgs } from 'node:util';
import { LIMITS, loadScenario, runScenario, scenarioNames } from './lib/scenario-runner.mjs';

const USAGE = `usage: npm run load -- <scenario> --target URL [--duration seconds] [--connections n] [--think-scale x] [--json]
  scenarios: ${scenarioNames().join(', ')}
  --connections   virtual users, one connection each (default: the scenario's)
  --duration      seconds (default: the scenario's; at most ${LIMITS.durationS})
  --think-scale   multiplies the think times (default 1; 0 sends back to back)
  --json          print the report as JSON only`;

const number = (value, what) => {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${what} must be a number`);
  return parsed;
};

const grouped = (value) => value.toLocaleString('en-IN');
const ms = (value) => `${grouped(Math.round(value))} ms`;
const percent = (rate) => `${(rate * 100).toFixed(rate && rate < 0.001 ? 3 : 2)} %`;

/** The report as people read it. */
const print = (report, scenario) => {
  const lines = [];
  lines.push(`\nLoad scenario ${report.scenario} against ${report.target}: ${report.virtual_users} virtual users for ${report.duration_s} s` + (report.think_scale === 1 ? '' : ` (think times ×${report.think_scale})`));
  lines.push(`  ${scenario.summary}`);
  lines.push(`  requests        ${grouped(report.requests.measured)} measured, ${grouped(report.requests.per_second)}/s` + (report.requests.helper ? `; ${grouped(report.requests.helper)} to the development mailbox and other helpers (not measured)` : ''));
  lines.push(`  latency         p50 ${ms(report.latency_ms.p50)}   p95 ${ms(report.latency_ms.p95)}   p99 ${ms(report.latency_ms.p99)}   slowest ${ms(report.latency_ms.max)}`);
  const statuses = Object.entries(report.statuses).map(([status, times]) => `${status}: ${grouped(times)}`);
  lines.push(`  by status       ${statuses.length ? statuses.join('   ') : 'no answer at all'}`);
  lines.push(`  error rate      ${percent(report.error_rate)}` + (report.connection_errors ? ` (${grouped(report.connection_errors)} connection errors, ${grouped(report.timeouts)} of them timeouts)` : ''));
  lines.push(`  iterations      ${grouped(report.iterations.completed)} completed, ${grouped(report.iterations.failed)} ended by a failure`);
  if (report.steps.length) {
    lines.push(`  by step         ${'requests'.padStart(37)} ${'failed'.padStart(7)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'p99'.padStart(9)}`);
    for (const step of report.steps) {
      lines.push(`    ${step.name.padEnd(40)} ${grouped(step.requests).padStart(9)} ${grouped(step.failed).padStart(7)} ${ms(step.p50).padStart(9)} ${ms(step.p95).padStart(9)} ${ms(step.p99).padStart(9)}`);
    }
  }
  if (report.failures.length) {
    lines.push('  failures, most frequent first');
    for (const failure of report.failures.slice(0, 8)) lines.push(`    ${failure.what} (${grouped(failure.times)}×)`);
  }
  lines.push('  thresholds');
  for (const row of report.thresholds) {
    const limit = row.unit === 'ms' ? ms(row.limit) : percent(row.limit);
    const value = row.unit === 'ms' ? ms(row.value) : percent(row.value);
    lines.push(`    ${`${row.name} at most ${limit}`.padEnd(30)} ${value.padStart(10)}   ${row.passed ? 'passed' : 'FAILED'}`);
  }
  lines.push(report.passed ? '  every threshold passed' : report.requests.measured ? '  a threshold FAILED' : '  FAILED: no measured request was answered');
  console.log(lines.join('\n'));
};

let options;
try {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      target: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      'think-scale': { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length !== 1) throw new Error('name one scenario');
  if (!values.target) throw new Error('--target is required (the gateway, e.g. http://127.0.0.1:8080)');
  const scenario = loadScenario(positionals[0]);
  options = {
    scenario,
    target: values.target,
    durationS: number(values.duration, '--duration') ?? scenario.duration_s,
    virtualUsers: number(values.connections, '--connections') ?? scenario.virtual_users,
    thinkScale: number(values['think-scale'], '--think-scale') ?? 1,
    json: values.json,
  };
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}

try {
  const report = await runScenario(options);
  if (options.json) console.log(JSON.stringify(report, null, 2));
  else print(report, options.scenario);
  process.exitCode = report.passed ? 0 : 1;
} catch (error) {
  console.error(error.message);
  process.exitCode = 2;
}
