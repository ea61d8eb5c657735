import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NseClient, NseUnavailableError } from './nse-client';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** A local server whose behaviour each test sets; it logs every request with the time it arrived. */
const serve = async (): Promise<{ url: string; seen: Array<{ path: string; at: number; cookie?: string; agent?: string }>; handle: (h: Handler) => void; close: () => Promise<void> }> => {
  let handler: Handler = (_q, r) => r.end();
  const seen: Array<{ path: string; at: number; cookie?: string; agent?: string }> = [];
  const server: Server = createServer((request, response) => {
    seen.push({ path: request.url!, at: Date.now(), cookie: request.headers.cookie, agent: request.headers['user-agent'] });
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    handle: (h) => (handler = h),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

describe('NseClient', () => {
  let server: Awaited<ReturnType<typeof serve>>;
  let client: NseClient;
  const make = (overrides: Partial<ConstructorParameters<typeof NseClient>[0]> = {}) =>
    new NseClient({ archiveUrl: server.url, webUrl: server.url, requestsPerSecond: 3, timeoutMs: 2_000, retries: 2, retryMinMs: 50, ...overrides });

  beforeEach(async () => {
    server = await serve();
    client = make();
  });
  afterEach(async () => {
    await client.close();
    await server.close();
  });

  it('fetches a file with browser headers, and reports 404 as not found without retrying', async () => {
    server.handle((request, response) => {
      if (request.url === '/content/cm/a.zip') response.end(Buffer.from([1, 2, 3]));
      else response.writeHead(404, { 'content-type': 'text/html' }).end('<html>Resource not found</html>');
    });
    const found = await client.archive('/content/cm/a.zip');
    expect(found).toMatchObject({ found: true, status: 200 });
    expect(found.found && [...found.body]).toEqual([1, 2, 3]);
    expect(await client.archive('/content/cm/b.zip')).toMatchObject({ found: false, status: 404 });
    expect(server.seen.map((s) => s.path)).toEqual(['/content/cm/a.zip', '/content/cm/b.zip']);
    expect(server.seen[0]!.agent).toMatch(/Mozilla\/5\.0/);
  });

  it('retries a 5xx with backoff, then succeeds', async () => {
    let calls = 0;
    server.handle((_request, response) => {
      calls += 1;
      if (calls < 3) response.writeHead(503).end('busy');
      else response.end('ok');
    });
    const answer = await client.archive('/x.csv');
    expect(answer.found && answer.body.toString()).toBe('ok');
    expect(calls).toBe(3);
    // Backoff: at least 50 ms, then 100 ms, between the attempts.
    expect(server.seen[2]!.at - server.seen[0]!.at).toBeGreaterThanOrEqual(140);
  });

  it('gives up after its retries with NseUnavailableError naming the path', async () => {
    server.handle((_request, response) => response.writeHead(500).end());
    await expect(client.archive('/content/indices/ind_close_all_02042024.csv')).rejects.toThrow(NseUnavailableError);
    expect(server.seen).toHaveLength(3);
  });

  it('times out a server that does not answer, retrying the timeout', async () => {
    await client.close();
    client = make({ timeoutMs: 150, retries: 1 });
    server.handle(() => undefined);
    await expect(client.archive('/slow.zip')).rejects.toThrow(/NSE did not answer \/slow\.zip/);
    expect(server.seen).toHaveLength(2);
  });

  it('never retries a 4xx', async () => {
    server.handle((_request, response) => response.writeHead(403).end());
    expect(await client.archive('/blocked.zip')).toMatchObject({ found: false, status: 403 });
    expect(server.seen).toHaveLength(1);
  });

  it("visits the home page for the session cookies the API requires, and keeps them in its jar", async () => {
    server.handle((request, response) => {
      if (request.url === '/') response.writeHead(200, { 'set-cookie': ['nsit=abc; Path=/', 'nseappid=xyz; Path=/'] }).end('<html></html>');
      else if (!request.headers.cookie?.includes('nsit=abc')) response.writeHead(401).end();
      else response.writeHead(200, { 'content-type': 'application/json' }).end('[{"symbol":"INFY"}]');
    });
    expect(await client.api('/api/corporates-corporateActions?index=equities')).toEqual([{ symbol: 'INFY' }]);
    expect(await client.api('/api/corporates-corporateActions?index=equities')).toEqual([{ symbol: 'INFY' }]);
    expect(server.seen.map((s) => s.path)).toEqual(['/', '/api/corporates-corporateActions?index=equities', '/api/corporates-corporateActions?index=equities']);
    expect(server.seen[2]!.cookie).toBe('nsit=abc; nseappid=xyz');
  });

  it('sends at most three requests a second', async () => {
    server.handle((_request, response) => response.end('ok'));
    for (let i = 0; i < 7; i++) await client.archive(`/f${i}`);
    const times = server.seen.map((s) => s.at);
    // The 4th request waits for the next one-second window, the 7th for the one after.
    expect(times[3]! - times[0]!).toBeGreaterThanOrEqual(900);
    expect(times[6]! - times[0]!).toBeGreaterThanOrEqual(1_900);
  });
});
