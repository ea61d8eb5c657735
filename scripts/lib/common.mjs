// Shared by `npm start`, `npm test` and `npm run migrate`: dependencies, build, PostgreSQL, Redis, secrets.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SERVICES = ['auth', 'premium', 'chat', 'prediction', 'tracking', 'market', 'portfolio', 'content'];
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/nivesh';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';

export const log = (message) => process.stdout.write(`\x1b[36m[nivesh]\x1b[0m ${message}\n`);

/** Runs a command in the repository, inheriting output; throws when it fails. */
export const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed with ${result.status ?? result.signal}`);
};

/** Runs a command and resolves with its exit code (does not throw). */
export const runAsync = (command, args, options = {}) =>
  new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const newest = (dir) => {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
};

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export const ensureDependencies = () => {
  const marker = path.join(ROOT, 'node_modules/.package-lock.json');
  const lock = path.join(ROOT, 'package-lock.json');
  // Native addons are built for one Node.js ABI: a tree installed by another Node.js (before .node-version moved) is rebuilt.
  const abiMarker = path.join(ROOT, 'node_modules/.nivesh-node-abi');
  const abi = process.versions.modules;
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) {
    if (existsSync(abiMarker) && readFileSync(abiMarker, 'utf8').trim() === abi) return;
    log(`rebuilding native dependencies for Node.js ${process.version} (npm rebuild)`);
    run('npm', ['rebuild']);
    writeFileSync(abiMarker, `${abi}\n`);
    return;
  }
  // `npm ci`: exactly the locked tree (the lockfile carries every platform's optional binaries).
  log('installing dependencies (npm ci)');
  // Its postinstall records the Node.js ABI it was built for.
  run('npm', ['ci', '--no-audit', '--no-fund']);
  // npm may rewrite package-lock.json after its marker: date the marker now so the next run skips the install.
  const now = new Date();
  if (existsSync(marker)) utimesSync(marker, now, now);
};

/** Warren AI's word vectors, packed from their registry package into services/chat/generated/ when missing or stale. */
export const packWordVectors = () => run('node', ['services/chat/dist/knowledge/word-vectors.js']);

/** Compiles the TypeScript projects (incremental) and builds the web app when its sources changed. */
export const ensureBuilt = ({ web = true } = {}) => {
  log('compiling TypeScript (tsc -b)');
  run('npx', ['tsc', '-b']);
  packWordVectors();
  if (!web) return;
  const index = path.join(ROOT, 'web/dist/index.html');
  const sources = Math.max(newest(path.join(ROOT, 'web/src')), newest(path.join(ROOT, 'proto/src')), statSync(path.join(ROOT, 'web/index.html')).mtimeMs);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  log('building the web app (vite build)');
  run('npm', ['run', 'build', '-w', 'web']);
};

const reachable = (url, defaultPort) =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || defaultPort) });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });

/** Stops with a clear message when PostgreSQL or Redis is not there. */
export const ensureInfrastructure = async (env) => {
  const problems = [];
  if (!(await reachable(env.DATABASE_URL, 5432))) problems.push(`PostgreSQL is not reachable at ${redact(env.DATABASE_URL)}.`);
  if (!(await reachable(env.REDIS_URL, 6379))) problems.push(`Redis is not reachable at ${redact(env.REDIS_URL)}.`);
  if (problems.length === 0) return;
  process.stderr.write(
    `\n${problems.join('\n')}\n\nStart the local ones with:\n  bash infra/scripts/start-deps.sh\n` +
      `or point DATABASE_URL / REDIS_URL at running servers (docker compose up postgres redis works too).\n\n`,
  );
  process.exit(1);
};

export const redact = (url) => url.replace(/\/\/([^:@/]+):[^@/]+@/, '//$1:***@');

/** The secrets every process needs; `npm start` generates them for development. */
export const SECRET_KEYS = ['JWT_SECRET', 'OTP_SECRET', 'PAYMENT_WEBHOOK_SECRET', 'DEVICE_ID_SECRET'];

/** Fresh random secrets, one per key (tests and the end-to-end stack use a new set per run). */
export const randomSecrets = () => Object.fromEntries(SECRET_KEYS.map((key) => [key, randomBytes(32).toString('hex')]));

/**
 * Development secrets: generated once per checkout, kept in .nivesh/ (git-ignored), so sessions and premium
 * devices survive restarts. A key added later is generated and added to the file.
 */
export const devSecrets = () => {
  const dir = path.join(ROOT, '.nivesh');
  const file = path.join(dir, 'dev-secrets.json');
  const stored = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const missing = SECRET_KEYS.filter((key) => !stored[key]);
  if (missing.length === 0) return stored;
  const secrets = { ...stored, ...Object.fromEntries(Object.entries(randomSecrets()).filter(([key]) => missing.includes(key))) };
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
};

/** Creates the database named in the URL when it does not exist. */
export const ensureDatabase = async (databaseUrl) => {
  const { default: pg } = await import('pg');
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replaceAll('"', '""')}"`);
      log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
};

