import { rmSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestGateway, type TestGateway } from '../../test/test-app';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

const nonceOfHeader = (csp: string): string => {
  const script = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
  const style = /style-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1];
  expect(script).toBeDefined();
  expect(style).toBe(script);
  return script as string;
};

describe('web app, security headers and static files', () => {
  let gw: TestGateway;

  beforeAll(async () => {
    gw = await startTestGateway();
  });

  afterAll(async () => {
    await gw.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => gw.fastify.inject({ method: 'GET', url, headers });

  it('serves index.html with the nonce of its own CSP header, fresh on every response', async () => {
    const first = await get('/', { accept: HTML });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/html/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const nonce = nonceOfHeader(String(first.headers['content-security-policy']));
    expect(first.body).not.toContain('__CSP_NONCE__');
    expect(first.body.match(/nonce="([^"]+)"/g)).toEqual(Array(3).fill(`nonce="${nonce}"`));

    const second = await get('/index.html');
    const secondNonce = nonceOfHeader(String(second.headers['content-security-policy']));
    expect(secondNonce).not.toBe(nonce);
    expect(second.body).toContain(`nonce="${secondNonce}"`);
  });

  it('gives JSON answers a policy under which nothing loads or frames them', async () => {
    const response = await get('/healthz');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('gives static files the page policy without a nonce (the service worker needs connect-src)', async () => {
    const worker = await get('/sw.js');
    const csp = String(worker.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('nonce-');
  });

  it('sends the whole content security policy and the other security headers with the page', async () => {
    const response = await get('/');
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "img-src 'self' data: https:",
      "connect-src 'self'",
      'frame-src https:',
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('sends hashed assets as immutable, sw.js as no-cache, other files for an hour', async () => {
    const asset = await get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toBe('console.log("app");');
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('falls back to index.html for browser navigations to client routes', async () => {
    for (const url of ['/dashboard', '/admin/visitor-analytics', '/no/such/page?x=1']) {
      const response = await get(url, { accept: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain('<div id="root">');
      expect(response.body).toContain(`nonce="${nonceOfHeader(String(response.headers['content-security-policy']))}"`);
    }
    const head = await gw.fastify.inject({ method: 'HEAD', url: '/portfolio', headers: { accept: HTML } });
    expect(head.statusCode).toBe(200);
  });

  it('answers 404 {detail} for API paths, missing assets and non-HTML requests', async () => {
    for (const [url, accept] of [
      ['/api/unknown', HTML],
      ['/assets/missing-123.js', HTML],
      ['/dashboard', 'application/json'],
      ['/no-accept', ''],
    ]) {
      const response = await get(url, accept ? { accept } : {});
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Not found' });
    }
  });

  it('never serves files outside the dist folder or dotfiles', async () => {
    for (const url of ['/../package.json', '/assets/../../package.json', '/%2e%2e/package.json', '/.env']) {
      const response = await get(url);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('serves a placeholder page, with a nonce, when the web app is not built', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'gw-empty-'));
    const bare = await startTestGateway({ WEB_DIST_DIR: path.join(empty, 'missing') });
    try {
      const response = await bare.fastify.inject({ method: 'GET', url: '/', headers: { accept: HTML } });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('The web app is not built');
      expect(response.body).toContain(`nonce="${nonceOfHeader(String(response.headers['content-security-policy']))}"`);
      expect((await bare.fastify.inject({ method: 'GET', url: '/dashboard', headers: { accept: HTML } })).statusCode).toBe(200);
      expect((await bare.fastify.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
