/**
 * The installable app's rules (SPEC sections 4 and 9) as pure functions: the install banner's 7-day
 * snooze, "already installed", and the cache clean-up on a new app version.
 */

/** localStorage: epoch milliseconds of the last 'Later' or close on the install banner. */
export const INSTALL_DISMISSED_KEY = 'nivesh.pwa_dismissed_at';
/** localStorage: the app version that last ran in this browser. */
export const APP_VERSION_KEY = 'nivesh.app_version';
/** The banner stays away this long after a dismissal. */
export const INSTALL_SNOOZE_MS = 7 * 24 * 60 * 60 * 1000;
/** Caches of the product: the name contains the product's name, in any case. */
export const PRODUCT_CACHE_PATTERN = /nivesh/i;

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;
export type CacheStorageLike = Pick<CacheStorage, 'keys' | 'delete'>;

/** 'v2.1.22092025' from the package version '2.1.22092025' (the specification writes the v). */
export const displayVersion = (version: string): string => (version.startsWith('v') ? version : `v${version}`);

/** The running app's version, injected at build time (vite.config.ts `define`). */
export const APP_VERSION = displayVersion(__APP_VERSION__);

/** The banner was dismissed less than 7 days ago (a time in the future counts as no dismissal). */
export const installDismissedRecently = (storage: KeyValueStorage | null, now: number): boolean => {
  const at = Number(storage?.getItem(INSTALL_DISMISSED_KEY) ?? NaN);
  if (!Number.isFinite(at) || at <= 0 || at > now) return false;
  return now - at < INSTALL_SNOOZE_MS;
};

export const recordInstallDismissal = (storage: KeyValueStorage | null, now: number): void => {
  try {
    storage?.setItem(INSTALL_DISMISSED_KEY, String(now));
  } catch {
    // Storage refused: the banner still goes away for this page.
  }
};

type DisplayEnvironment = {
  matchMedia?: (query: string) => { matches: boolean };
  /** Safari on iOS says navigator.standalone; it is not in the DOM types. */
  navigator?: object;
};

/** Already installed: running as a standalone app (Chromium and others), or from the iOS home screen. */
export const isStandalone = (environment: DisplayEnvironment): boolean => {
  if (typeof environment.matchMedia === 'function' && environment.matchMedia('(display-mode: standalone)').matches) return true;
  const navigator = environment.navigator as { standalone?: unknown } | undefined;
  return navigator?.standalone === true;
};

export type VersionCleanup = { previous: string | null; changed: boolean; deleted: string[] };

/**
 * On a version change (the stored version differs from `version`, or none is stored yet) deletes every
 * Cache Storage cache whose name contains 'nivesh', then stores the version. `keep` spares caches that
 * must survive (the live service worker's precache, see start-pwa.ts). The version is stored only after
 * the deletions, so a clean-up that failed is tried again on the next load.
 */
export const cleanupCachesOnVersionChange = async (
  version: string,
  caches: CacheStorageLike | null,
  storage: KeyValueStorage | null,
  { keep = () => false }: { keep?: (name: string) => boolean } = {},
): Promise<VersionCleanup> => {
  if (!storage) return { previous: null, changed: false, deleted: [] };
  const previous = storage.getItem(APP_VERSION_KEY);
  if (previous === version) return { previous, changed: false, deleted: [] };
  const deleted: string[] = [];
  if (caches) {
    const names = await caches.keys();
    for (const name of names) {
      if (!PRODUCT_CACHE_PATTERN.test(name) || keep(name)) continue;
      if (await caches.delete(name)) deleted.push(name);
    }
  }
  try {
    storage.setItem(APP_VERSION_KEY, version);
  } catch {
    // Storage refused: the clean-up runs again next time, which is harmless.
  }
  return { previous, changed: true, deleted };
};
