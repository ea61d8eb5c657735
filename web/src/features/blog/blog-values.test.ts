import * as proto from '@nivesh/proto';
import { BLOG_EXCERPT_MAX, BLOG_MARKDOWN_MAX, BLOG_PATHS, BLOG_SLUG_MAX, BLOG_TAGS_MAX, BLOG_TAG_MAX, BLOG_TITLE_MAX } from './blog-values';

describe('blog values copied from @nivesh/proto', () => {
  it('calls each route at the path proto declares; the list and a post are open, the rest for admins', () => {
    for (const [name, path] of Object.entries(BLOG_PATHS)) {
      const route = proto.ROUTES[name as keyof typeof BLOG_PATHS];
      expect([name, path, route.auth]).toEqual([name, route.path, name === 'blogPosts' || name === 'blogPost' ? 'optional' : 'admin']);
    }
  });

  it('has proto’s limits', () => {
    expect([BLOG_TITLE_MAX, BLOG_SLUG_MAX, BLOG_MARKDOWN_MAX, BLOG_EXCERPT_MAX, BLOG_TAGS_MAX, BLOG_TAG_MAX]).toEqual([
      proto.BLOG_TITLE_MAX,
      proto.BLOG_SLUG_MAX,
      proto.BLOG_MARKDOWN_MAX,
      proto.BLOG_EXCERPT_MAX,
      proto.BLOG_TAGS_MAX,
      proto.BLOG_TAG_MAX,
    ]);
  });
});
