import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BlogAdminPost, BlogAdminPostSummary, BlogPostResponse, BlogPostSummary } from '@nivesh/proto';
import { LOGIN_VERIFIED, ME, json, notFound, stubFetch, type FetchCall } from '../../../testing/fetch-mock';
import { renderRoutes } from '../../../testing/render';
import { reload, startSession } from '../../../lib/session';
import { BLOG_TEXTS } from '../texts';

const RSI: BlogPostSummary = {
  slug: 'reading-rsi-without-the-myths',
  title: 'Reading RSI without the myths',
  excerpt: 'What the Relative Strength Index measures, and why overbought describes the past fortnight.',
  tags: ['RSI', 'Technical analysis'],
  author: 'nivesh',
  published_at: '2025-09-22T03:30:00.000Z',
  updated_at: '2025-09-22T03:30:00.000Z',
  reading_minutes: 6,
};
const PE: BlogPostSummary = { ...RSI, slug: 'what-p-e-hides', title: 'What P/E hides', excerpt: 'One number leaves a lot out.', tags: ['Valuation'], published_at: '2025-09-23T03:30:00.000Z' };

const locked = (post: BlogPostSummary): BlogPostResponse => ({ ...post, locked: true, html: null, prompt: 'Log in to read the whole post. An account is free.' });
const whole = (post: BlogPostSummary): BlogPostResponse => ({ ...post, locked: false, html: '<p>The <strong>RSI</strong> compares gains with losses.</p>', prompt: null });

const adminPost = (fields: Partial<BlogAdminPost> = {}): BlogAdminPost => ({
  id: '6f1c0c1e-8a51-4b8e-9d7e-0a4f3f0c9a11',
  slug: 'reading-rsi',
  title: 'Reading RSI',
  status: 'draft',
  excerpt: 'The RSI compares gains with losses.',
  tags: ['RSI'],
  author: 'asha',
  published_at: null,
  created_at: '2025-09-20T10:00:00.000Z',
  updated_at: '2025-09-20T10:00:00.000Z',
  reading_minutes: 1,
  markdown: 'The **RSI** compares gains with losses.',
  html: '<p>The <strong>RSI</strong> compares gains with losses.</p>\n',
  summary: null,
  ...fields,
});

type Role = 'visitor' | 'user' | 'admin';
type Routes = Record<string, (call: FetchCall) => Response>;

const signIn = (role: Role) => {
  if (role !== 'visitor') startSession({ ...LOGIN_VERIFIED, is_admin: role === 'admin' });
};

/** The gateway as the blog meets it: /me, the blog routes given, and 404 for anything else. */
const server = (role: Role, routes: Routes) =>
  stubFetch((call) => {
    const path = call.url.split('?')[0]!;
    if (path === '/me' && role !== 'visitor') return json({ ...ME, is_admin: role === 'admin' });
    const answer = routes[path];
    return answer ? answer(call) : notFound();
  });

const meta = (selector: string) => document.head.querySelector<HTMLMetaElement>(selector)?.content;

