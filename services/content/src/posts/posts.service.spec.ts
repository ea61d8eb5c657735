import { BLOG_LOGIN_PROMPT, type BlogPostStatus, type Caller, DomainError } from '@nivesh/proto';
import type { PostEntity } from './post.entity';
import { type PostContent, type PostsRepository, SlugTakenError } from './posts.repository';
import { PostsService } from './posts.service';

/** The repository's behaviour on an array: unique slugs, first publication kept. */
class FakePosts {
  readonly rows: PostEntity[] = [];

  async published(tag: string | undefined) {
    return this.rows
      .filter((row) => row.status === 'published' && (!tag || row.tags.some((t) => t.toLowerCase() === tag.toLowerCase())))
      .sort((a, b) => b.published_at!.getTime() - a.published_at!.getTime());
  }
  async publishedTags() {
    const counts = new Map<string, { tag: string; posts: number }>();
    for (const row of await this.published(undefined))
      for (const tag of row.tags) {
        const seen = counts.get(tag.toLowerCase());
        if (seen) seen.posts += 1;
        else counts.set(tag.toLowerCase(), { tag, posts: 1 });
      }
    return [...counts.values()].sort((a, b) => b.posts - a.posts || a.tag.toLowerCase().localeCompare(b.tag.toLowerCase()));
  }
  async publishedBySlug(slug: string) {
    return this.rows.find((row) => row.slug === slug && row.status === 'published') ?? null;
  }
  async all() {
    return [...this.rows];
  }
  async byId(id: string) {
    return this.rows.find((row) => row.id === id) ?? null;
  }
  async slugsLike(base: string) {
    return new Set(this.rows.map((row) => row.slug).filter((slug) => slug === base || new RegExp(`^${base}-\\d+$`).test(slug)));
  }
  async insert(post: PostEntity) {
    if (this.rows.some((row) => row.slug === post.slug)) throw new SlugTakenError(post.slug);
    this.rows.push({ ...post });
    return { ...post };
  }
  async update(id: string, content: PostContent) {
    const row = this.rows.find((candidate) => candidate.id === id);
    if (!row) return null;
    if (this.rows.some((other) => other.id !== id && other.slug === content.slug)) throw new SlugTakenError(content.slug);
    Object.assign(row, content, { updated_at: new Date() });
    return { ...row };
  }
  async setStatus(id: string, status: BlogPostStatus) {
    const row = this.rows.find((candidate) => candidate.id === id);
    if (!row) return null;
    row.status = status;
    if (status === 'published') row.published_at ??= new Date();
    return { ...row };
  }
  async delete(id: string) {
    const index = this.rows.findIndex((row) => row.id === id);
    if (index >= 0) this.rows.splice(index, 1);
    return index >= 0;
  }
}

const admin: Caller = { user_id: 'u-admin', session_id: 's-1', is_admin: true, username: 'priya' };
const reader: Caller = { user_id: 'u-2', session_id: 's-2', is_admin: false, username: 'asha' };

