import * as proto from '@nivesh/proto';
import { WATCHLISTS_MAX, WATCHLIST_NAME_MAX, WATCHLIST_PATHS, WATCHLIST_SYMBOLS_MAX } from './watchlist-values';

describe('watchlist values copied from @nivesh/proto', () => {
  it('calls each route at the path proto declares, all with a login; only the list is a GET', () => {
    for (const [name, path] of Object.entries(WATCHLIST_PATHS)) {
      const route = proto.ROUTES[name as keyof typeof WATCHLIST_PATHS];
      expect([name, path, route.auth, route.method]).toEqual([
        name,
        route.path,
        'user',
        name === 'portfolioWatchlists' ? 'GET' : 'POST',
      ]);
    }
  });

  it('has proto’s limits', () => {
    expect(WATCHLISTS_MAX).toBe(proto.WATCHLISTS_MAX);
    expect(WATCHLIST_SYMBOLS_MAX).toBe(proto.WATCHLIST_SYMBOLS_MAX);
    expect(WATCHLIST_NAME_MAX).toBe(proto.WATCHLIST_NAME_MAX);
  });
});
