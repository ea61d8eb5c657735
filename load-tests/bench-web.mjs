// `npm run bench:web`: what the web app costs a visitor.
//   1. Each route's initial JavaScript, gzipped: the entry chunk, the route's lazy page chunk and their
//      static imports, from Vite's build manifest (web/dist/.vite/manifest.json). Routes are mapped to
//      chunks by reading web/src/app/router.tsx: `const X = lazy…(() => import('…'))` gives each page
//      component's module, `{ path: '/x', … Page: X }` (or `path: 'x', element: page(X…)`) gives its
//      route. A route whose component is not lazy there (a wrapper that lazy-loads inside) is matched to
//      the dynamic chunk named after the path's last segment (/blog -> blog-page.tsx), else counted
//      as the entry alone (the dashboard, which router.tsx imports statically, is part of the entry) —
//      the table says which.
//   2. Lighthouse 12 on '/' in Debian's Chromium, mobile (the default config: simulated slow 4G and a
//      mid-range phone) and the desktop preset: performance and accessibility, FCP, LCP, TBT, CLS and
//      speed index, the bytes the first load transferred (all, and JavaScript), the LCP element with its
//      phases, and what shifted. BENCH_WEB_REPORTS=<dir> also keeps each full report (JSON) there.
// The whole stack runs on a spare port with NODE_ENV=production, a fresh database nivesh_bench_web_<id>
// (dropped afterwards) and random secrets.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import {
  ROOT,
  deleteRedisPrefix,
  dropDatabase,
  ensureBuilt,
  ensureDatabase,
  ensureInfrastructure,
  loadMarketData,
  log,
  migrate,
} from '../scripts/lib/common.mjs';
import { benchEnvironment, waitForWarm } from './lib/bench.mjs';
import { startStack } from '../scripts/lib/stack.mjs';
import { entryKey, javascriptOf, kB, readManifest } from '../web/scripts/bundle-size.mjs';

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const ROUTER_FILE = 'src/app/router.tsx';
// BENCH_WEB_REPORTS=<dir>: also keep each run's full Lighthouse report (JSON) there.
const REPORT_DIR = process.env.BENCH_WEB_REPORTS ? path.resolve(process.env.BENCH_WEB_REPORTS) : null;
if (REPORT_DIR) mkdirSync(REPORT_DIR, { recursive: true });

const sparePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

// ---- route -> chunk ------------------------------------------------------------------------------

/** The manifest key of a module imported from router.tsx ('./routes/about' -> 'src/app/routes/about.tsx'). */
const manifestKeyOf = (manifest, specifier) => {
  const base = path.posix.join(path.posix.dirname(ROUTER_FILE), specifier);
  const candidates = [base, ...['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'].map((ext) => base + ext)];
  return candidates.find((key) => manifest[key]) ?? null;
};