describe('PostsService', () => {
  let posts: FakePosts;
  let service: PostsService;
  beforeEach(() => {
    posts = new FakePosts();
    service = new PostsService(posts as unknown as PostsRepository);
  });

  const write = (title: string, markdown = 'Some **bold** text about RSI.', extra: { slug?: string; tags?: string[]; excerpt?: string } = {}) =>
    service.create(admin, { title, markdown, tags: extra.tags ?? [], slug: extra.slug, excerpt: extra.excerpt });

  it('saves a new post as a draft by the calling admin, with its HTML, excerpt and reading time', async () => {
    const post = await write('Reading RSI', 'The RSI compares **gains** with losses.', { tags: ['RSI', 'rsi', 'Technical analysis'] });
    expect(post).toMatchObject({
      slug: 'reading-rsi',
      title: 'Reading RSI',
      status: 'draft',
      author: 'priya',
      published_at: null,
      html: '<p>The RSI compares <strong>gains</strong> with losses.</p>\n',
      excerpt: 'The RSI compares gains with losses.',
      summary: null,
      reading_minutes: 1,
      tags: ['RSI', 'Technical analysis'],
    });
  });

  it('numbers the slug made from a title already used, but refuses a slug asked for that is taken', async () => {
    await write('Reading RSI');
    expect((await write('Reading RSI')).slug).toBe('reading-rsi-2');
    expect((await write('Reading RSI!')).slug).toBe('reading-rsi-3');
    await expect(write('Another', 'x', { slug: 'reading-rsi' })).rejects.toMatchObject({ code: 'conflict', message: 'Another post already has the address /blog/reading-rsi; choose another.' });
  });

  it('keeps a draft out of the list and away from readers until it is published', async () => {
    const draft = await write('What P/E hides');
    expect((await service.list(reader)).posts).toEqual([]);
    await expect(service.post('what-p-e-hides', reader)).rejects.toMatchObject({ code: 'not_found' });

    const published = await service.publish(draft.id);
    expect(published.status).toBe('published');
    expect(published.published_at).not.toBeNull();
    expect((await service.list(reader)).posts.map((post) => post.slug)).toEqual(['what-p-e-hides']);
  });

  it('gives a visitor the excerpt, locked, with a prompt to log in, and a logged-in reader the whole post', async () => {
    const { id } = await write('What P/E hides', 'A low **P/E** can hide a falling business.\n\nMore text.');
    await service.publish(id);

    const visitor = await service.post('what-p-e-hides', undefined);
    expect(visitor).toMatchObject({ locked: true, html: null, prompt: BLOG_LOGIN_PROMPT, excerpt: 'A low P/E can hide a falling business. More text.' });
    expect((await service.list(undefined)).locked).toBe(true);

    const user = await service.post('what-p-e-hides', reader);
    expect(user).toMatchObject({ locked: false, prompt: null, html: '<p>A low <strong>P/E</strong> can hide a falling business.</p>\n<p>More text.</p>\n' });
    expect((await service.list(reader)).locked).toBe(false);
  });

  it('keeps the first publication date through an unpublish and a new publish', async () => {
    const { id } = await write('Checking a SEBI registration');
    const first = await service.publish(id);
    const back = await service.unpublish(id);
    expect(back).toMatchObject({ status: 'draft', published_at: first.published_at });
    expect((await service.list(undefined)).posts).toEqual([]);
    expect((await service.publish(id)).published_at).toBe(first.published_at);
  });

  it('keeps the slug on an edit without one, re-renders, and lets an admin summary stand for the excerpt', async () => {
    const { id } = await write('Reading RSI');
    const edited = await service.update({ id, title: 'Reading RSI, again', markdown: 'New *text*.', tags: ['RSI'], excerpt: 'Own summary.' });
    expect(edited).toMatchObject({ slug: 'reading-rsi', title: 'Reading RSI, again', html: '<p>New <em>text</em>.</p>\n', excerpt: 'Own summary.', summary: 'Own summary.', author: 'priya' });
    const renamed = await service.update({ id, title: 'Reading RSI, again', markdown: 'New *text*.', tags: [], slug: 'rsi-again' });
    expect(renamed).toMatchObject({ slug: 'rsi-again', excerpt: 'New text.', summary: null });
  });

  it('refuses to publish an empty post, and answers not found for a post that is not there', async () => {
    const { id } = await write('Empty', '   ');
    await expect(service.publish(id)).rejects.toMatchObject({ code: 'unprocessable' });
    for (const call of [service.publish('nope'), service.unpublish('nope'), service.adminGet('nope'), service.delete('nope'), service.update({ id: 'nope', title: 't', markdown: '', tags: [] })]) {
      await expect(call).rejects.toBeInstanceOf(DomainError);
    }
  });

  it('deletes a post for good', async () => {
    const { id } = await write('Gone soon');
    await expect(service.delete(id)).resolves.toEqual({ deleted: true });
    expect(await service.adminList()).toEqual([]);
  });

  it('filters the list by tag in any case', async () => {
    await service.publish((await write('RSI', 'x', { tags: ['RSI'] })).id);
    await service.publish((await write('PE', 'x', { tags: ['Valuation'] })).id);
    expect((await service.list(undefined, 'valuation')).posts.map((post) => post.slug)).toEqual(['pe']);
  });

  it('lists the topics of the published posts with their counts, leaving out the tags only drafts carry', async () => {
    await service.publish((await write('RSI', 'x', { tags: ['RSI', 'Momentum'] })).id);
    await service.publish((await write('MACD', 'x', { tags: ['Momentum'] })).id);
    await write('Draft', 'x', { tags: ['Unreleased'] });
    expect(await service.tags()).toEqual({ tags: [{ tag: 'Momentum', posts: 2 }, { tag: 'RSI', posts: 1 }] });
  });
});
