// The JavaScript a page loads, from Vite's build manifest (dist/.vite/manifest.json, build.manifest in
// vite.config.ts): a chunk plus everything it imports statically, each file gzipped on its own (as
// the gateway would send it; zlib's default level). Shared by check-bundle-size.mjs and bench-web.mjs.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const DIST = path.join(WEB_ROOT, 'dist');

/** The manifest, keyed by source path relative to web/ ('index.html', 'src/app/routes/about.tsx', ...). */
export const readManifest = (dist = DIST) => {
  const file = path.join(dist, '.vite/manifest.json');
  if (!existsSync(file)) throw new Error(`${path.relative(process.cwd(), file)} is missing: build the web app first (npm run build -w web).`);
  return JSON.parse(readFileSync(file, 'utf8'));
};

/** The entry chunk of the page ('index.html'). */
export const entryKey = (manifest) => {
  if (manifest['index.html']?.isEntry) return 'index.html';
  const key = Object.keys(manifest).find((name) => manifest[name].isEntry);
  if (!key) throw new Error('The build manifest has no entry chunk.');
  return key;
};

/** The manifest keys of `keys` and of every chunk they import statically (not dynamic imports). */
export const staticClosure = (manifest, keys) => {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...seen];
};

const gzipCache = new Map();
/** Raw and gzipped bytes of one built file. */
export const fileSizes = (file, dist = DIST) => {
  if (!gzipCache.has(file)) {
    const bytes = readFileSync(path.join(dist, file));
    gzipCache.set(file, { raw: bytes.length, gzip: gzipSync(bytes).length });
  }
  return gzipCache.get(file);
};

/** The JavaScript files of some chunks with their static imports, and their summed sizes. */
export const javascriptOf = (manifest, keys, dist = DIST) => {
  const files = [...new Set(staticClosure(manifest, keys).map((key) => manifest[key].file))].filter((file) => file.endsWith('.js'));
  const sizes = files.map((file) => ({ file, ...fileSizes(file, dist) }));
  return {
    files: sizes,
    raw: sizes.reduce((sum, size) => sum + size.raw, 0),
    gzip: sizes.reduce((sum, size) => sum + size.gzip, 0),
  };
};

export const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
