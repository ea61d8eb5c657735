import { z } from 'zod';

export const CHAT_TYPES = ['sentiment', 'technical'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];

export const ArticleFrontMatterSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: z.string().min(3),
  topics: z.array(z.string().min(1)).min(1),
  /** The chat types the article suits; `both` in the file means either. */
  chat: z.enum(['sentiment', 'technical', 'both']),
  /** Other names people use for the topic: abbreviations, spellings, Hinglish words. */
  aliases: z.array(z.string().min(1)).min(1),
  /** Phrasings of the questions the article answers (at least three), which teach the retrieval its reach. */
  questions: z.array(z.string().min(8)).min(3),
  /** Where the article's facts come from: `Publisher, "Title" (URL)`, or a section of this repository's README. */
  sources: z.array(z.string().regex(/^[^,]+, ".+" \((https?:\/\/[^\s)]+|README\.md)\)$/, 'expected Publisher, "Title" (https://…)')).min(1),
});
export type ArticleFrontMatter = z.infer<typeof ArticleFrontMatterSchema>;

/** One knowledge-base article: its front matter and its Markdown body. */
export type Article = {
  id: string;
  title: string;
  topics: string[];
  aliases: string[];
  questions: string[];
  sources: string[];
  chatTypes: ChatType[];
  body: string;
};

/** How each list field of the front matter is separated: questions and sources may hold commas. */
const LISTS: Readonly<Record<string, string>> = { topics: ',', aliases: ',', questions: ' | ', sources: ' | ' };

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/;

/** Parses `---`-fenced `key: value` front matter (lists as `LISTS` separates them) and the body; throws naming the file. */
export const parseArticle = (fileName: string, source: string): Article => {
  const match = FRONT_MATTER.exec(source.replace(/\r\n/g, '\n'));
  if (!match) throw new Error(`${fileName}: missing --- front matter ---`);
  const fields: Record<string, unknown> = {};
  for (const line of match[1]!.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 1) throw new Error(`${fileName}: front matter line without "key:": ${line}`);
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    const separator = LISTS[key];
    fields[key] = separator ? value.split(separator).map((item) => item.trim()).filter(Boolean) : value;
  }
  const parsed = ArticleFrontMatterSchema.safeParse(fields);
  if (!parsed.success) throw new Error(`${fileName}: ${z.prettifyError(parsed.error)}`);
  const { id, title, topics, aliases, questions, sources, chat } = parsed.data;
  if (`${id}.md` !== fileName) throw new Error(`${fileName}: id ${id} does not match the file name`);
  const body = match[2]!.trim();
  if (!body) throw new Error(`${fileName}: empty body`);
  return { id, title, topics, aliases, questions, sources, chatTypes: chat === 'both' ? [...CHAT_TYPES] : [chat], body };
};
