import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

// The app version is the monorepo's version (root package.json), so there is one place to bump it.
const rootPackage = JSON.parse(readFileSync(path.resolve(__dirname, '../package.json'), 'utf8')) as { version: string };

// Everything the gateway answers itself or forwards; the dev server passes these through to it.
const gateway = 'http://127.0.0.1:8080';
// The auth endpoints sit at the root (section 7); /login and /register themselves are app routes.
const proxied = [
  '/api',
  '/healthz',
  '/readyz',
  '/me',
  '/logout',
  '/register-request-otp',
  '/register-verify-otp',
  '/login-request-otp',
  '/login-verify-otp',
  '/get-user-email',
  '/resend-otp',
  '/auth/login',
  '/predict',
  // The chat calls; /chat itself is an app route.
  '/chat/sentiment/',
  '/chat/technical/',
];

// The light theme's colours of src/styles/tokens.css (--accent, --bg).
const THEME_COLOR = '#1f6f4a';
const BACKGROUND_COLOR = '#f6f7f5';

/**
 * Paths the gateway answers itself (API, auth endpoints at the root, health, metrics, docs, the ad
 * frame): a navigation there must reach the network, never the app shell of the service worker.
 */
const NOT_APP_ROUTES = [
  /^\/api\//,
  /^\/(me|logout|predict|healthz|readyz|metrics|dev)\b/,
  /^\/(register|login)-/,
  /^\/(chat|auth)\//,
  /^\/(get-user-email|resend-otp)/,
  /^\/ads\//,
  /^\/(sitemap\.xml|blog\/rss\.xml)$/,
];

/** Icon, Apple icon and theme colour links in index.html (the manifest link is vite-plugin-pwa's). */
const appIconLinks = (): Plugin => ({
  name: 'nivesh-app-icons',
  transformIndexHtml: () => [
    { tag: 'link', attrs: { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }, injectTo: 'head' },
    { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' }, injectTo: 'head' },
    { tag: 'meta', attrs: { name: 'theme-color', content: THEME_COLOR }, injectTo: 'head' },
  ],
});

// proto/src/values modules the first page reads (check-bundle-size lists a values-* chunk it loads otherwise).
const FIRST_PAGE_VALUES = new Set(['auth', 'market', 'premium', 'services', 'session', 'system']);

export default defineConfig({
  plugins: [
    react(),
    appIconLinks(),
    // dist/**/*.br and *.gz beside every compressible file, which the gateway sends as the client accepts
    // (@fastify/static preCompressed). index.html is left out: the gateway writes a fresh CSP nonce into it
    // on every response, and compresses that. sw.js and workbox-*.js are written after this plugin has run.
    compression({
      include: /\.(js|mjs|css|svg|json|webmanifest|html|txt|xml)$/,
      exclude: [/(^|[\\/])index\.html$/, /(^|[\\/])\.vite[\\/]/],
      algorithms: ['brotliCompress', 'gzip'],
    }),
    // The installable app: /sw.js precaches the app shell (Workbox generateSW) and never caches API answers.
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      registerType: 'autoUpdate',
      // src/features/pwa/start-pwa.ts registers it with workbox-window (production builds only).
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Nivesh — NSE stock analysis',
        short_name: 'Nivesh',
        description: 'Analysis of NSE stocks from end-of-day prices, in rupees. Educational, not investment advice.',
        lang: 'en-IN',
        start_url: '/',
        scope: '/',
        id: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        categories: ['finance', 'education'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        // The app shell only. No runtimeCaching at all: API answers always come from the network.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The ad frame and its script are for the network's live ads, not for offline use.
        // The dashboards' chart chunk (recharts, about 135 kB gzipped) is for admins: fetched when they open a dashboard.
        globIgnores: ['**/node_modules/**/*', 'ads/**', 'assets/analytics-*.js'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: NOT_APP_ROUTES,
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
        sourcemap: false,
      },
    }),
  ],
  resolve: {
    alias: [
      // The premium tool list imports nothing, so the first page reads it without loading zod.
      { find: /^@nivesh\/proto\/premium-tools$/, replacement: path.resolve(__dirname, '../proto/src/premium-tools.ts') },
      // Paths and constants of the wire protocol, zod-free: the first page reads them without loading the contracts.
      { find: /^@nivesh\/proto\/values$/, replacement: path.resolve(__dirname, '../proto/src/values/index.ts') },
      // Browser-safe zod schemas of the wire protocol, compiled from source (never the node entry).
      { find: /^@nivesh\/proto$/, replacement: path.resolve(__dirname, '../proto/src/index.ts') },
    ],
  },
  define: {
    __APP_VERSION__: JSON.stringify(rootPackage.version),
  },
  // Vite stamps nonce="__CSP_NONCE__" on the script, style and link tags it writes; the gateway
  // replaces the placeholder with a fresh nonce on every response that serves index.html.
  html: { cspNonce: '__CSP_NONCE__' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/check-bundle-size.mjs and load-tests/bench-web.mjs read the chunk graph.
    manifest: true,
    rollupOptions: {
      output: {
        // The wire contracts and zod in one chunk, loaded on first use (src/lib/contracts.ts).
        // The contracts chunk holds zod and the schemas. proto's plain values (proto/src/values: each contract's paths
        // and constants) and the premium tool list import nothing. Left unassigned, Rollup would put them in the
        // contracts chunk that imports them too; so those the first page reads share one small chunk with the premium
        // tool list, and the others (the blog's, the portfolio's, …) are a chunk each, loaded with their pages.
        manualChunks: (id) => {
          const values = /[\\/]proto[\\/]src[\\/]values[\\/]([\w-]+)\.ts$/.exec(id)?.[1];
          if (values && values !== 'index' && !FIRST_PAGE_VALUES.has(values)) return `values-${values}`;
          if (values || /[\\/]proto[\\/]src[\\/]premium-tools\.ts$/.test(id)) return 'plain-values';
          return /[\\/](proto[\\/]src|node_modules[\\/]zod)[\\/]/.test(id) ? 'contracts' : undefined;
        },
      },
    },
  },
  // lib/contracts.worker.ts: an ES module worker, one file (it imports nothing lazily).
  worker: { format: 'es' },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: gateway, changeOrigin: false }])),
  },
  test: {
    environment: 'jsdom',
    globals: true,
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
