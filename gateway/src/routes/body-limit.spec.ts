import { PORTFOLIO, TRADEBOOK_BODY_LIMIT_BYTES } from '@nivesh/proto';
import { mintToken, startTestGateway, type TestGateway } from '../../test/test-app';

const HEADER = 'symbol,isin,trade_date,exchange,segment,series,trade_type,auction,quantity,price,trade_id,order_id,order_execution_time,expiry_date';

/** A Zerodha Console tradebook of at least `bytes` bytes: one buy of RELIANCE a row, each its own trade id. */
const tradebookOf = (bytes: number): { csv: string; trades: number } => {
  const rows = [HEADER];
  let size = HEADER.length;
  for (let trade = 1; size < bytes; trade += 1) {
    const row = `RELIANCE,INE002A01018,2024-03-15,NSE,EQ,EQ,buy,false,1.000000,2890.500000,${55_510_000 + trade},1300000012345678,2024-03-15T09:30:12,`;
    rows.push(row);
    size += row.length + 1;
  }
  return { csv: rows.join('\n'), trades: rows.length - 1 };
};

describe('request body limits', () => {
  let gw: TestGateway;
  let authorization: string;

  beforeAll(async () => {
    gw = await startTestGateway();
    await gw.putSession('sid-books', { user_id: 'u-books' });
    authorization = `Bearer ${await mintToken({ sub: 'u-books', sid: 'sid-books' })}`;
  });

  afterAll(async () => {
    await gw.close();
  });

  beforeEach(() => gw.rpc.reset());

  const post = (url: string, payload: object) => gw.fastify.inject({ method: 'POST', url, payload, headers: { authorization } });

  it('takes a 2 MB trade book on the import route and forwards every character of it', async () => {
    const { csv, trades } = tradebookOf(2 * 1024 * 1024);
    gw.rpc.on(PORTFOLIO.importTradebook.pattern, () => ({ broker: 'zerodha', trades, added: 1, already_imported: 0, skipped: [] }));

    const response = await post('/api/portfolio/import', { csv });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ broker: 'zerodha', trades, added: 1, already_imported: 0, skipped: [] });
    expect((gw.rpc.lastCall(PORTFOLIO.importTradebook.pattern)?.payload as { csv: string }).csv).toBe(csv);
  });

  it.each([
    ['a hand-entered transaction', '/api/portfolio/transactions', { symbol: 'RELIANCE', date: '2024-03-15', kind: 'buy', quantity: 1, price: 2890.5, note: 'x'.repeat(100 * 1024) }],
    ['a login', '/auth/login', { username: 'asha_k', password: 'x'.repeat(100 * 1024) }],
  ])('still answers a 100 kB body of %s with 413 {detail}, without calling a service', async (_what, url, payload) => {
    const response = await post(url, payload);

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Request body is too large' });
    expect(gw.rpc.calls).toHaveLength(0);
  });

  it('refuses an anonymous or logged-out 2 MB import with 401 {detail} before reading its body', async () => {
    const { csv } = tradebookOf(2 * 1024 * 1024);
    for (const headers of [{}, { authorization: `Bearer ${await mintToken({ sub: 'u-books', sid: 'sid-gone' })}` }]) {
      const response = await gw.fastify.inject({ method: 'POST', url: '/api/portfolio/import', payload: { csv }, headers });
      // The same answer as any other route's 401: its code, and the scheme to authenticate with.
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ detail: 'Not authenticated', code: 'unauthorized' });
      expect(response.headers['www-authenticate']).toBe('Bearer');
    }
    expect(gw.rpc.calls).toHaveLength(0);
  });

  it('answers a trade book over the import route’s own limit with 413 {detail}', async () => {
    const response = await post('/api/portfolio/import', { csv: tradebookOf(TRADEBOOK_BODY_LIMIT_BYTES).csv });

    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ detail: 'Request body is too large' });
    expect(gw.rpc.calls).toHaveLength(0);
  });
});
