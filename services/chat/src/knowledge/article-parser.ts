import { z } from 'zod';

export const CHAT_TYPES = ['sentiment', 'technical'] as const;
export type ChatType = (typeof CHAT_TYPES)[number];

export const ArticleFrontMatterSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: z.string().min(3),
  topics: z.array(z.string().min(1)).min(1),
  /** The chat types the article suits; `both` in the file means either. */
  chat: z.enum(['sentiment', 'technical', 'both']),
});
export type ArticleFrontMatter = z.infer<typeof ArticleFrontMatterSchema>;

/** One knowledge-base article: its front matter and its Markdown body. */
export type Article = { id: string; title: string; topics: string[]; chatTypes: ChatType[]; body: string };

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/;

/** Parses `---`-fenced `key: value` front matter (topics comma-separated) and the body; throws naming the file. */
export const parseArticle = (fileName: string, source: string): Article => {
  const match = FRONT_MATTER.exec(source.replace(/\r\n/g, '\n'));
  if (!match) throw new Error(`${fileName}: missing --- front matter ---`);
  const fields: Record<string, unknown> = {};
  for (const line of match[1]!.split('\n')) {
    const colon = line.indexOf(':');
    if (colon < 1) throw new Error(`${fileName}: front matter line without "key:": ${line}`);
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    fields[key] = key === 'topics' ? value.split(',').map((topic) => topic.trim()).filter(Boolean) : value;
  }
  const parsed = ArticleFrontMatterSchema.safeParse(fields);
  if (!parsed.success) throw new Error(`${fileName}: ${z.prettifyError(parsed.error)}`);
  const { id, title, topics, chat } = parsed.data;
  if (`${id}.md` !== fileName) throw new Error(`${fileName}: id ${id} does not match the file name`);
  const body = match[2]!.trim();
  if (!body) throw new Error(`${fileName}: empty body`);
  return { id, title, topics, chatTypes: chat === 'both' ? [...CHAT_TYPES] : [chat], body };
};
