import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { PREMIUM_TOOL_LIST } from '@nivesh/proto/premium-tools';
import ts from 'typescript';
import { inspectAnswer } from '../../../services/chat/src/guard/output-rail';
import { HELP_CONTENT } from '../features/help/components/help-guide-content';
import { HELP_TEXTS } from '../features/help/texts';

/** Every module of copy: each feature's texts, its constants and the values it shows (NEWS_CAVEAT and the like). */
// proto's plain values (the news caveat, the blog's limits, …) are shown by the app too.
const COPY_MODULES = import.meta.glob<Record<string, unknown>>(['../**/texts.ts', '../**/*-texts.ts', '../**/constants.ts', '../../../proto/src/values/*.ts'], {
  eager: true,
});

type Text = { where: string; text: string };

/** The strings of an exported value, walking objects and lists; functions are left to the source scan below. */
const stringsIn = (value: unknown, where: string): Text[] => {
  if (typeof value === 'string') return [{ where, text: value }];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringsIn(item, `${where}[${index}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => stringsIn(item, `${where}.${key}`));
  return [];
};

const SOURCE_ROOT = path.resolve(__dirname, '..');

const sourceFiles = (directory: string): string[] =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [file] : [];
  });

/**
 * Words written in the source of every page and component: JSX text, and string and template literals that read as
 * prose (two words or more), so that copy written inline is checked as well as the copy modules.
 */
const sourceTexts = (file: string): Text[] => {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Text[] = [];
  const where = (node: ts.Node) => `${path.relative(SOURCE_ROOT, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      // An element's words with its expressions as gaps: "Hello {name}, welcome" reads "Hello …, welcome".
      const words = node.children.map((child) => (ts.isJsxText(child) ? child.text : ts.isJsxExpression(child) ? ' … ' : '\n')).join('');
      const text = words.replace(/\s+/g, ' ').trim();
      if (/[a-z]{2,}/i.test(text)) found.push({ where: where(node), text });
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (/[a-z]+ [a-z]+/i.test(node.text) && !ts.isImportDeclaration(node.parent)) found.push({ where: where(node), text: node.text });
    } else if (ts.isTemplateExpression(node)) {
      const text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' … ');
      if (/[a-z]+ [a-z]+/i.test(text)) found.push({ where: where(node), text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
};

/** Each block of the Help & Guide panel as a person reads it: headings, paragraphs and list items of every tab. */
const helpTexts = (): Text[] =>
  HELP_TEXTS.tabs.flatMap(({ value, label }) => {
    const Content = HELP_CONTENT[value];
    const { container, unmount } = render(<Content />);
    const blocks = [...container.querySelectorAll('h3, p, li')].map((block, index) => ({ where: `Help & Guide, ${label} [${index}]`, text: block.textContent ?? '' }));
    unmount();
    return blocks;
  });

const railHits = (texts: readonly Text[]) =>
  texts.flatMap(({ where, text }) => {
    const hit = inspectAnswer(text);
    return hit ? [`${where} (${hit.rule}): ${text}`] : [];
  });

describe('every static text of the product', () => {
  it('passes the output rail that checks Warren AI’s answers and the knowledge base’s articles', () => {
    const modules = Object.entries(COPY_MODULES).flatMap(([file, exports]) =>
      Object.entries(exports).flatMap(([name, value]) => stringsIn(value, `${file.replace(/^\.\.\//, '')} ${name}`)),
    );
    const premium = PREMIUM_TOOL_LIST.flatMap((tool) => stringsIn(tool, `premium tool ${tool.id}`));
    const help = helpTexts();
    const inline = sourceFiles(SOURCE_ROOT).flatMap(sourceTexts);

    // The collection itself (30 copy modules, 1,700 inline texts when written), and a rail that does stop a call.
    expect(Object.keys(COPY_MODULES).length).toBeGreaterThanOrEqual(25);
    expect(modules.length).toBeGreaterThan(800);
    expect(new Set(help.map(({ where }) => where.split(' [')[0])).size).toBe(HELP_TEXTS.tabs.length);
    expect(inline.length).toBeGreaterThan(1_000);
    expect(railHits([{ where: 'a call', text: 'Buy INFY now.' }])).toHaveLength(1);

    expect(railHits([...modules, ...premium, ...help, ...inline])).toEqual([]);
  });
});
