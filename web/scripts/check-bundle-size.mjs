// Build check (part of `npm run build`): the JavaScript loaded for '/' — the entry chunk and its static
// imports, each gzipped — must not exceed 170 kB (170,000 bytes; BUNDLE_BUDGET_KB overrides).
// Lazy route chunks are not counted: they load when their page is visited.
import { entryKey, javascriptOf, kB, readManifest } from './bundle-size.mjs';

const budgetKb = Number(process.env.BUNDLE_BUDGET_KB || 170);
const budget = budgetKb * 1000;

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
  console.error(
    `\ncheck-bundle-size: FAILED — the JavaScript for '/' is ${kB(initial.gzip)} gzipped, ${kB(initial.gzip - budget)} over the ${kB(budget)} budget.\n` +
      'Load more of it lazily (route pages, dialogs, heavy libraries behind import()), or trim dependencies.',
  );
  process.exit(1);
}
console.log(`check-bundle-size: OK (${kB(budget - initial.gzip)} under budget).`);
