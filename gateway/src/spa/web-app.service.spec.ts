import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestGateway, type TestGateway } from '../../test/test-app';
import { AD_FRAME_CSP, AD_FRAME_SCRIPT_HASH } from './csp';

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
      "frame-src 'self' https:",
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

  it('lets only the app frame the ad frame page, which may load the ad network over https and has no nonce', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'gw-ads-'));
    mkdirSync(path.join(dist, 'ads'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'ads', 'frame.html'), '<!doctype html><div id="ad"></div>');
    const withAds = await startTestGateway({ WEB_DIST_DIR: dist });
    try {
      const frame = await withAds.fastify.inject({ method: 'GET', url: '/ads/frame.html?client=ca-pub-123456&slot=header', headers: { accept: HTML } });
      expect(frame.statusCode).toBe(200);
      expect(frame.headers['content-type']).toMatch(/^text\/html/);
      const csp = String(frame.headers['content-security-policy']);
      expect(csp).toBe(AD_FRAME_CSP);
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain(`script-src ${AD_FRAME_SCRIPT_HASH} https:`);
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).not.toContain('nonce-');
      // Every other page keeps its policy: nobody may frame it.
      const page = await withAds.fastify.inject({ method: 'GET', url: '/ads/other', headers: { accept: HTML } });
      expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    } finally {
      await withAds.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it("allows exactly the ad frame page's inline script by its hash", () => {
    const html = readFileSync(path.resolve(__dirname, '../../../web/public/ads/frame.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const [, attributes, body] = scripts[0] as RegExpMatchArray;
    expect(attributes.trim()).toBe('');
    const hash = createHash('sha256').update(body, 'utf8').digest('base64');
    expect(AD_FRAME_SCRIPT_HASH).toBe(`'sha256-${hash}'`);
  });
});

describe('web app, compression of static files', () => {
  const script = `export const app = ${JSON.stringify('x'.repeat(2_000))};\n`;
  const worker = `self.addEventListener('fetch', () => {}); // ${'w'.repeat(2_000)}\n`;
  let dist: string;
  let gw: TestGateway;

  /** A built web app as vite-plugin-compression2 leaves it: .br and .gz beside the hashed asset, none beside sw.js. */
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'gw-compressed-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html><head><meta property="csp-nonce" nonce="__CSP_NONCE__"><script type="module" src="/assets/app-abc123.js" nonce="__CSP_NONCE__"></script></head><body><div id="root"></div><!-- ${'p'.repeat(2_000)} --></body></html>`,
    );
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    writeFileSync(path.join(dist, 'sw.js'), worker);
    writeFileSync(path.join(dist, 'icon.png'), Buffer.alloc(2_000, 7));
    gw = await startTestGateway({ WEB_DIST_DIR: dist });
  });

  afterAll(async () => {
    await gw.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    gw.fastify.inject({ method: 'GET', url, headers: { accept: HTML, ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }) } });

  it('sends a hashed asset precompressed as brotli to a client that accepts br, immutable and varying by Accept-Encoding', async () => {
    const response = await get('/assets/app-abc123.js', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.vary).toBe('accept-encoding');
    expect(Number(response.headers['content-length'])).toBe(brotliCompressSync(script).length);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it('negotiates: brotli first, gzip when brotli is refused or not offered, the file itself for a client that sends nothing', async () => {
    const browser = await get('/assets/app-abc123.js', 'gzip, deflate, br, zstd');
    expect(browser.headers['content-encoding']).toBe('br');

    for (const accept of ['gzip', 'br;q=0, gzip']) {
      const response = await get('/assets/app-abc123.js', accept);
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(response.rawPayload).toString()).toBe(script);
    }

    const plain = await get('/assets/app-abc123.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(script);
  });

  it('keeps sw.js at no-cache, compressed per response as it has no precompressed copy', async () => {
    const response = await get('/sw.js', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(worker);
    const plain = await get('/sw.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(worker);
  });

  it('compresses index.html per response, with the nonce of its own CSP header, and keeps it at no-cache', async () => {
    for (const url of ['/', '/dashboard']) {
      const response = await get(url, 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers.vary)).toContain('accept-encoding');
      const html = brotliDecompressSync(response.rawPayload).toString();
      expect(html).toContain(`nonce="${nonceOfHeader(String(response.headers['content-security-policy']))}"`);
      expect(html).not.toContain('__CSP_NONCE__');
    }
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<div id="root">');
  });

  it('sends images as they are', async () => {
    const response = await get('/icon.png', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.length).toBe(2_000);
  });
});