export const dropDatabase = async (databaseUrl) => {
  const { default: pg } = await import('pg');
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name.replaceAll('"', '""')}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
};

/** Applies every service's migrations in its own schema. */
export const migrate = (env) => {
  for (const service of SERVICES) run(process.execPath, [path.join(ROOT, `services/${service}/dist/migrate.js`)], { env });
};

/** Deletes every Redis key under a prefix (test runs). */
export const deleteRedisPrefix = async (redisUrl, prefix) => {
  const { default: Redis } = await import('ioredis');
  const redis = new Redis(redisUrl);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
};

/** Loads the shared NSE prices, then the filings, into empty tables (the first start); later starts skip them. */
export const loadMarketData = async (env) => {
  await loadPrices(env);
  await loadFundamentals(env);
};

const loadPrices = async (env) => {
  const dir = process.env.MARKET_DATA_DIR || path.resolve(ROOT, '../shared/data/nse');
  if (!existsSync(dir)) return log(`market data: ${dir} not found, skipping the import`);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query('SELECT EXISTS (SELECT 1 FROM market.daily_bars) AS loaded').finally(() => client.end());
  if (rows[0].loaded) return;
  log(`market data: importing ${dir}`);
  const result = spawnSync(process.execPath, [path.join(ROOT, 'services/market/dist/cli/import.js'), 'csv', dir], { env: { ...process.env, ...env }, stdio: 'inherit' });
  if (result.status !== 0) log('market data: import failed (the app starts without prices)');
};

/** Loads the shared NSE financial-results filings into an empty market.filings (after the prices they need). */
export const loadFundamentals = async (env) => {
  const dir = process.env.FUNDAMENTALS_DATA_DIR || path.resolve(ROOT, '../shared/data/fundamentals/xbrl');
  if (!existsSync(dir)) return log(`fundamentals: ${dir} not found, skipping the import`);
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  const { rows } = await client
    .query('SELECT EXISTS (SELECT 1 FROM market.filings) AS loaded, EXISTS (SELECT 1 FROM market.daily_bars) AS priced')
    .finally(() => client.end());
  if (rows[0].loaded || !rows[0].priced) return;
  log(`fundamentals: importing ${dir}`);
  const result = spawnSync(process.execPath, [path.join(ROOT, 'services/market/dist/cli/import.js'), 'xbrl', dir], { env: { ...process.env, ...env }, stdio: 'inherit' });
  if (result.status !== 0) log('fundamentals: import failed (Undervalued Analytics starts without filings)');
};

/**
 * Loads the blog's own posts (services/content/posts, Markdown with front matter) into an empty content.posts: the
 * first start, as with the market data; later starts leave the blog as its admins left it.
 */
export const loadPosts = async (env) => {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  const { rows } = await client.query('SELECT EXISTS (SELECT 1 FROM content.posts) AS loaded').finally(() => client.end());
  if (rows[0].loaded) return;
  log('blog: loading the posts of services/content/posts');
  const result = spawnSync(process.execPath, [path.join(ROOT, 'services/content/dist/cli/load-posts.js')], { env: { ...process.env, ...env }, stdio: 'inherit' });
  if (result.status !== 0) log('blog: loading the posts failed (the blog starts without them)');
};

// The newest TypeScript source under dir (data files do not change what tsc emits).
const newestSource = (dir) => {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newestSource(full));
    else if (entry.name.endsWith('.ts')) latest = Math.max(latest, statSync(full).mtimeMs);
  }
  return latest;
};

/** Compiles one service (tsc -b) when `dist` is missing or older than its sources; the evaluation scripts read dist. */
export const ensureServiceBuilt = (service, distFile) => {
  const src = path.join(ROOT, 'services', service, 'src');
  const dist = path.join(ROOT, 'services', service, 'dist', distFile);
  if (existsSync(dist) && statSync(dist).mtimeMs >= newestSource(src)) return;
  log(`compiling the ${service} service (tsc -b)`);
  const build = spawnSync('npx', ['tsc', '-b', `services/${service}`], { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(dist)) {
    console.error(`the build left services/${service}/dist/${distFile} missing`);
    process.exit(1);
  }
  if (build.status !== 0) log('tsc reported errors; evaluating with what it emitted');
};
