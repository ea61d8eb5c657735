import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The labelled questions the retrieval model is fitted to and measured on (npm run eval:chat). */
export const EVAL_QUESTIONS_FILE = 'eval-questions.jsonl';

/** Every source the shipped retrieval model depends on, relative to src/knowledge: change one, and it must be refitted. */
const INPUTS = ['articles.generated.ts', EVAL_QUESTIONS_FILE, 'retriever.ts', 'search-terms.ts', 'word-vectors.ts', '../engine/tickers.ts', '../engine/stock-names.ts', '../learning/logistic-regression.ts'];

/**
 * A digest of the model's inputs, read from the TypeScript sources in `sourceDir` (src/knowledge). The generated model
 * records the digest it was fitted to, and a unit test fails when they differ.
 */
export const modelFingerprint = (sourceDir: string): string => {
  const hash = createHash('sha256');
  for (const input of INPUTS) hash.update(input).update('\0').update(fs.readFileSync(path.join(sourceDir, input), 'utf8').replace(/\r\n/g, '\n')).update('\0');
  return hash.digest('hex').slice(0, 16);
};
