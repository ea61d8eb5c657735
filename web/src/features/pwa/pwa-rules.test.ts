import {
  APP_VERSION,
  APP_VERSION_KEY,
  INSTALL_DISMISSED_KEY,
  INSTALL_SNOOZE_MS,
  cleanupCachesOnVersionChange,
  displayVersion,
  installDismissedRecently,
  isStandalone,
  recordInstallDismissal,
} from './pwa-rules';
import type { CacheStorageLike, KeyValueStorage } from './pwa-rules';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2025-09-22T10:00:00Z');

const memory = (entries: Record<string, string> = {}): KeyValueStorage & { data: Map<string, string> } => {
  const data = new Map(Object.entries(entries));
  return { data, getItem: (key) => data.get(key) ?? null, setItem: (key, value) => void data.set(key, value) };
};

const cacheStorage = (names: string[]): CacheStorageLike & { names: Set<string> } => {
  const set = new Set(names);
  return {
    names: set,
    keys: async () => [...set],
    delete: async (name: string) => set.delete(name),
  };
};

describe('the app version', () => {
  it('is v2.1.22092025, from the build-time define', () => {
    expect(APP_VERSION).toBe('v2.1.22092025');
    expect(displayVersion('2.1.22092025')).toBe('v2.1.22092025');
    expect(displayVersion('v3.0.0')).toBe('v3.0.0');
  });
});

describe('the install banner snooze', () => {
  it('is 7 days: hidden 6.9 days after a dismissal, shown again at 7.1 days', () => {
    expect(INSTALL_SNOOZE_MS).toBe(7 * DAY);
    const storage = memory();
    recordInstallDismissal(storage, NOW);
    expect(storage.data.get(INSTALL_DISMISSED_KEY)).toBe(String(NOW));
    expect(installDismissedRecently(storage, NOW + 6.9 * DAY)).toBe(true);
    expect(installDismissedRecently(storage, NOW + 7 * DAY - 1)).toBe(true);
    expect(installDismissedRecently(storage, NOW + 7 * DAY)).toBe(false);
    expect(installDismissedRecently(storage, NOW + 7.1 * DAY)).toBe(false);
  });

  it('does not count a missing, broken or future timestamp, or missing storage', () => {
    expect(installDismissedRecently(memory(), NOW)).toBe(false);
    expect(installDismissedRecently(memory({ [INSTALL_DISMISSED_KEY]: 'soon' }), NOW)).toBe(false);
    expect(installDismissedRecently(memory({ [INSTALL_DISMISSED_KEY]: String(NOW + DAY) }), NOW)).toBe(false);
    expect(installDismissedRecently(null, NOW)).toBe(false);
  });
});

describe('isStandalone', () => {
  it('is true in standalone display mode or on the iOS home screen', () => {
    const media = (matches: boolean) => () => ({ matches });
    expect(isStandalone({ matchMedia: media(true) })).toBe(true);
    expect(isStandalone({ matchMedia: media(false), navigator: { standalone: true } })).toBe(true);
    expect(isStandalone({ matchMedia: media(false), navigator: {} })).toBe(false);
    expect(isStandalone({})).toBe(false);
  });
});

describe('cleanupCachesOnVersionChange', () => {
  it("on a version change deletes every cache whose name contains 'nivesh' (any case) and stores the version", async () => {
    const caches = cacheStorage(['nivesh-api-v1', 'Nivesh-Images', 'my-NIVESH-data', 'other-cache', 'fonts']);
    const storage = memory({ [APP_VERSION_KEY]: 'v2.0.01012025' });
    const result = await cleanupCachesOnVersionChange('v2.1.22092025', caches, storage);
    expect(result).toEqual({ previous: 'v2.0.01012025', changed: true, deleted: ['nivesh-api-v1', 'Nivesh-Images', 'my-NIVESH-data'] });
    expect([...caches.names]).toEqual(['other-cache', 'fonts']);
    expect(storage.data.get(APP_VERSION_KEY)).toBe('v2.1.22092025');
  });

  it('does nothing when the version is unchanged', async () => {
    const caches = cacheStorage(['nivesh-api-v1']);
    const storage = memory({ [APP_VERSION_KEY]: 'v2.1.22092025' });
    expect(await cleanupCachesOnVersionChange('v2.1.22092025', caches, storage)).toEqual({ previous: 'v2.1.22092025', changed: false, deleted: [] });
    expect([...caches.names]).toEqual(['nivesh-api-v1']);
  });

  it('treats a first run (no stored version) as a change', async () => {
    const caches = cacheStorage(['nivesh-old']);
    const storage = memory();
    const result = await cleanupCachesOnVersionChange('v2.1.22092025', caches, storage);
    expect(result.changed).toBe(true);
    expect(result.deleted).toEqual(['nivesh-old']);
    expect(storage.data.get(APP_VERSION_KEY)).toBe('v2.1.22092025');
  });

  it('spares the caches `keep` names, and still stores the version without Cache Storage', async () => {
    const caches = cacheStorage(['workbox-precache-v2-https://nivesh.in/', 'nivesh-runtime']);
    const storage = memory({ [APP_VERSION_KEY]: 'v1' });
    const result = await cleanupCachesOnVersionChange('v2', caches, storage, { keep: (name) => name.startsWith('workbox-precache') });
    expect(result.deleted).toEqual(['nivesh-runtime']);
    expect([...caches.names]).toEqual(['workbox-precache-v2-https://nivesh.in/']);

    const noCaches = memory({ [APP_VERSION_KEY]: 'v1' });
    expect(await cleanupCachesOnVersionChange('v2', null, noCaches)).toEqual({ previous: 'v1', changed: true, deleted: [] });
    expect(noCaches.data.get(APP_VERSION_KEY)).toBe('v2');
  });

  it('keeps the old version stored when a deletion fails, so it is tried again', async () => {
    const storage = memory({ [APP_VERSION_KEY]: 'v1' });
    const failing: CacheStorageLike = { keys: async () => ['nivesh-x'], delete: async () => Promise.reject(new Error('boom')) };
    await expect(cleanupCachesOnVersionChange('v2', failing, storage)).rejects.toThrow('boom');
    expect(storage.data.get(APP_VERSION_KEY)).toBe('v1');
  });

  it('does nothing without local storage', async () => {
    const caches = cacheStorage(['nivesh-x']);
    expect(await cleanupCachesOnVersionChange('v2', caches, null)).toEqual({ previous: null, changed: false, deleted: [] });
    expect([...caches.names]).toEqual(['nivesh-x']);
  });
});
