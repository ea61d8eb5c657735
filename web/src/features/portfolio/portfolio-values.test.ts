import * as proto from '@nivesh/proto';
import {
  NOTE_MAX_LENGTH,
  PORTFOLIO_PATHS,
  TRADEBOOK_MAX_CHARS,
  TRANSACTION_KINDS,
  TRANSACTION_SOURCES,
} from './portfolio-values';

describe('portfolio values copied from @nivesh/proto', () => {
  it('calls each route at the path and with the method proto declares; only the example is open', () => {
    for (const [name, path] of Object.entries(PORTFOLIO_PATHS)) {
      const route = proto.ROUTES[name as keyof typeof PORTFOLIO_PATHS];
      expect([name, path, route.auth]).toEqual([name, route.path, name === 'portfolioExample' ? 'none' : 'user']);
    }
    expect(proto.ROUTES.portfolioAddTransaction.method).toBe('POST');
    expect(proto.ROUTES.portfolioDeleteTransaction.method).toBe('POST');
    expect(proto.ROUTES.portfolioImport.method).toBe('POST');
  });

  it('has proto’s limits, kinds and sources', () => {
    expect(TRADEBOOK_MAX_CHARS).toBe(proto.TRADEBOOK_MAX_CHARS);
    expect(NOTE_MAX_LENGTH).toBe(proto.NOTE_MAX_LENGTH);
    expect(TRANSACTION_KINDS).toEqual(proto.TRANSACTION_KINDS);
    expect(TRANSACTION_SOURCES).toEqual(proto.TRANSACTION_SOURCES);
  });
});
