import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
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
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      // Browser-safe zod schemas of the wire protocol, compiled from source (never the node entry).
      '@nivesh/proto': path.resolve(__dirname, '../proto/src/index.ts'),
    },
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
  },
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
    restoreMocks: true,
    unstubGlobals: true,
  },
});