describe('/blog', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    document.title = 'Nivesh';
  });

  it('shows visitors the published posts with their excerpts and a prompt to log in that opens the login dialog', async () => {
    const { callsTo } = server('visitor', { '/api/blog/posts': () => json({ posts: [PE, RSI], locked: true }) });
    renderRoutes('/blog');
    const list = await screen.findByRole('region', { name: BLOG_TEXTS.listLabel });
    await within(list).findByRole('link', { name: PE.title });
    expect(within(list).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['What P/E hides', 'Reading RSI without the myths']);
    expect(within(list).getByRole('link', { name: 'Reading RSI without the myths' }).getAttribute('href')).toBe('/blog/reading-rsi-without-the-myths');
    expect(within(list).getByText(RSI.excerpt)).toBeTruthy();
    expect(within(list).getAllByText(BLOG_TEXTS.byline('nivesh', RSI.published_at, 6))).toHaveLength(1);
    expect(callsTo('/api/blog/posts')[0]!.headers.Authorization).toBeUndefined();

    const main = screen.getByRole('main');
    expect(within(main).getByText(BLOG_TEXTS.visitorNotice)).toBeTruthy();
    fireEvent.click(within(main).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Sign in' })).toBeTruthy();
    // The page sets its title in an effect, which may run a moment after its content shows.
    await waitFor(() => expect(document.title).toBe('Blog | Nivesh'));
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="alternate"][type="application/rss+xml"]')?.getAttribute('href')).toBe('/blog/rss.xml');
  });

  it('asks with the session for a logged-in reader and shows no login prompt; no admin panel for a user', async () => {
    signIn('user');
    const { callsTo } = server('user', { '/api/blog/posts': () => json({ posts: [RSI], locked: false }) });
    renderRoutes('/blog');
    await screen.findByRole('link', { name: RSI.title });
    expect(callsTo('/api/blog/posts')[0]!.headers.Authorization).toBe('Bearer token-abc');
    expect(screen.queryByText(BLOG_TEXTS.visitorNotice)).toBeNull();
    expect(screen.queryByRole('heading', { name: BLOG_TEXTS.admin.panelTitle })).toBeNull();
    expect(callsTo('/api/blog/admin/posts')).toHaveLength(0);
  });

  it('filters the list by a tag from the address, and says so', async () => {
    server('visitor', { '/api/blog/posts': () => json({ posts: [PE, RSI], locked: true }) });
    renderRoutes('/blog?tag=valuation');
    const list = await screen.findByRole('region', { name: BLOG_TEXTS.taggedWith('valuation') });
    await within(list).findByRole('link', { name: PE.title });
    expect(within(list).queryByRole('link', { name: RSI.title })).toBeNull();
    expect(within(list).getByRole('link', { name: BLOG_TEXTS.showAll }).getAttribute('href')).toBe('/blog');
  });

  it('lists the topics with how many posts each has, each a link to its posts, the one shown marked', async () => {
    const TAGS = { tags: [{ tag: 'RSI', posts: 2 }, { tag: 'Valuation', posts: 1 }] };
    server('visitor', { '/api/blog/posts': () => json({ posts: [PE, RSI], locked: true }), '/api/blog/tags': () => json(TAGS) });
    renderRoutes('/blog?tag=valuation');
    const topics = await screen.findByRole('navigation', { name: BLOG_TEXTS.topicsTitle });
    const links = await within(topics).findAllByRole('link');
    expect(links.map((link) => [link.getAttribute('aria-label'), link.getAttribute('href'), link.getAttribute('aria-current')])).toEqual([
      ['RSI: 2 posts', '/blog?tag=RSI', null],
      ['Valuation: 1 post', '/blog?tag=Valuation', 'page'],
    ]);
  });

  it('says plainly when nothing is published, and when the posts cannot be loaded', async () => {
    server('visitor', { '/api/blog/posts': () => json({ posts: [], locked: true }) });
    const { unmount } = renderRoutes('/blog');
    expect(await screen.findByText(BLOG_TEXTS.none)).toBeTruthy();
    unmount();
    server('visitor', { '/api/blog/posts': () => json({ detail: 'The blog is not available just now.' }, 400) });
    renderRoutes('/blog');
    expect((await screen.findByRole('alert')).textContent).toBe(BLOG_TEXTS.loadFailed('The blog is not available just now.'));
  });
});