/** [{ route, key, how }] for every route declared in router.tsx, in its order. */
const routeChunks = (manifest, source) => {
  const lazyModules = new Map();
  for (const match of source.matchAll(/const\s+(\w+)\s*=\s*lazy\w*\(\s*(?:<[^>]*>\s*)?\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    lazyModules.set(match[1], match[2]);
  }
  const staticImports = new Set(
    [...source.matchAll(/^import\s*\{([^}]*)\}\s*from\s*'\.[^']*';/gm)].flatMap((match) => match[1].split(',').map((name) => name.trim())),
  );
  const dynamicEntries = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && /\.(t|j)sx?$/.test(key));
  const routes = [];
  const seen = new Set();
  const add = (route, component) => {
    if (seen.has(route)) return;
    seen.add(route);
    const specifier = lazyModules.get(component);
    const key = specifier ? manifestKeyOf(manifest, specifier) : null;
    if (key) return routes.push({ route, key, how: 'lazy import in router.tsx' });
    const slug = route.split('/').filter(Boolean).pop() ?? 'dashboard';
    // Rollup names a page chunk it shares '_<name>-<hash>.js' rather than by its source path.
    const named = dynamicEntries.find((entry) => path.posix.basename(entry).replace(/^_/, '').replace(/\.(t|j)sx?$/, '').startsWith(slug));
    if (named) return routes.push({ route, key: named, how: `by chunk name (${component})` });
    if (staticImports.has(component)) return routes.push({ route, key: null, how: `in the entry (${component}, imported statically by router.tsx)` });
    routes.push({ route, key: null, how: `entry only (${component} not matched to a chunk)` });
  };
  // { path: '/x', ..., Page: X } (a route table) or { path: 'x', element: page(X, ...) } / { index: true, ... }.
  for (const match of source.matchAll(/\{\s*(?:path:\s*'([^']*)'|index:\s*true)[^{}]*?(?:Page:\s*|page\(\s*)(\w+)/g)) {
    const raw = match[1] ?? '/';
    if (raw === '*') continue; // the 404 page, below
    add(raw.startsWith('/') ? raw : `/${raw}`, match[2]);
  }
  const notFound = source.match(/path:\s*'\*'[^{}]*?page\(\s*(\w+)/);
  if (notFound) add('(404)', notFound[1]);
  return routes;
};

const routeSizes = () => {
  const manifest = readManifest();
  const entry = entryKey(manifest);
  const source = readFileSync(path.join(ROOT, 'web', ROUTER_FILE), 'utf8');
  const initial = javascriptOf(manifest, [entry]);
  const rows = routeChunks(manifest, source).map(({ route, key, how }) => {
    const js = javascriptOf(manifest, key ? [entry, key] : [entry]);
    return { route, chunk: key ? manifest[key].file : '-', files: js.files.length, gzip: js.gzip, raw: js.raw, how };
  });
  return { initial, rows };
};

// ---- Lighthouse ----------------------------------------------------------------------------------

/** What the page fetched on its first load, as Lighthouse saw it on the wire (bytes transferred, headers included). */
const transferOf = (requests) => {
  const sum = (items) => items.reduce((total, item) => total + (item.transferSize ?? 0), 0);
  const scripts = requests.filter((item) => item.resourceType === 'Script');
  return { requests: requests.length, total: sum(requests), scripts: scripts.length, scriptBytes: sum(scripts) };
};

/** The element Lighthouse counted as the largest contentful paint, and how its time splits. */
const lcpElementOf = (audits) => {
  const tables = audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = tables[0]?.items?.[0]?.node;
  if (!node) return 'n/a';
  const phases = (tables[1]?.items ?? []).map((item) => `${item.phase} ${Math.round(item.timing)} ms`).join(', ');
  return `${node.selector ?? '?'} "${String(node.nodeLabel ?? '').slice(0, 60)}"${phases ? ` (${phases})` : ''}`;
};

const score = (category) => (category?.score == null ? 'n/a' : String(Math.round(category.score * 100)));

/** A Lighthouse error that asks to run it again (a trace lost under load, such as NO_NAVSTART). */
class RetryableLighthouseError extends Error {}

/** One Lighthouse run; once more when Lighthouse failed to record the trace. */
const runLighthouse = async (url, config, label) => {
  try {
    return await lighthouseOnce(url, config, label);
  } catch (error) {
    if (!(error instanceof RetryableLighthouseError)) throw error;
    log(`${error.message}; running it again`);
    return lighthouseOnce(url, config, label);
  }
};

const lighthouseOnce = async (url, config, label) => {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] }, config);
    const { categories, audits, runtimeError, runWarnings } = result.lhr;
    if (runtimeError) {
      const message = `${label}: ${runtimeError.code} ${runtimeError.message}`;
      throw /run Lighthouse again/i.test(runtimeError.message) ? new RetryableLighthouseError(message) : new Error(message);
    }
    const metric = (id) => audits[id]?.displayValue ?? 'n/a';
    const failedA11y = Object.values(audits)
      .filter((audit) => audit.score === 0 && categories.accessibility.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0))
      .map((audit) => audit.id);
    // What moved, when anything did (Lighthouse's layout-shifts audit names the elements).
    const shifts = (audits['layout-shifts']?.details?.items ?? [])
      .slice(0, 3)
      .map((item) => `${item.node?.selector ?? item.node?.nodeLabel ?? '?'} (${Number(item.score ?? 0).toFixed(3)})`);
    if (REPORT_DIR) {
      const file = path.join(REPORT_DIR, `lighthouse-${label.split(' ')[0]}-${Date.now()}.json`);
      writeFileSync(file, JSON.stringify(result.lhr));
      log(`${label}: report written to ${file}`);
    }
    return {
      label,
      shifts,
      lcpElement: lcpElementOf(audits),
      transfer: transferOf(audits['network-requests']?.details?.items ?? []),
      performance: score(categories.performance),
      accessibility: score(categories.accessibility),
      fcp: metric('first-contentful-paint'),
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      si: metric('speed-index'),
      failedA11y,
      warnings: runWarnings ?? [],
    };
  } finally {
    await chrome.kill();
  }
};

