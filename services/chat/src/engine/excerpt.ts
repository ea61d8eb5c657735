import { inspectAnswer } from '../guard/output-rail';
import { wordCount } from './format';

/** A paragraph (one item), a bullet list (its items) or a table (left out of answers) of an article. */
type Block = { kind: 'paragraph' | 'list' | 'table'; items: string[] };

/** Most list items an excerpt keeps from one list. */
const MAX_ITEMS = 4;
/** A list item longer than this is cut to its first sentence. */
const ITEM_WORDS = 40;

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Sentences of a paragraph; an initial ("J. Welles Wilder") does not end one. */
export const sentences = (text: string): string[] => {
  const parts: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const previous = parts[parts.length - 1];
    // An initial, or a sentence end inside **bold** ("**Is there a good P/E?** No…"), does not end the sentence.
    const open = previous !== undefined && ((previous.match(/\*\*/g)?.length ?? 0) % 2 === 1 || /(^|\s)[A-Z]\.\s*$/.test(previous));
    if (open) parts[parts.length - 1] = `${previous}${segment}`;
    else parts.push(segment);
  }
  return parts.map((part) => part.trim()).filter(Boolean);
};

/** Keeps answers to the chat's Markdown subset: no headings, links, images, HTML or tables. */
const toSubset = (line: string): string =>
  line
    .replace(/<[^>]*>/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^#{1,6}\s+(.*)$/, '**$1**')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

// A paragraph that is only a bold heading, such as "**Kinds of alert:**".
const HEADING = /^\*\*[^*]+\*\*$/;

/** Blocks back to Markdown, for condensing what follows a heading. */
const blocksToMarkdown = (blocks: readonly Block[]): string =>
  blocks.map((block) => (block.kind === 'table' ? '| table |' : block.kind === 'list' ? block.items.map((item) => `- ${item}`).join('\n') : block.items[0]!)).join('\n\n');

// Articles are our own small Markdown files (paragraphs, "- " or "1. " lists, **bold**), so a line-level reader suffices.
const ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/;

/** The article's paragraphs and lists; numbered lists become bullet lists. */
export const articleBlocks = (markdown: string): Block[] => {
  const blocks: Block[] = [];
  for (const chunk of markdown.replace(/\r\n/g, '\n').split(/\n\s*\n/)) {
    if (/^\s*\|/.test(chunk)) {
      blocks.push({ kind: 'table', items: [] });
      continue;
    }
    let current: Block | null = null;
    for (const raw of chunk.split('\n')) {
      if (!raw.trim()) continue;
      const item = ITEM.exec(raw);
      if (item) {
        if (current?.kind !== 'list') blocks.push((current = { kind: 'list', items: [] }));
        current.items.push(toSubset(item[1]!));
      } else if (current) {
        current.items[current.items.length - 1] = `${current.items[current.items.length - 1]} ${toSubset(raw)}`.trim();
      } else {
        blocks.push((current = { kind: 'paragraph', items: [toSubset(raw)] }));
      }
    }
  }
  return blocks.filter((block) => block.kind === 'table' || block.items.some(Boolean));
};

/** True when the output rail lets the text through: an excerpt never carries words that would get an answer withheld. */
const railSafe = (text: string): boolean => inspectAnswer(text) === null;

const safeSentences = (paragraph: string): string[] => sentences(paragraph).filter(railSafe);

/** A list item's rail-safe sentences: all of them when short, else only the first; and its first sentence alone. */
const safeItem = (item: string): { full: string; short: string } | null => {
  const kept = safeSentences(item);
  if (!kept.length) return null;
  const text = kept.join(' ');
  return { full: wordCount(text) > ITEM_WORDS ? kept[0]! : text, short: kept[0]! };
};

/** Sentences of any outside text (an article, the market service's own explanations) that the output rail passes. */
export const railSafeText = (text: string): string => safeSentences(text).join(' ');

/**
 * An article condensed to at most `maxWords` words: its paragraphs and lists in order, whole sentences and list items
 * only (at most four items a list), stopping at the first one that does not fit. Always at least one sentence.
 */
export const condense = (markdown: string, maxWords: number): string => {
  const blocks = articleBlocks(markdown);
  const out: string[] = [];
  let used = 0;
  const fits = (text: string) => used + wordCount(text) <= maxWords;

  for (let index = 0; index < blocks.length; index += 1) {
    const block = blocks[index]!;
    // Answers have no tables, and what follows a table usually refers to it.
    if (block.kind === 'table') break;
    if (block.kind === 'list') {
      const items = takeItems(block.items, (text) => fits(text));
      if (!items.length) break;
      out.push(items.join('\n'));
      used += wordCount(items.join(' '));
      continue;
    }
    const next = blocks[index + 1];
    // A bold heading ("**How a forecast is made.**") belongs to what follows it: both, or neither.
    if (HEADING.test(block.items[0]!)) {
      if (!next || next.kind === 'table') break;
      const heading = block.items[0]!;
      const rest = condense(blocksToMarkdown(blocks.slice(index + 1)), maxWords - used - wordCount(heading));
      if (rest && used + wordCount(heading) + wordCount(rest) <= maxWords) out.push(heading, rest);
      break;
    }
    const paragraph = safeSentences(block.items[0]!);
    // "How it is commonly read:" belongs to the list after it: both or neither.
    const intro = paragraph.length && paragraph[paragraph.length - 1]!.endsWith(':') ? paragraph[paragraph.length - 1]! : null;
    const body = intro ? paragraph.slice(0, -1) : paragraph;
    const kept: string[] = [];
    for (const sentence of body) {
      if (!fits(sentence) && (out.length || kept.length)) break;
      kept.push(sentence);
      used += wordCount(sentence);
    }
    if (intro && kept.length === body.length && next?.kind === 'list') {
      const items = takeItems(next.items, (text) => used + wordCount(intro) + wordCount(text) <= maxWords);
      if (items.length >= Math.min(2, next.items.length)) {
        out.push(`${[...kept, intro].join(' ')}\n${items.join('\n')}`);
        used += wordCount(intro) + wordCount(items.join(' '));
        index += 1;
        continue;
      }
    }
    if (kept.length) out.push(kept.join(' '));
    if (kept.length < body.length || (intro && next?.kind === 'list')) break;
  }
  return out.length ? out.join('\n\n') : firstSentences(blocks, maxWords);
};

/** The first sentences of an article that the output rail passes, up to `maxWords` (at least one), wherever they are. */
const firstSentences = (blocks: readonly Block[], maxWords: number): string => {
  const kept: string[] = [];
  let used = 0;
  for (const sentence of blocks.flatMap((block) => block.items.flatMap(safeSentences))) {
    if (sentence.endsWith(':')) continue;
    if (kept.length && used + wordCount(sentence) > maxWords) break;
    kept.push(sentence);
    used += wordCount(sentence);
  }
  return kept.join(' ');
};

/** Up to `MAX_ITEMS` rail-safe items as "- " bullets, in order, while `fits` accepts the bullets so far. */
const takeItems = (items: readonly string[], fits: (text: string) => boolean): string[] => {
  const taken: string[] = [];
  for (const raw of items) {
    if (taken.length >= MAX_ITEMS) break;
    const item = safeItem(raw);
    if (!item) continue;
    // An item that does not fit whole may still fit as its first sentence.
    const bullet = [`- ${item.full}`, `- ${item.short}`].find((candidate) => fits([...taken, candidate].join(' ')));
    if (!bullet) break;
    taken.push(bullet);
  }
  return taken;
};

/** The article's opening sentences up to `maxWords` (at least one): a short explanation beside the product's numbers. */
export const leadSentences = (markdown: string, maxWords: number): string => {
  const first = articleBlocks(markdown).find((block) => block.kind === 'paragraph' && safeSentences(block.items[0]!).length > 0);
  if (!first) return '';
  const kept: string[] = [];
  let used = 0;
  for (const sentence of safeSentences(first.items[0]!)) {
    // "The usual setting is:" introduces a list that a lead leaves out.
    if (sentence.endsWith(':') || (kept.length && used + wordCount(sentence) > maxWords)) break;
    kept.push(sentence);
    used += wordCount(sentence);
  }
  return kept.join(' ');
};