describe('/blog/:slug', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    document.title = 'Nivesh';
  });

  it('gives a visitor the excerpt and the prompt to log in, with the post’s own title, description, canonical address and Open Graph tags', async () => {
    server('visitor', { '/api/blog/post': () => json(locked(RSI)) });
    renderRoutes(`/blog/${RSI.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: RSI.title })).toBeTruthy();
    expect(screen.getByText(RSI.excerpt)).toBeTruthy();
    const prompt = screen.getByRole('note', { name: BLOG_TEXTS.lockedLabel });
    expect(within(prompt).getByText('Log in to read the whole post. An account is free.')).toBeTruthy();
    expect(screen.queryByTestId('post-body')).toBeNull();

    await waitFor(() => expect(document.title).toBe(`${RSI.title} | Nivesh`));
    expect(meta('meta[name="description"]')).toBe(RSI.excerpt);
    const url = new URL(`/blog/${RSI.slug}`, window.location.origin).href;
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href).toBe(url);
    expect(meta('meta[property="og:title"]')).toBe(RSI.title);
    expect(meta('meta[property="og:description"]')).toBe(RSI.excerpt);
    expect(meta('meta[property="og:url"]')).toBe(url);
    expect(meta('meta[property="og:type"]')).toBe('article');
    expect(meta('meta[property="article:published_time"]')).toBe(RSI.published_at);
    expect([...document.head.querySelectorAll<HTMLMetaElement>('meta[property="article:tag"]')].map((tag) => tag.content)).toEqual(RSI.tags);

    fireEvent.click(within(prompt).getByRole('button', { name: BLOG_TEXTS.createAccount }));
    expect(await screen.findByRole('dialog', { name: 'Create account' })).toBeTruthy();
  });

  it('gives a logged-in reader the whole post, as the server rendered it', async () => {
    signIn('user');
    const { calls } = server('user', { '/api/blog/post': () => json(whole(RSI)) });
    renderRoutes(`/blog/${RSI.slug}`);
    const body = await screen.findByTestId('post-body');
    expect(body.querySelector('strong')?.textContent).toBe('RSI');
    expect(calls.find((call) => call.url.startsWith('/api/blog/post?'))).toMatchObject({ url: `/api/blog/post?slug=${RSI.slug}`, headers: { Authorization: 'Bearer token-abc' } });
    expect(screen.queryByRole('note', { name: BLOG_TEXTS.lockedLabel })).toBeNull();
  });

  it('says when there is no such post, and leaves no article tags behind on the way back to the list', async () => {
    server('visitor', {
      '/api/blog/post': () => json({ detail: 'There is no published post at this address.' }, 404),
      '/api/blog/posts': () => json({ posts: [RSI], locked: true }),
    });
    const { router } = renderRoutes('/blog/no-such-post');
    expect(await screen.findByRole('heading', { level: 1, name: BLOG_TEXTS.notFoundTitle })).toBeTruthy();
    expect(screen.getByText(BLOG_TEXTS.notFound)).toBeTruthy();
    await act(() => router.navigate('/blog'));
    await screen.findByRole('link', { name: RSI.title });
    expect(meta('meta[property="og:type"]')).toBe('website');
    expect(document.head.querySelectorAll('meta[property^="article:"]')).toHaveLength(0);
  });
});

describe('the admins’ side of /blog', () => {
  beforeEach(() => {
    localStorage.clear();
    reload();
    signIn('admin');
  });

  const summaryOf = ({ markdown: _m, html: _h, summary: _s, ...rest }: BlogAdminPost): BlogAdminPostSummary => rest;

  it('lists every post with its state, drafts too, and a way to write one', async () => {
    const draft = adminPost();
    const live = adminPost({ id: '7f1c0c1e-8a51-4b8e-9d7e-0a4f3f0c9a12', slug: 'what-p-e-hides', title: 'What P/E hides', status: 'published', published_at: '2025-09-23T03:30:00.000Z' });
    server('admin', {
      '/api/blog/posts': () => json({ posts: [], locked: false }),
      '/api/blog/admin/posts': () => json({ posts: [summaryOf(draft), summaryOf(live)] }),
    });
    renderRoutes('/blog');
    const panel = (await screen.findByRole('heading', { level: 2, name: BLOG_TEXTS.admin.panelTitle })).closest('section')!;
    expect((await within(panel).findByTestId('admin-post-reading-rsi')).textContent).toContain('Draft');
    expect(within(panel).getByTestId('admin-post-what-p-e-hides').textContent).toContain('Published');
    expect(within(panel).getByRole('link', { name: 'Edit “Reading RSI”' }).getAttribute('href')).toBe(`/blog?edit=${draft.id}`);
    expect(within(panel).getByRole('link', { name: BLOG_TEXTS.admin.write }).getAttribute('href')).toBe('/blog?edit=new');
  });

  it('previews the Markdown through the server once typing pauses, saves a draft, then publishes it', async () => {
    const stored = adminPost();
    const { callsTo } = server('admin', {
      '/api/blog/admin/preview': (call) => {
        const { markdown } = call.body as { markdown: string };
        return json({ html: `<p>${markdown.replace('**RSI**', '<strong>RSI</strong>')}</p>`, excerpt: 'The RSI compares gains with losses.', reading_minutes: 1 });
      },
      '/api/blog/admin/posts': () => json(stored),
      '/api/blog/admin/posts/publish': () => json({ ...stored, status: 'published', published_at: '2025-09-24T03:30:00.000Z' }),
      '/api/blog/posts': () => json({ posts: [], locked: false }),
    });
    const { router } = renderRoutes('/blog?edit=new');
    const form = await screen.findByRole('form', { name: BLOG_TEXTS.editor.formLabel });
    fireEvent.change(within(form).getByLabelText(BLOG_TEXTS.editor.titleLabel), { target: { value: 'Reading RSI' } });
    fireEvent.change(within(form).getByLabelText(BLOG_TEXTS.editor.tagsLabel), { target: { value: 'RSI, ' } });
    const text = within(form).getByLabelText(BLOG_TEXTS.editor.markdownLabel);
    for (const partial of ['The', 'The **RSI**', 'The **RSI** compares gains with losses.']) fireEvent.change(text, { target: { value: partial } });

    const preview = await screen.findByTestId('preview-body');
    expect(preview.querySelector('strong')?.textContent).toBe('RSI');
    // One request for what was typed, not one per keystroke.
    expect(callsTo('/api/blog/admin/preview').map((call) => call.body)).toEqual([{ markdown: 'The **RSI** compares gains with losses.' }]);

    fireEvent.click(within(form).getByRole('button', { name: BLOG_TEXTS.editor.saveDraft }));
    expect(await screen.findByText(BLOG_TEXTS.editor.saved)).toBeTruthy();
    expect(callsTo('/api/blog/admin/posts').find((call) => call.method === 'POST')?.body).toEqual({ title: 'Reading RSI', markdown: 'The **RSI** compares gains with losses.', tags: ['RSI'], excerpt: '' });
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/blog?edit=${stored.id}`));
    expect(screen.getByText(BLOG_TEXTS.editor.statusDraft)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: BLOG_TEXTS.editor.publish }));
    expect(await screen.findByText(BLOG_TEXTS.editor.publishedNow)).toBeTruthy();
    expect(callsTo('/api/blog/admin/posts/publish').map((call) => call.body)).toEqual([{ id: stored.id }]);
    // Nothing had changed since the save: publishing did not save again.
    expect(callsTo('/api/blog/admin/posts/update')).toHaveLength(0);
    expect(screen.getByText(BLOG_TEXTS.editor.statusPublished('2025-09-24T03:30:00.000Z'))).toBeTruthy();
    expect(screen.getByRole('button', { name: BLOG_TEXTS.editor.unpublish })).toBeTruthy();
    expect(screen.getByRole('link', { name: BLOG_TEXTS.editor.view }).getAttribute('href')).toBe(`/blog/${stored.slug}`);
  });

  it('opens a saved post for editing and shows the server’s refusal of a taken address in words', async () => {
    const stored = adminPost({ status: 'published', published_at: '2025-09-22T03:30:00.000Z' });
    server('admin', {
      '/api/blog/admin/post': () => json(stored),
      '/api/blog/admin/posts/update': () => json({ detail: 'Another post already has the address /blog/what-p-e-hides; choose another.' }, 409),
      '/api/blog/admin/preview': () => json({ html: stored.html, excerpt: stored.excerpt, reading_minutes: 1 }),
    });
    renderRoutes(`/blog?edit=${stored.id}`);
    const form = await screen.findByRole('form', { name: BLOG_TEXTS.editor.formLabel });
    expect((within(form).getByLabelText(BLOG_TEXTS.editor.markdownLabel) as HTMLTextAreaElement).value).toBe(stored.markdown);
    fireEvent.change(within(form).getByLabelText(BLOG_TEXTS.editor.slugLabel), { target: { value: 'what-p-e-hides' } });
    fireEvent.click(within(form).getByRole('button', { name: BLOG_TEXTS.editor.saveChanges }));
    expect((await within(form).findByRole('alert')).textContent).toBe('Not saved. Another post already has the address /blog/what-p-e-hides; choose another.');
  });

  it('deletes a post only after asking, then goes back to the blog', async () => {
    const stored = adminPost();
    const { callsTo } = server('admin', {
      '/api/blog/admin/post': () => json(stored),
      '/api/blog/admin/posts/delete': () => json({ deleted: true }),
      '/api/blog/admin/preview': () => json({ html: stored.html, excerpt: stored.excerpt, reading_minutes: 1 }),
      '/api/blog/admin/posts': () => json({ posts: [] }),
      '/api/blog/posts': () => json({ posts: [], locked: false }),
    });
    const { router } = renderRoutes(`/blog?edit=${stored.id}`);
    fireEvent.click(await screen.findByRole('button', { name: BLOG_TEXTS.editor.delete }));
    const dialog = await screen.findByRole('dialog', { name: BLOG_TEXTS.editor.deleteTitle });
    expect(within(dialog).getByText(BLOG_TEXTS.editor.deleteBody(stored.title))).toBeTruthy();
    expect(callsTo('/api/blog/admin/posts/delete')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: BLOG_TEXTS.editor.deleteConfirm }));
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/blog'));
    expect(callsTo('/api/blog/admin/posts/delete').map((call) => call.body)).toEqual([{ id: stored.id }]);
  });

  it('does not open the editor for someone who is not an admin', async () => {
    localStorage.clear();
    reload();
    signIn('user');
    server('user', { '/api/blog/posts': () => json({ posts: [RSI], locked: false }) });
    renderRoutes('/blog?edit=new');
    await screen.findByRole('link', { name: RSI.title });
    expect(screen.queryByRole('form', { name: BLOG_TEXTS.editor.formLabel })).toBeNull();
  });
});
