// The operators' load scenarios (load-tests/scenarios/*.json) are defined once and run by two runners: `npm run load`
// (autocannon, here) and the k6 scripts (load-tests/k6/, on an operator's machine; k6 cannot be installed here). This
// checks every definition against its schema, that each k6 script parses and drives its own definition (through a
// stand-in for k6's modules), and runs each scenario for a second against a stub of the gateway, not the real stack.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ScenarioSchema } from '../../load-tests/lib/scenario-schema.cjs';
import type { RequestStep, Scenario, Step } from '../../load-tests/lib/scenario-schema.cjs';

const root = path.resolve(__dirname, '../..');
const scenarioDir = path.join(root, 'load-tests/scenarios');
const names = readdirSync(scenarioDir)
  .filter((file) => file.endsWith('.json') && file !== 'package.json')
  .map((file) => file.replace(/\.json$/, ''));
const definition = (name: string): unknown => JSON.parse(readFileSync(path.join(scenarioDir, `${name}.json`), 'utf8'));
const scenario = (name: string): Scenario => ScenarioSchema.parse(definition(name));
const requestSteps = (steps: Step[] = []): RequestStep[] => steps.filter((step): step is RequestStep => 'method' in step);

type Run = { code: number | null; stdout: string; stderr: string };
/** A node process of the repository, without blocking this one (the stub answers it meanwhile). */
const runNode = (args: string[]): Promise<Run> =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });

/**
 * The gateway as the scenarios see it: pages, market answers, visitor tracking, chat, forecasts, and the code flows
 * with a development mailbox that receives each code a moment later (so a scenario has to poll for it). `failing`
 * names paths that answer 503.
 */
