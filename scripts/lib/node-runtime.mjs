// The Node.js Nivesh runs on: the version in .node-version, of the 24 LTS line (security fixes until 30 April 2028).
// A machine with another Node.js (Debian's 20, say) gets that version's official binary from the npm registry, where the
// Node.js project's builds are published as packages named node-<platform>-<arch>; it is unpacked once into
// ~/.cache/nivesh/node-v<version> (NIVESH_NODE_HOME overrides). `npm start` and `npm test` re-run themselves on it;
// .ci/run puts it first on PATH (`node scripts/lib/node-runtime.mjs` prints its bin folder). Node built-ins only: this
// runs before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The pinned version, e.g. "24.22.3". */
export const NODE_VERSION = readFileSync(path.join(ROOT, '.node-version'), 'utf8').trim();

const parts = (version) => version.replace(/^v/, '').split('.').map(Number);

/** True when `version` is of the pinned line and no older than the pinned release (it has its security fixes). */
export const suits = (version) => {
  const [major, minor, patch] = parts(version);
  const [wantMajor, wantMinor, wantPatch] = parts(NODE_VERSION);
  return major === wantMajor && (minor > wantMinor || (minor === wantMinor && patch >= wantPatch));
};

/** The registry package that carries the official binary for this machine. */
const binaryPackage = () => {
  const platform = { linux: 'linux', darwin: 'darwin' }[process.platform];
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (!platform || !arch) {
    throw new Error(`Nivesh needs Node.js ${NODE_VERSION}; install it yourself on ${process.platform}/${process.arch}, where no registry package is known.`);
  }
  return `node-${platform}-${arch}`;
};

/** Where the pinned Node.js is (or will be) unpacked. */
export const nodeHome = () => process.env.NIVESH_NODE_HOME || path.join(homedir(), '.cache', 'nivesh', `node-v${NODE_VERSION}`);

/**
 * The bin folder of a Node.js that suits: null when the running one does, else the pinned version's, fetched from the
 * npm registry and unpacked first when it is not there yet.
 */
export const ensureNode = () => {
  if (suits(process.version)) return null;
  const home = nodeHome();
  const bin = path.join(home, 'bin');
  if (existsSync(path.join(bin, 'node'))) return bin;
  const spec = `${binaryPackage()}@${NODE_VERSION}`;
  process.stderr.write(`[nivesh] this machine has Node.js ${process.version}; fetching Node.js ${NODE_VERSION} (${spec}) from the npm registry\n`);
  const work = mkdtempSync(path.join(tmpdir(), 'nivesh-node-'));
  try {
    const pack = spawnSync('npm', ['pack', spec, '--pack-destination', work, '--silent'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const tarball = readdirSync(work).find((name) => name.endsWith('.tgz'));
    if (pack.status !== 0 || !tarball) throw new Error(`npm pack ${spec} failed`);
    // Unpacked beside its final place and renamed, so an interrupted fetch never leaves half a Node.js behind.
    const partial = `${home}.partial-${process.pid}`;
    mkdirSync(partial, { recursive: true });
    const untar = spawnSync('tar', ['-xzf', path.join(work, tarball), '-C', partial, '--strip-components=1'], { stdio: 'inherit' });
    if (untar.status !== 0) throw new Error(`could not unpack ${tarball}`);
    if (existsSync(home)) rmSync(home, { recursive: true, force: true });
    renameSync(partial, home);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return bin;
};

/** The environment that runs on the pinned Node.js from `bin`: first on PATH, and its headers for native builds. */
export const envFor = (bin, env = process.env) => ({ ...env, PATH: `${bin}${path.delimiter}${env.PATH ?? ''}`, npm_config_nodedir: path.dirname(bin) });

/**
 * Runs this script again on the pinned Node.js when the running one does not suit, and exits with its status (the
 * promise then never settles, so `await` stops the rest of the script). Ctrl-C reaches both processes from the
 * terminal, so this one only waits; a SIGTERM sent to this one alone is passed on.
 */
export const runOnPinnedNode = async () => {
  const bin = ensureNode();
  if (!bin) return;
  const child = spawn(path.join(bin, 'node'), [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: envFor(bin) });
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  await new Promise(() => {});
};

// `node scripts/lib/node-runtime.mjs` prints the bin folder of a Node.js that suits (for .ci/run's PATH).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    process.stdout.write(`${ensureNode() ?? path.dirname(process.execPath)}\n`);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
