import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/** Reading speed for the reading time: some 200 words a minute, a careful pace for explanations with figures. */
export const WORDS_PER_MINUTE = 200;
/** The longest excerpt derived from a post's opening, in characters (an admin's own summary may be longer). */
export const EXCERPT_LENGTH = 220;

type Token = ReturnType<MarkdownIt['parse']>[number];

/**
 * CommonMark with GFM tables and strikethrough. `html: false`: HTML written in the Markdown is shown as text, never
 * passed through, so the sanitiser below is a second wall rather than the only one. Bare addresses become links.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const isHttps = (url: string | undefined): boolean => typeof url === 'string' && /^https:\/\//i.test(url.trim());
const isAbsoluteHttp = (url: string | undefined): boolean => typeof url === 'string' && /^https?:\/\//i.test(url.trim());

/** C0 and C1 control characters and the space: browsers skip some of them inside a scheme ('java\tscript:'). */
const isControlOrSpace = (code: number): boolean => code <= 0x20 || (code >= 0x7f && code <= 0x9f);

const decoded = (url: string): string => {
  try {
    return decodeURIComponent(url);
  } catch {
    return url;
  }
};

/**
 * An address that names a scheme other than http, https or mailto once percent escapes, spaces and control
 * characters are taken out ('java%09script:'): sanitize-html reads it as a relative path, which it is to a browser,
 * but nothing that reads like a script address is kept.
 */
const isDisguisedScheme = (url: string): boolean => {
  const plain = [...decoded(url)].filter((char) => !isControlOrSpace(char.codePointAt(0)!)).join('');
  return /^[a-z][a-z0-9+.-]*:/i.test(plain) && !/^(https?|mailto):/i.test(plain);
};

/**
 * The HTML a post may hold: text structure, links, images, code and tables. No script, style, iframe, form or any
 * attribute outside the list (so no on* handlers and no style); links only to http, https, mailto or relative
 * addresses; images only from https. The post's own title is the page's h1, so a '#' heading becomes an h2.
 */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'blockquote', 'ul', 'ol', 'li', 'strong', 'em', 's', 'code', 'pre', 'hr', 'br', 'a', 'img', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'loading'],
    ol: ['start'],
    code: ['class'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h2',
    // Links out of the site pass on no referrer and no endorsement.
    a: (tagName, attribs) => {
      if (attribs.href !== undefined && isDisguisedScheme(attribs.href)) return { tagName, attribs: omit(omit(attribs, 'href'), 'rel') };
      return { tagName, attribs: isAbsoluteHttp(attribs.href) ? { ...attribs, rel: 'nofollow noopener noreferrer' } : omit(attribs, 'rel') };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  // sanitize-html lets relative addresses through whatever the schemes; an image must come from https.
  exclusiveFilter: (frame) => frame.tag === 'img' && !isHttps(frame.attribs.src),
};

const omit = (attribs: sanitizeHtml.Attributes, key: string): sanitizeHtml.Attributes => Object.fromEntries(Object.entries(attribs).filter(([name]) => name !== key));

/** Keeps only the safe subset of HTML above; anything else is dropped, the text of harmless unknown tags kept. */
export const sanitizePostHtml = (html: string): string => sanitizeHtml(html, SANITIZE);

/** The plain text of one inline token: its words, with line breaks as spaces and images left out. */
const inlineText = (token: Token): string =>
  (token.children ?? [])
    .map((child) => {
      if (child.type === 'text' || child.type === 'code_inline') return child.content;
      if (child.type === 'softbreak' || child.type === 'hardbreak') return ' ';
      return '';
    })
    .join('');

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** Cuts text to at most `max` characters at a word boundary, with an ellipsis when it was cut. */
export const truncateWords = (text: string, max: number): string => {
  const clean = collapse(text);
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const boundary = cut.lastIndexOf(' ');
  return `${(boundary > max / 2 ? cut.slice(0, boundary) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
};

/** The opening paragraphs in plain text, up to EXCERPT_LENGTH characters (headings, lists and code are skipped). */
const excerptOfTokens = (tokens: Token[]): string => {
  const paragraphs: string[] = [];
  let length = 0;
  let inList = 0;
  for (let index = 0; index < tokens.length && length < EXCERPT_LENGTH; index += 1) {
    const token = tokens[index]!;
    if (token.type === 'bullet_list_open' || token.type === 'ordered_list_open') inList += 1;
    if (token.type === 'bullet_list_close' || token.type === 'ordered_list_close') inList -= 1;
    if (token.type !== 'inline' || inList > 0 || tokens[index - 1]?.type !== 'paragraph_open') continue;
    const text = collapse(inlineText(token));
    if (text === '') continue;
    paragraphs.push(text);
    length += text.length + 1;
  }
  return truncateWords(paragraphs.join(' '), EXCERPT_LENGTH);
};

/** Every word a reader goes through: paragraphs, headings, lists, tables and code. */
const wordCount = (tokens: Token[]): number => {
  let words = 0;
  for (const token of tokens) {
    const text = token.type === 'inline' ? inlineText(token) : token.type === 'fence' || token.type === 'code_block' ? token.content : '';
    words += text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
  }
  return words;
};

/** Minutes to read `words` words, at least one. */
export const readingMinutesOf = (words: number): number => Math.max(1, Math.round(words / WORDS_PER_MINUTE));

export type RenderedPost = {
  /** Sanitised HTML, stored beside the Markdown and sent to readers as it is. */
  html: string;
  /** The admin's own summary when given, else the opening of the post in plain text. */
  excerpt: string;
  reading_minutes: number;
};

/** Renders a post's Markdown to sanitised HTML, with its excerpt and reading time. */
export const renderPost = (source: string, summary?: string | null): RenderedPost => {
  const tokens = markdown.parse(source, {});
  const html = sanitizePostHtml(markdown.renderer.render(tokens, markdown.options, {}));
  const own = summary ? collapse(summary) : '';
  return { html, excerpt: own || excerptOfTokens(tokens), reading_minutes: readingMinutesOf(wordCount(tokens)) };
};