const startStub = async () => {
  const failing = new Set<string>();
  const users = new Map<string, { email: string; password: string }>();
  const codes = new Map<string, string>();
  const mailbox: { id: string; to: string[]; text: string }[] = [];
  let mails = 0;
  const mail = (email: string) => {
    const code = String(100_000 + Math.floor(Math.random() * 900_000));
    codes.set(email, code);
    setTimeout(() => mailbox.unshift({ id: `mail-${++mails}`, to: [email], text: `Your Nivesh code is ${code}. It expires in 10 minutes.` }), 20);
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stub');
      const body = raw ? (JSON.parse(raw) as Record<string, string>) : {};
      const answer = (status: number, json: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(json));
      };
      if (failing.has(url.pathname)) return answer(503, { detail: 'Service temporarily unavailable' });
      if (request.method === 'GET' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/dev/') && url.pathname !== '/me') {
        response.writeHead(200, { 'content-type': 'text/html' });
        return response.end('<!doctype html><title>Nivesh</title><div id="root"></div>');
      }
      switch (url.pathname) {
        case '/api/visitor/track':
          return answer(body.session_id ? 202 : 400, { accepted: true });
        case '/chat/sentiment/start':
        case '/chat/technical/start':
          return answer(200, { session_id: `s-${Math.random()}`, context_id: `c-${Math.random()}`, message: 'Hello', compliance_note: '', system_status: 'online' });
        case '/chat/sentiment/query':
        case '/chat/technical/query':
          return answer(body.context_id && body.user_query ? 200 : 400, { response: 'Educational answer', blocked: false });
        case '/api/predictions/accuracy':
          return answer(200, { symbols: [] });
        case '/predict':
          return answer(body.ticker ? 200 : 400, { forecast: [101.5, 102.25] });
        case '/register-request-otp':
          users.set(body.username, { email: body.email, password: body.password });
          mail(body.email);
          return answer(200, { message: 'Code sent' });
        case '/register-verify-otp':
          return answer(codes.get(body.email) === body.otp ? 200 : 400, { message: 'Registered' });
        case '/login-request-otp': {
          const user = users.get(body.username);
          if (!user || user.password !== body.password) return answer(401, { detail: 'Invalid credentials' });
          mail(user.email);
          return answer(200, { message: 'Code sent' });
        }
        case '/login-verify-otp': {
          const user = users.get(body.username);
          return user && codes.get(user.email) === body.otp ? answer(200, { access_token: `token-${body.username}` }) : answer(400, { detail: 'Invalid code' });
        }
        case '/me':
          return answer(request.headers.authorization?.startsWith('Bearer token-') ? 200 : 401, { username: 'someone' });
        case '/dev/mailbox':
          return answer(200, { messages: mailbox.filter((message) => message.to.includes(url.searchParams.get('to') ?? '')) });
        default:
          return url.pathname.startsWith('/api/market/') ? answer(200, {}) : answer(404, { detail: 'Not found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { target, failing, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

type Report = {
  scenario: string;
  requests: { measured: number; per_second: number; helper: number };
  latency_ms: { p50: number; p95: number; p99: number; max: number };
  statuses: Record<string, number>;
  error_rate: number;
  steps: { name: string; requests: number; failed: number }[];
  thresholds: { name: string; limit: number; value: number; passed: boolean }[];
  passed: boolean;
};

let stub: Awaited<ReturnType<typeof startStub>>;
beforeAll(async () => {
  stub = await startStub();
});
afterAll(() => stub.close());

describe('scenario definitions', () => {
  it('cover the five scenarios operators run', () => {
    expect(names.sort()).toEqual(['chat', 'forecasts', 'heartbeat-flood', 'login-burst', 'visitor']);
  });

  it.each(names)('%s passes the schema and is named after its file', (name) => {
    const parsed = ScenarioSchema.safeParse(definition(name));
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data?.name).toBe(name);
  });

  it('refuses a step that uses a value nobody made, and a poll that reads nothing', () => {
    const broken = {
      ...scenario('chat'),
      steps: [
        { name: 'ask', method: 'POST', path: '/chat/technical/query', json: { context_id: '{{context}}' } },
        { name: 'wait', method: 'GET', path: '/dev/mailbox', poll: { until_changed: 'mail_id', every_ms: 100, max_tries: 5 } },
      ],
    };
    const messages = ScenarioSchema.safeParse(broken).error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(['{{context}} is neither a value nor captured by an earlier step', 'until_changed must name a capture of the same step']);
  });

  it('the visitor opens a page as HTML first, then makes that page’s API calls', () => {
    const [first, ...rest] = requestSteps(scenario('visitor').steps);
    expect(first).toMatchObject({ method: 'GET', path: '/', headers: { accept: expect.stringContaining('text/html') } });
    expect(rest.map((step) => step.path.split('?')[0])).toEqual(expect.arrayContaining(['/api/visitor/track', '/api/market/overview', '/api/market/quote', '/api/market/sentiment']));
  });
});

describe('k6 scripts', () => {
  it('there is one per definition, and nothing else', () => {
    const scripts = readdirSync(path.join(root, 'load-tests/k6')).filter((file) => file.endsWith('.js'));
    expect(scripts.sort()).toEqual(names.map((name) => `${name}.js`).sort());
  });

  it.each(names)('%s.js is valid JavaScript and opens its own definition', async (name) => {
    const file = path.join(root, `load-tests/k6/${name}.js`);
    const checked = await runNode(['--check', file]);
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain(`open('../scenarios/${name}.json')`);
    expect(existsSync(path.join(root, 'load-tests/k6/lib/driver.js'))).toBe(true);
  });

  it.each(names)('%s.js sets the definition’s thresholds and makes its requests in order', async (name) => {
    const definition = scenario(name);
    const ran = await runNode(['load-tests/lib/k6-shim.mjs', `load-tests/k6/${name}.js`, '--env', `TARGET=${stub.target}`]);
    expect(ran.stderr).toBe('');
    const result = JSON.parse(ran.stdout) as {
      options: { vus: number; duration: string; thresholds: Record<string, string[]> };
      requests: { name: string; url: string; measured: string }[];
      checks: Record<string, { passed: number; failed: number }>;
    };
    const { p95_ms, p99_ms, error_rate } = definition.thresholds;
    expect(result.options).toMatchObject({ vus: definition.virtual_users, duration: `${definition.duration_s}s` });
    expect(result.options.thresholds).toEqual({
      'http_req_duration{measured:yes}': [`p(95)<=${p95_ms}`, `p(99)<=${p99_ms}`],
      'http_req_failed{measured:yes}': [`rate<=${error_rate}`],
    });
    // Polling the mailbox repeats a step; otherwise one request per step, in the definition's order, to the target only.
    const sent = result.requests.map((request) => request.name).filter((step, index, all) => step !== all[index - 1]);
    expect(sent).toEqual(requestSteps([...(definition.once ?? []), ...definition.steps]).map((step) => step.name));
    expect(result.requests.every((request) => request.url.startsWith(`${stub.target}/`))).toBe(true);
    expect(Object.values(result.checks).every((check) => check.failed === 0)).toBe(true);
  });
});

describe('npm run load', () => {
  const load = (name: string, extra: string[] = []) =>
    runNode(['load-tests/load.mjs', name, '--target', stub.target, '--duration', '1', '--connections', '2', '--think-scale', '0.02', ...extra]);

  it.each(names)('runs %s briefly and reports percentiles, throughput and statuses', async (name) => {
    const ran = await load(name, ['--json']);
    expect(ran.stderr).toBe('');
    expect(ran.code).toBe(0);
    const report = JSON.parse(ran.stdout) as Report;
    const measuredSteps = requestSteps([...(scenario(name).once ?? []), ...scenario(name).steps]).filter((step) => step.measured !== false);
    expect(report.scenario).toBe(name);
    expect(report.requests.measured).toBeGreaterThan(0);
    expect(report.requests.per_second).toBeGreaterThan(0);
    expect(report.latency_ms.p50).toBeLessThanOrEqual(report.latency_ms.p95);
    expect(report.latency_ms.p95).toBeLessThanOrEqual(report.latency_ms.p99);
    expect(Object.keys(report.statuses).every((status) => /^[1-5]\d\d$/.test(status))).toBe(true);
    expect(report.error_rate).toBe(0);
    expect(report.steps.map((step) => step.name).every((step) => measuredSteps.some((defined) => defined.name === step))).toBe(true);
    expect(report.thresholds.map((row) => [row.name, row.passed])).toEqual([
      ['p95', true],
      ['p99', true],
      ['error rate', true],
    ]);
    expect(report.passed).toBe(true);
  });

  it('exits non-zero and says which threshold failed when the target answers errors', async () => {
    stub.failing.add('/predict');
    try {
      const ran = await load('forecasts');
      expect(ran.code).toBe(1);
      expect(ran.stdout).toMatch(/p50 .* ms\s+p95 .* ms\s+p99 .* ms/);
      expect(ran.stdout).toMatch(/by status\s+.*503: \d/);
      expect(ran.stdout).toMatch(/error rate at most 1\.00 %\s+\d+\.\d\d %\s+FAILED/);
      expect(ran.stdout).toContain('a threshold FAILED');
    } finally {
      stub.failing.delete('/predict');
    }
  });

  it('refuses an unknown scenario and a missing target with usage, exit 2', async () => {
    const unknown = await runNode(['load-tests/load.mjs', 'stampede', '--target', stub.target]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no scenario stampede; there are: chat, forecasts, heartbeat-flood, login-burst, visitor');
    const untargeted = await runNode(['load-tests/load.mjs', 'visitor']);
    expect(untargeted.code).toBe(2);
    expect(untargeted.stderr).toContain('--target is required');
  });
});
