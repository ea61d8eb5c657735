import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { wordVectors } from './word-vectors';

const meaningOf = (words: string[]): Float32Array => {
  const vectors = wordVectors();
  const sum = new Float32Array(vectors.dimensions);
  for (const word of words) vectors.addTo(word, 1, sum);
  const norm = Math.hypot(...sum);
  return sum.map((value) => value / norm);
};
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((total, value, i) => total + value * b[i]!, 0);

describe('Warren AI’s word vectors', () => {
  it('hold a unit vector for common words and every guide’s words, and nothing for a made-up one', () => {
    const vectors = wordVectors();
    expect(vectors.dimensions).toBe(100);
    for (const word of ['dividend', 'settlement', 'inflation', 'demat', 'sebi']) {
      const sum = new Float32Array(vectors.dimensions);
      expect(vectors.addTo(word, 1, sum)).toBe(true);
      // Stored as bytes, so within a rounding of unit length.
      expect(Math.hypot(...sum)).toBeCloseTo(1, 2);
    }
    const untouched = new Float32Array(vectors.dimensions);
    expect(vectors.addTo('qzxvplorm', 1, untouched)).toBe(false);
    expect(untouched.every((value) => value === 0)).toBe(true);
  });

  it('put words of one meaning nearer each other than words of another', () => {
    const money = meaningOf(['interest', 'rate', 'loan']);
    expect(cosine(money, meaningOf(['borrowing', 'cost', 'credit']))).toBeGreaterThan(cosine(money, meaningOf(['football', 'match', 'goal'])));
  });

  it('are packed from the registry package when the file is missing or was packed for other guides, and then read back', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'word-vectors-'));
    const file = path.join(dir, 'word-vectors.bin');
    try {
      const packed = wordVectors(file);
      expect(fs.existsSync(file)).toBe(true);
      const written = fs.statSync(file).mtimeMs;
      const again = wordVectors(file);
      // Read back, not packed again, and the same vectors.
      expect(fs.statSync(file).mtimeMs).toBe(written);
      const a = new Float32Array(100);
      const b = new Float32Array(100);
      packed.addTo('volatility', 1, a);
      again.addTo('volatility', 1, b);
      expect([...b]).toEqual([...a]);
      // A file whose recorded vocabulary differs (packed before the guides changed) is packed again.
      const bytes = fs.readFileSync(file);
      const length = bytes.readUInt32LE(0);
      const header = bytes.subarray(4, 4 + length).toString('utf8');
      const digest = /"vocabulary":"([0-9a-f]+)"/.exec(header)![1]!;
      fs.writeFileSync(file, Buffer.concat([bytes.subarray(0, 4), Buffer.from(header.replace(digest, '0'.repeat(digest.length))), bytes.subarray(4 + length)]));
      wordVectors(file);
      expect(fs.readFileSync(file).subarray(4, 4 + length).toString('utf8')).toContain(digest);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
