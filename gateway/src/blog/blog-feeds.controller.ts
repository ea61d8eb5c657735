import { Controller, Get, Inject, Injectable, Res } from '@nestjs/common';
import { CONTENT, type BlogPostSummary } from '@nivesh/proto';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import { RpcGateway } from '../rpc/rpc-gateway';
import { CONFIG } from '../tokens';
import { RSS_PATH, rssXml, SITEMAP_PATH, sitemapXml } from './feeds';

/** How long the published posts are kept for the feed and the sitemap: crawlers ask often, posts change seldom. */
export const FEED_CACHE_MS = 60_000;
const CACHE_CONTROL = 'public, max-age=300';

/** The published posts from the content service, kept for a minute, so a crawler's visits cost one call a minute. */
@Injectable()
export class PublishedPosts {
  private cached: { at: number; posts: Promise<BlogPostSummary[]> } | null = null;

  constructor(private readonly rpc: RpcGateway) {}

  list(now: number = Date.now()): Promise<BlogPostSummary[]> {
    if (this.cached && now - this.cached.at < FEED_CACHE_MS) return this.cached.posts;
    const posts = this.rpc.call(CONTENT.feed, {}).then((feed) => feed.posts);
    this.cached = { at: now, posts };
    // A failed call is not kept: the next request asks again.
    posts.catch(() => {
      if (this.cached?.posts === posts) this.cached = null;
    });
    return posts;
  }
}

/**
 * /blog/rss.xml and /sitemap.xml, written here rather than forwarded: they are XML for feed readers and crawlers, not
 * API answers, and their addresses come from PUBLIC_URL. Open to everyone; posts carry their excerpts only.
 */
@Controller()
export class BlogFeedsController {
  constructor(
    private readonly posts: PublishedPosts,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get(RSS_PATH)
  async rss(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const xml = rssXml(await this.posts.list(), this.config.PUBLIC_URL);
    // Set once the XML is there: an error before it is answered as JSON by the exception filter.
    reply.header('content-type', 'application/rss+xml; charset=utf-8').header('cache-control', CACHE_CONTROL);
    return xml;
  }

  @Get(SITEMAP_PATH)
  async sitemap(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const xml = sitemapXml(await this.posts.list(), this.config.PUBLIC_URL);
    reply.header('content-type', 'application/xml; charset=utf-8').header('cache-control', CACHE_CONTROL);
    return xml;
  }
}
