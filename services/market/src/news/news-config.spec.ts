import { NewsConfigSchema, newsConfigOf } from './news-config';

describe('news settings', () => {
  it('reads NEWS_FEEDS as a comma-separated list of http(s) addresses', () => {
    expect(NewsConfigSchema.parse({ NEWS_FEEDS: ' https://a.example/rss.xml, http://b.example/atom ,, ' }).NEWS_FEEDS).toEqual(['https://a.example/rss.xml', 'http://b.example/atom']);
    expect(() => NewsConfigSchema.parse({ NEWS_FEEDS: 'ftp://a.example/rss.xml' })).toThrow(/NEWS_FEEDS must list http\(s\) addresses/);
  });

  it('has no feeds by default, and reads the same settings out of an already parsed config', () => {
    expect(newsConfigOf({})).toEqual({ NEWS_FEEDS: [], NEWS_FEEDS_EVERY_MINUTES: 30, NEWS_FEED_TIMEOUT_MS: 10_000, NEWS_JOBS: true });
    const parsed = NewsConfigSchema.parse({ NEWS_FEEDS: 'https://a.example/rss.xml', NEWS_JOBS: 'false', NEWS_FEEDS_EVERY_MINUTES: '15' });
    expect(newsConfigOf({ ...parsed, DATABASE_URL: 'postgres://x' })).toEqual(parsed);
  });
});
