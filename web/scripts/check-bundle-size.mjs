// Build check (part of `npm run build`): the JavaScript loaded for '/' — the entry chunk (which holds the
// dashboard, the page of '/') and its static imports, each gzipped — must not exceed 122 kB (122,000 bytes;
// BUNDLE_BUDGET_KB overrides), and none of it may be zod or @nivesh/proto: they load on first use
// (src/lib/contracts.ts). Lazy route chunks are not counted: they load when their page is visited.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DIST, entryKey, javascriptOf, kB, readManifest } from './bundle-size.mjs';

const budgetKb = Number(process.env.BUNDLE_BUDGET_KB || 122);
const budget = budgetKb * 1000;
/** Modules that must stay out of the first load, matched against the source map's sources. */
const LAZY_ONLY = [
  { name: 'zod', pattern: /[\\/]node_modules[\\/]zod[\\/]/ },
  // proto/src/premium-tools.ts and proto/src/values/ import nothing (no zod): the first page reads the premium copy, paths and constants.
  { name: '@nivesh/proto', pattern: /[\\/]proto[\\/]src[\\/](?!premium-tools\.ts$|values[\\/])/ },
];

const fail = (message) => {
  console.error(`\ncheck-bundle-size: FAILED — ${message}`);
  process.exit(1);
};

let manifest;
try {
  manifest = readManifest();
} catch (error) {
  console.error(`check-bundle-size: ${error.message}`);
  process.exit(1);
}

const initial = javascriptOf(manifest, [entryKey(manifest)]);
const lines = initial.files
  .sort((a, b) => b.gzip - a.gzip)
  .map(({ file, raw, gzip }) => `  ${file.padEnd(48)} ${kB(raw).padStart(10)} raw ${kB(gzip).padStart(10)} gzip`);

console.log(`JavaScript loaded for '/': ${kB(initial.gzip)} gzipped (${kB(initial.raw)} raw) in ${initial.files.length} file(s); budget ${kB(budget)}.`);
console.log(lines.join('\n'));
if (initial.gzip > budget) {
  fail(
    `the JavaScript for '/' is ${kB(initial.gzip)} gzipped, ${kB(initial.gzip - budget)} over the ${kB(budget)} budget.\n` +
      'Load more of it lazily (route pages, dialogs, heavy libraries behind import()), or trim dependencies.',
  );
}

for (const { file } of initial.files) {
  const map = path.join(DIST, `${file}.map`);
  if (!existsSync(map)) continue;
  const { sources = [] } = JSON.parse(readFileSync(map, 'utf8'));
  for (const { name, pattern } of LAZY_ONLY) {
    const source = sources.find((candidate) => pattern.test(candidate));
    if (source) {
      fail(
        `${file}, loaded for '/', contains ${name} (${source}).\n` +
          "Import @nivesh/proto only as types on the first-load path: parse answers with parseWith((c) => c.XSchema) from lib/api-client, and import plain values from @nivesh/proto/values.",
      );
    }
  }
}
console.log(`check-bundle-size: OK (${kB(budget - initial.gzip)} under budget; no zod or @nivesh/proto in it).`);