// ---- main ------------------------------------------------------------------------------------------

const port = Number(process.env.BENCH_PORT || (await sparePort()));
const { env, databaseName } = benchEnvironment('web', port);

await ensureInfrastructure(env);
const startedAt = Date.now();
try {
  ensureBuilt();
} catch (error) {
  // `npm run build -w web` ends with the bundle-size check: over budget, the build is there but the
  // command fails. The bench still measures it (and says so); any other failure stops here.
  const manifest = path.join(ROOT, 'web/dist/.vite/manifest.json');
  let fresh = false;
  try {
    fresh = statSync(manifest).mtimeMs >= startedAt;
  } catch {
    fresh = false;
  }
  if (!fresh) throw error;
  log('the web build check failed (see above); measuring the build anyway');
}
await ensureDatabase(env.DATABASE_URL);
let stack;
try {
  migrate({ ...process.env, ...env });
  // The shared NSE dataset, as `npm start` loads it: Lighthouse measures the dashboard with its real figures.
  await loadMarketData(env);
  const sizes = routeSizes();
  stack = startStack({ env, quiet: true });
  const base = `http://127.0.0.1:${port}`;
  log(`stack starting on ${base} (NODE_ENV=production, database ${databaseName})`);
  await stack.waitReady(base, 90_000);
  // Measure what users see once an import's answers are computed, not the minute while the warm job runs.
  const warm = await waitForWarm(env);
  log(`market answers warmed (${warm.computed} computed)`);

  log('Lighthouse on / (mobile, then desktop)');
  const mobile = await runLighthouse(`${base}/`, undefined, 'mobile (default)');
  const desktop = await runLighthouse(`${base}/`, desktopConfig, 'desktop preset');

  console.log(`\nWeb app, ${new Date().toISOString()} (Chromium ${CHROME_PATH}, gateway NODE_ENV=production)`);
  console.log(`\nInitial JavaScript per route (gzipped; entry + the route's lazy chunk + static imports):`);
  console.log(`  ${'route'.padEnd(26)} ${'gzip'.padStart(9)} ${'raw'.padStart(9)}  files  page chunk (how matched)`);
  for (const row of sizes.rows) {
    console.log(`  ${row.route.padEnd(26)} ${kB(row.gzip).padStart(9)} ${kB(row.raw).padStart(9)}  ${String(row.files).padStart(5)}  ${row.chunk} (${row.how})`);
  }
  console.log(`  entry alone: ${kB(sizes.initial.gzip)} gzipped, ${kB(sizes.initial.raw)} raw`);

  console.log(`\nLighthouse 12 on ${base}/`);
  for (const run of [mobile, desktop]) {
    console.log(`  ${run.label.padEnd(17)} performance ${run.performance.padStart(3)}  accessibility ${run.accessibility.padStart(3)}   FCP ${run.fcp}, LCP ${run.lcp}, TBT ${run.tbt}, CLS ${run.cls}, SI ${run.si}`);
    const { transfer } = run;
    console.log(
      `    first load: ${kB(transfer.total)} transferred in ${transfer.requests} requests, of which JavaScript ${kB(transfer.scriptBytes)} in ${transfer.scripts} files`,
    );
    console.log(`    LCP element: ${run.lcpElement}`);
    if (run.failedA11y.length) console.log(`    failed accessibility audits: ${run.failedA11y.join(', ')}`);
    if (run.shifts.length) console.log(`    layout shifts: ${run.shifts.join('; ')}`);
    for (const warning of run.warnings) console.log(`    warning: ${warning}`);
  }
} finally {
  if (stack) await stack.stop();
  await dropDatabase(env.DATABASE_URL).catch((error) => console.error(`could not drop ${databaseName}: ${error.message}`));
  await deleteRedisPrefix(env.REDIS_URL, env.REDIS_PREFIX).catch(() => undefined);
}
