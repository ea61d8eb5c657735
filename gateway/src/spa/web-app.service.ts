import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from '@nivesh/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { CONFIG, LOGGER } from '../tokens';
import { CSP_NONCE_PLACEHOLDER, cspNonce } from './csp';

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Nivesh</title>
    <style nonce="${CSP_NONCE_PLACEHOLDER}">body{font-family:system-ui,sans-serif;margin:3rem;line-height:1.5}</style>
  </head>
  <body>
    <h1>Nivesh</h1>
    <p>The web app is not built. Run <code>npm run build -w web</code>, then restart the gateway.</p>
  </body>
</html>
`;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT_CACHE = 'public, max-age=3600';

/** What the web build precompresses (vite-plugin-compression2 in web/vite.config.ts): these answers vary by Accept-Encoding. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|html|txt|xml)$/;
/** The suffixes of the precompressed copies @fastify/static sends in place of a file. */
const PRECOMPRESSED_SUFFIX = /\.(br|gz)$/;

/**
 * The built single-page app: static files, and index.html with a fresh CSP nonce on every response. Files
 * the build precompressed go out as brotli or gzip, as the client's Accept-Encoding allows; index.html is
 * compressed per response by the gateway's compression (app.ts), since its nonce changes every time.
 */
@Injectable()
export class WebApp {
  private readonly root: string;
  private readonly indexTemplate: string;
  readonly built: boolean;

  constructor(@Inject(CONFIG) config: Config, @Inject(LOGGER) logger: Logger) {
    this.root = path.resolve(config.WEB_DIST_DIR);
    const indexFile = path.join(this.root, 'index.html');
    this.built = existsSync(indexFile);
    this.indexTemplate = this.built ? readFileSync(indexFile, 'utf8') : NOT_BUILT_PAGE;
    if (!this.built) logger.warn({ dir: this.root }, 'web app not built: serving a placeholder page');
  }

  /** Static files from the dist folder; `/` and `/index.html` are answered here, never from disk as-is. */
  async register(fastify: FastifyInstance): Promise<void> {
    if (existsSync(this.root) && statSync(this.root).isDirectory()) {
      await fastify.register(fastifyStatic, {
        root: this.root,
        wildcard: true,
        index: false,
        redirect: false,
        dotfiles: 'ignore',
        cacheControl: false,
        // dist/x.js.br or dist/x.js.gz instead of dist/x.js when the client accepts it (Content-Encoding set).
        preCompressed: true,
        allowedPath: (pathName) => pathName !== '/index.html',
        setHeaders: (response, filePath) => {
          const original = filePath.replace(PRECOMPRESSED_SUFFIX, '');
          response.setHeader('cache-control', this.cacheControlOf(original));
          // Lower case: @fastify/compress adds 'accept-encoding' to Vary only when it is not there already.
          if (COMPRESSIBLE.test(original)) response.setHeader('vary', 'accept-encoding');
        },
      });
    }
    const serveIndex = (_request: FastifyRequest, reply: FastifyReply) => this.sendIndex(reply);
    fastify.get('/', serveIndex);
    fastify.get('/index.html', serveIndex);
  }

  /** A browser navigation to a client-side route: it gets index.html, the router shows the page. */
  isNavigation(request: FastifyRequest): boolean {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = request.url.split('?', 1)[0] ?? '';
    if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/')) return false;
    const accept = request.headers.accept;
    return typeof accept === 'string' && accept.includes('text/html');
  }

  sendIndex(reply: FastifyReply): FastifyReply {
    const html = this.indexTemplate.replaceAll(CSP_NONCE_PLACEHOLDER, cspNonce(reply.raw));
    return reply.status(200).header('content-type', 'text/html; charset=utf-8').header('cache-control', NO_CACHE).send(html);
  }

  private cacheControlOf(filePath: string): string {
    const relative = path.relative(this.root, filePath).split(path.sep).join('/');
    if (relative.startsWith('assets/')) return IMMUTABLE;
    if (relative === 'sw.js' || relative === 'index.html') return NO_CACHE;
    return SHORT_CACHE;
  }
}
