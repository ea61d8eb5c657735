// The pure parts of `npm run chaos` (scripts/chaos/): the accounting of acknowledged writes against the rows the
// database holds, recovery times, the verdicts and the command line. The scripts are ES modules and Jest here runs
// CommonJS, so each case runs in Node itself and hands its result back as JSON.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(__dirname, '../..');
const url = (file: string) => JSON.stringify(pathToFileURL(path.join(root, file)).href);

/** Runs `body` (an async function body with scripts/chaos/report.mjs as `report` and args.mjs as `args`) in Node. */
const run = (body: string): any =>
  JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import * as report from ${url('scripts/chaos/report.mjs')}; import * as args from ${url('scripts/chaos/args.mjs')};
         const result = await (async () => { ${body} })(); console.log(JSON.stringify(result ?? null));`,
      ],
      { stdio: 'pipe' },
    ).toString(),
  );

describe('the accounting of acknowledged writes (scripts/chaos/report.mjs)', () => {
  const windows = `const windows = [{ fault: 'none', start: 0, end: 100 }, { fault: 'auth', start: 100, end: 200, killAt: 110, backAt: 120 }];`;

  it('counts a write acknowledged but not stored as lost, and one stored twice as doubled, in the window of its acknowledgement', () => {
    const result = run(`${windows}
      const acks = [
        { kind: 'transaction', key: 'a', at: 10 }, { kind: 'transaction', key: 'b', at: 20 },
        { kind: 'heartbeat', key: 's|1000', at: 150 }, { kind: 'payment', key: 'evt_1', at: 160 },
      ];
      const held = { 'transaction a': 1, 'transaction b': 0, 'heartbeat s|1000': 2, 'payment evt_1': 1 };
      return report.lossesByWindow(acks, (kind, key) => held[kind + ' ' + key] ?? 0, windows);`);
    expect(result[0]).toMatchObject({ lost: 1, doubled: 0, lostByKind: { transaction: 1 } });
    expect(result[1]).toMatchObject({ lost: 0, doubled: 1, doubledByKind: { heartbeat: 1 } });
    expect(result[1].examples).toEqual(['heartbeat s|1000: stored 2×']);
  });

  it('counts a key acknowledged several times once, in the window of its first acknowledgement', () => {
    const result = run(`${windows}
      const acks = [{ kind: 'payment', key: 'evt_1', at: 150 }, { kind: 'payment', key: 'evt_1', at: 50 }, { kind: 'payment', key: 'evt_1', at: 160 }];
      return report.lossesByWindow(acks, () => 0, windows);`);
    expect(result.map((window: { lost: number }) => window.lost)).toEqual([1, 0]);
  });

  it('holds nothing against a write stored exactly once', () => {
    const result = run(`${windows}
      return report.lossesByWindow([{ kind: 'registration', key: 'x@example.com', at: 5 }], () => 1, windows);`);
    expect(result[0]).toMatchObject({ lost: 0, doubled: 0, examples: [] });
  });
});

describe('recovery (scripts/chaos/report.mjs)', () => {
  const window = `const window = { fault: 'portfolio', start: 0, end: 100_000, killAt: 1_000, backAt: 2_000 };`;
  const record = (kind: string, start: number, end: number, ok: boolean, status = ok ? 200 : 503) => `{ kind: '${kind}', start: ${start}, end: ${end}, ok: ${ok}, status: ${JSON.stringify(status)} }`;

  it('runs from the restart to the first success after the last failure of the slowest affected kind', () => {
    const records = [
      record('transaction', 1_100, 1_110, false),
      record('transaction', 2_500, 2_600, false),
      record('transaction', 3_000, 4_500, true),
      record('heartbeat', 1_200, 1_300, false, 0),
      record('heartbeat', 2_100, 2_200, true),
      // Before the kill: neither affected nor counted.
      record('payment', 500, 600, false),
    ];
    const result = run(`${window} return report.recoveryOf([${records.join(',')}], window);`);
    expect(result).toEqual({ affected: ['heartbeat', 'transaction'], seconds: 2.5, slowest: 'transaction', unrecovered: [] });
  });

  it('names the kinds that never succeeded again, and the probe of the killed service even when it never failed', () => {
    const records = [record('transaction', 1_100, 1_110, false), record('transaction', 1_500, 1_600, false)];
    const result = run(`${window} return report.recoveryOf([${records.join(',')}], window, ['ping:portfolio']);`);
    expect(result.unrecovered).toEqual(['ping:portfolio', 'transaction']);
  });

  it('is 0 when everything affected was back before the process was, and none when nothing was affected', () => {
    const early = run(`${window} return report.recoveryOf([${[record('heartbeat', 1_100, 1_200, false), record('heartbeat', 1_300, 1_400, true)].join(',')}], window);`);
    expect(early).toMatchObject({ seconds: 0, unrecovered: [] });
    const none = run(`${window} return report.recoveryOf([${record('heartbeat', 1_100, 1_200, true)}], window);`);
    expect(none).toEqual({ affected: [], seconds: null, slowest: null, unrecovered: [] });
  });
});

describe('verdicts and the table (scripts/chaos/report.mjs)', () => {
  const row = (fields: Record<string, unknown>) =>
    JSON.stringify({ fault: 'auth', requests: 100, failedByStatus: {}, timeouts: 0, lost: 0, doubled: 0, recovery: { seconds: 3, slowest: 'registration', unrecovered: [] }, ...fields });

  it('passes a fault that lost nothing, doubled nothing, hung nothing and recovered within 10 s, whatever failed meanwhile', () => {
    expect(run(`return report.problemsOf(${row({ failedByStatus: { 503: 12, 0: 3 } })});`)).toEqual([]);
  });

  it('fails a fault on each missed goal', () => {
    expect(run(`return report.problemsOf(${row({ lost: 2, doubled: 1, timeouts: 1, recovery: { seconds: 12.5, slowest: 'transaction', unrecovered: [] } })});`)).toEqual([
      '2 acknowledged writes lost',
      '1 acknowledged write stored more than once',
      '1 request hung past the client\'s deadline',
      'transaction recovered 12.5 s after the restart (goal 10 s)',
    ]);
    expect(run(`return report.problemsOf(${row({ recovery: { seconds: null, slowest: null, unrecovered: ['ping:auth'] } })});`)).toEqual(['ping:auth did not recover']);
    expect(run(`return report.problemsOf(${row({ failedByStatus: { 'no code': 1 } })});`)).toEqual(['1 acknowledged code request never mailed a code']);
  });

  it('fails the steady-load row when anything failed with no fault', () => {
    expect(run(`return report.problemsOf(${row({ fault: 'none', failedByStatus: { 429: 2 } })});`)).toEqual(['2 requests failed with no fault']);
  });

  it('writes one row per fault with failures by status, network errors as 0', () => {
    const table = run(`return report.markdownTable(report.buildRows({
      windows: [{ fault: 'none', start: 0, end: 10 }, { fault: 'gateway', start: 10, end: 100, killAt: 20, backAt: 30 }],
      records: [
        { kind: 'heartbeat', start: 1, end: 2, ok: true, status: 202 },
        { kind: 'heartbeat', start: 21, end: 22, ok: false, status: 0 },
        { kind: 'heartbeat', start: 25, end: 26, ok: false, status: 0 },
        { kind: 'transaction', start: 28, end: 29, ok: false, status: 503 },
        { kind: 'heartbeat', start: 31, end: 2_030, ok: true, status: 202 },
        { kind: 'transaction', start: 31, end: 1_030, ok: true, status: 201 },
      ],
      acks: [{ kind: 'heartbeat', key: 'k', at: 2 }],
      copies: () => 1,
    }));`);
    expect(table.split('\n')).toEqual([
      '| fault | requests | failed by status | timeouts | recovery (s) | lost | doubled | verdict |',
      '|---|---:|---|---:|---|---:|---:|---|',
      '| none (steady load) | 1 | – | 0 | – | 0 | 0 | pass |',
      '| gateway | 5 | 0×2, 503×1 | 0 | 2.0 (heartbeat) | 0 | 0 | pass |',
    ]);
  });
});

describe('the command line (scripts/chaos/args.mjs)', () => {
  it('runs every service, the gateway, Redis and PostgreSQL, with shorter load windows under --short', () => {
    const long = run(`return args.parseChaosArgs([]);`);
    const every = ['auth', 'premium', 'chat', 'prediction', 'tracking', 'market', 'portfolio', 'content', 'gateway', 'redis', 'postgres'];
    expect(long).toMatchObject({ form: 'long', faults: every });
    const short = run(`return args.parseChaosArgs(['--short']);`);
    expect(short).toMatchObject({ form: 'short', faults: every });
    expect(short.windows.before + short.windows.after).toBeLessThan(long.windows.before + long.windows.after);
    // The window waits for recovery past the goal, so a slow one is measured rather than cut short.
    expect(short.windows.recover).toBeGreaterThan(10);
  });

  it('takes the faults to run from --faults, in that order', () => {
    expect(run(`return args.parseChaosArgs(['--short', '--faults', 'redis, gateway']);`)).toMatchObject({ form: 'short', faults: ['redis', 'gateway'] });
  });

  it('refuses unknown faults and options with a sentence naming them', () => {
    expect(run(`try { args.parseChaosArgs(['--faults', 'auth,mysql']); } catch (error) { return error.message; }`)).toBe(
      'Unknown fault: mysql. Known: auth, premium, chat, prediction, tracking, market, portfolio, content, gateway, redis, postgres.',
    );
    expect(run(`try { args.parseChaosArgs(['--fast']); } catch (error) { return error.message; }`)).toMatch(/--fast/);
  });
});
