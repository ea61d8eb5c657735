/**
 * Starts the installable app (call once, before rendering): catches the install offer, deletes the
 * product's caches when the app version changed, and in production builds registers /sw.js (built by
 * vite-plugin-pwa with Workbox) through workbox-window, loaded only then: after the page's load, when the
 * browser is idle, so the worker's precaching never competes with the first page.
 */
import { afterFirstLoad } from '../../lib/after-first-load';
import { captureInstallPrompt } from './install-prompt';
import { APP_VERSION, cleanupCachesOnVersionChange } from './pwa-rules';

/**
 * Workbox names its precache 'workbox-precache-v2-<scope URL>', which contains 'nivesh' on a nivesh
 * host. It is the live service worker's, versioned per file by Workbox itself: deleting it after an
 * update would leave the new version without its offline shell, so the version clean-up spares it.
 */
export const isServiceWorkerPrecache = (name: string): boolean => name.startsWith('workbox-precache');

const localStore = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

let started = false;

/** Registers the service worker; a new version taking control reloads the page onto it. */
export const registerServiceWorker = async (): Promise<void> => {
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { scope: '/' });
  // registerType 'autoUpdate': the new worker skips waiting and claims the page; reload onto its files.
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload();
  });
  await workbox.register();
};

export const startPwa = (): void => {
  if (started || typeof window === 'undefined') return;
  started = true;
  captureInstallPrompt();
  const caches = 'caches' in window ? window.caches : null;
  void cleanupCachesOnVersionChange(APP_VERSION, caches, localStore(), { keep: isServiceWorkerPrecache }).catch(() => undefined);

  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  afterFirstLoad(() => {
    registerServiceWorker().catch((error: unknown) => console.warn('Service worker registration failed', error));
  });
};

/** Lets startPwa run again (tests). */
export const resetStartPwa = (): void => {
  started = false;
};
