// `npm test`: lint, typecheck, unit tests (Jest, Vitest), integration tests against real PostgreSQL and
// Redis in a fresh database, the end-to-end smoke test in Chromium, and the short form of the fault-injection suite.
// Prints one closing count line.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  ROOT,
  deleteRedisPrefix,
  dropDatabase,
  ensureBuilt,
  ensureDatabase,
  ensureDependencies,
  ensureInfrastructure,
  log,
  migrate,
  runAsync,
} from './lib/common.mjs';
import { chooseTestInfra, composeImages, describeChoice, findDocker, startContainers } from './lib/test-infra.mjs';
import { runOnPinnedNode } from './lib/node-runtime.mjs';

// On another Node.js than .node-version's, the run goes on there, fetched from the npm registry when missing.
await runOnPinnedNode();

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
const wants = (step) => !only || only === step;
const results = path.join(ROOT, '.test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const started = Date.now();

const step = async (name, command, args, env = {}) => {
  log(`── ${name}`);
  const code = await runAsync(command, args, { env });
  if (code !== 0) failures.push(name);
  return code;
};

const countJest = (file, label) => {
  if (!existsSync(file)) return failures.push(`${label} (no results)`);
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  log(`${label}: ${report.numPassedTests} passed, ${report.numFailedTests} failed in ${report.numTotalTestSuites} files`);
};

/** The chaos suite's verdicts: each row (the steady load, then each fault) that met every goal is a passed test, each that missed one a failed test. */
const countChaos = (file) => {
  if (!existsSync(file)) return failures.push('chaos (no results)');
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.passed;
  totals.failed += report.failed;
  log(`chaos: ${report.passed} of ${report.passed + report.failed} rows (the steady load, then each fault) met every goal`);
};

const countPlaywright = (file) => {
  if (!existsSync(file)) return failures.push('e2e (no results)');
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += stats.expected + stats.flaky;
  totals.failed += stats.unexpected;
  totals.skipped += stats.skipped;
  log(`e2e: ${stats.expected + stats.flaky} passed, ${stats.unexpected} failed`);
};

/**
 * A request the gateway answered twice: the browser got the first answer and passed, so only the stack's log shows it
 * (fastify's "Reply was already sent"); the e2e stacks append those lines to `file`.
 */
const failIfAnsweredTwice = (file) => {
  if (!existsSync(file)) return;
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  if (lines.length === 0) return;
  log(`e2e: the gateway answered ${lines.length} request(s) twice, the first: ${lines[0].slice(0, 300)}`);
  failures.push(`e2e (${lines.length} requests answered twice, see ${path.relative(ROOT, file)})`);
};

ensureDependencies();
// Containers of their own where a Docker engine answers, else the local servers (scripts/lib/test-infra.mjs decides).
const infra = chooseTestInfra({ env: process.env, docker: await findDocker(process.env), images: composeImages() });
log(describeChoice(infra));
const containers =
  infra.mode === 'testcontainers' && (wants('int') || wants('e2e'))
    ? await startContainers(infra.images).catch((error) => {
        process.stderr.write(`\n${error.message}\n\n`);
        process.exit(1);
      })
    : undefined;
const env = containers?.env ?? infra.env ?? { DATABASE_URL: DEFAULT_DATABASE_URL, REDIS_URL: DEFAULT_REDIS_URL };
if (infra.mode === 'local') await ensureInfrastructure(env);

if (wants('lint')) {
  await step('lint', 'npx', ['eslint', '.', '--max-warnings', '0']);
  await step('layering (dependency-cruiser)', 'npm', ['run', 'lint:layers']);
}
if (wants('lint') || wants('typecheck')) {
  log('── typecheck');
  try {
    ensureBuilt({ web: false });
  } catch {
    failures.push('typecheck');
  }
  await step('typecheck (tests)', 'npx', ['tsc', '-p', 'tsconfig.tests.json', '--noEmit']);
  await step('typecheck (web)', 'npm', ['run', 'typecheck', '-w', 'web']);
}

if (wants('unit')) {
  await step('unit tests (Jest)', 'npx', ['jest', '--config', 'jest.config.js', '--selectProjects', 'unit', '--json', '--outputFile', path.join(results, 'unit.json')]);
  countJest(path.join(results, 'unit.json'), 'unit');
  await step('web unit tests (Vitest)', 'npx', ['vitest', 'run', '--root', 'web', '--reporter', 'default', '--reporter', 'json', '--outputFile', path.join(results, 'web.json')]);
  countJest(path.join(results, 'web.json'), 'web unit');
}

if (wants('int') || wants('e2e')) {
  // A fresh database and Redis key prefix for this run, dropped afterwards.
  const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const database = new URL(env.DATABASE_URL);
  database.pathname = `/nivesh_test_${runId}`;
  // MARKET_WARM and PREDICTION_BACKTEST off: the e2e stack computes answers and back-tests on demand instead of every
  // stock's beside the browser (services/market/test/warm.int-spec.ts and the prediction int-spec test the jobs).
  const runEnv = { ...env, DATABASE_URL: database.toString(), REDIS_PREFIX: `t${runId}`, NODE_ENV: 'test', LOG_LEVEL: 'warn', MARKET_WARM: 'false', PREDICTION_BACKTEST: 'false' };
  try {
    ensureBuilt();
  } catch {
    failures.push('build');
  }
  await ensureDatabase(runEnv.DATABASE_URL);
  try {
    log(`── migrations into ${database.pathname.slice(1)}`);
    migrate(runEnv);
    if (wants('int')) {
      await step('integration tests (real PostgreSQL + Redis)', 'npx', ['jest', '--config', 'jest.config.js', '--selectProjects', 'int', '--runInBand', '--json', '--outputFile', path.join(results, 'int.json')], runEnv);
      countJest(path.join(results, 'int.json'), 'integration');
    }
    if (wants('e2e')) {
      const answeredTwice = path.join(results, 'answered-twice.log');
      await step('end-to-end (Chromium)', 'npx', ['playwright', 'test', '--config', 'e2e/playwright.config.ts'], {
        ...runEnv,
        PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'e2e.json'),
        E2E_ANSWERED_TWICE_FILE: answeredTwice,
      });
      countPlaywright(path.join(results, 'e2e.json'));
      failIfAnsweredTwice(answeredTwice);
    }
  } finally {
    await dropDatabase(runEnv.DATABASE_URL).catch((error) => log(`could not drop the test database: ${error.message}`));
    await deleteRedisPrefix(runEnv.REDIS_URL, runEnv.REDIS_PREFIX).catch(() => undefined);
  }
}

if (wants('chaos')) {
  // Its own PostgreSQL cluster and Redis on other ports, so it needs neither the test database nor the containers.
  await step('fault injection (npm run chaos -- --short)', process.execPath, [path.join(ROOT, 'scripts/chaos.mjs'), '--short']);
  countChaos(path.join(results, 'chaos.json'));
}

await containers?.stop();
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
if (failures.length) log(`failed steps: ${failures.join(', ')}`);
log(`finished in ${minutes} min`);
// The closing line CI reads.
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);
