import * as proto from '@nivesh/proto';
import { NEWS_CAVEAT, NEWS_KINDS, NEWS_PAGE_SIZE_MAX, NEWS_PATHS, NEWS_TONES } from './news-values';

describe('news values copied from @nivesh/proto', () => {
  it('calls the route at the path proto declares, open to everyone', () => {
    expect([NEWS_PATHS.news, proto.ROUTES.news.path, proto.ROUTES.news.auth]).toEqual(['/api/news', '/api/news', 'none']);
  });

  it('has proto’s kinds, tones, caveat and largest page', () => {
    expect(NEWS_KINDS).toEqual(proto.NEWS_KINDS);
    expect(NEWS_TONES).toEqual(proto.NEWS_TONES);
    expect(NEWS_CAVEAT).toBe(proto.NEWS_CAVEAT);
    expect(NEWS_PAGE_SIZE_MAX).toBe(proto.NEWS_PAGE_SIZE_MAX);
  });
});
