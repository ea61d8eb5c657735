/// <reference types="vite/client" />

/** The app version, injected at build time from the root package.json (vite.config.ts `define`). */
declare const __APP_VERSION__: string;

// Declaration merging with Vite's ImportMetaEnv needs an interface.
// eslint-disable-next-line @typescript-eslint/consistent-type-definitions
interface ImportMetaEnv {
  /** Where the gateway answers; empty (same origin) unless the app is served elsewhere. */
  readonly VITE_API_BASE_URL?: string;
}
