import * as proto from '@nivesh/proto';
import { FILTER_KEYS, FUNDAMENTAL_MEASURES, FUNDAMENTALS_PATHS, SCREENER_FILTERS } from './fundamentals-values';

describe('fundamentals values copied from @nivesh/proto', () => {
  it('calls each route at the path proto declares, and each needs a login', () => {
    for (const [name, path] of Object.entries(FUNDAMENTALS_PATHS)) {
      const route = proto.ROUTES[name as keyof typeof FUNDAMENTALS_PATHS];
      expect([name, path, route.auth]).toEqual([name, route.path, 'user']);
    }
  });

  it('has proto’s measures and screener filters, in order', () => {
    expect(FUNDAMENTAL_MEASURES).toEqual(proto.FUNDAMENTAL_MEASURES);
    expect(SCREENER_FILTERS).toEqual(proto.SCREENER_FILTERS);
  });

  it('names every bound the screener query accepts', () => {
    expect([...FILTER_KEYS].sort()).toEqual(Object.keys(proto.ScreenerQuerySchema.shape).sort());
  });
});
