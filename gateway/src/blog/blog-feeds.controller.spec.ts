import { CONTENT, DomainError, type BlogFeed } from '@nivesh/proto';
import { startTestGateway, type TestGateway } from '../../test/test-app';

const FEED: BlogFeed = {
  posts: [
    {
      slug: 'reading-rsi',
      title: 'Reading RSI',
      excerpt: 'The RSI compares gains with losses.',
      tags: ['RSI'],
      author: 'nivesh',
      published_at: '2024-04-08T03:30:00.000Z',
      updated_at: '2024-04-08T03:30:00.000Z',
      reading_minutes: 6,
    },
  ],
};

describe('the blog feed and the sitemap', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway({ PUBLIC_URL: 'https://nivesh.example.in' });
  });

  afterAll(async () => {
    await gw.close();
  });

  it('serves /blog/rss.xml as RSS from the published posts, with links at PUBLIC_URL, also to a browser', async () => {
    gw.rpc.reset();
    gw.rpc.on(CONTENT.feed.pattern, () => FEED);
    const response = await gw.fastify.inject({ method: 'GET', url: '/blog/rss.xml', headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.body).toContain('<link>https://nivesh.example.in/blog/reading-rsi</link>');
    expect(response.body).toContain('<description>The RSI compares gains with losses.</description>');
  });

  it('serves /sitemap.xml, asking the content service at most once a minute', async () => {
    const response = await gw.fastify.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).toContain('<loc>https://nivesh.example.in/blog/reading-rsi</loc>');
    expect(response.body).toContain('<loc>https://nivesh.example.in/dashboard</loc>');
    // The RSS request above fetched the posts; the sitemap used them.
    expect(gw.rpc.calls.filter((call) => call.pattern === CONTENT.feed.pattern)).toHaveLength(1);
  });
});

describe('the blog feed when the content service is down', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway();
  });

  afterAll(async () => {
    await gw.close();
  });

  it('answers 503 with a sentence, then tries again on the next request', async () => {
    gw.rpc.on(CONTENT.feed.pattern, () => {
      throw new DomainError('service_unavailable', 'The blog is not available just now.');
    });
    const down = await gw.fastify.inject({ method: 'GET', url: '/blog/rss.xml' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ detail: 'The blog is not available just now.' });

    gw.rpc.on(CONTENT.feed.pattern, () => ({ posts: [] }));
    const up = await gw.fastify.inject({ method: 'GET', url: '/blog/rss.xml' });
    expect(up.statusCode).toBe(200);
    expect(up.body).toContain('<link>http://localhost:8080/blog</link>');
  });
});
