/**
 * Whether a user has turned on usage analytics (off by default, section 7). Kept per user on this device in local
 * storage under a key of the app's own, beside the specification's keys; /profile changes it, the layout reads it.
 */
import { useCallback, useSyncExternalStore } from 'react';

/** The local-storage key of a user's choice: the prefix and the user id. */
export const ANALYTICS_OPT_IN_KEY_PREFIX = 'nivesh_analytics_opt_in:';

export const analyticsOptInKey = (userId: string): string => `${ANALYTICS_OPT_IN_KEY_PREFIX}${userId}`;

const storageOrNull = (): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

const onStorage = (event: StorageEvent) => {
  // Another tab changed the choice (or cleared storage).
  if (event.key === null || event.key.startsWith(ANALYTICS_OPT_IN_KEY_PREFIX)) emit();
};

const subscribe = (listener: () => void) => {
  if (listeners.size === 0 && typeof window !== 'undefined') window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== 'undefined') window.removeEventListener('storage', onStorage);
  };
};

/** Whether the user has turned analytics on; false with no user or no storage. */
export const readAnalyticsOptIn = (userId: string | null | undefined): boolean =>
  Boolean(userId) && storageOrNull()?.getItem(analyticsOptInKey(userId ?? '')) === 'true';

/** Stores the user's choice; false when storage refused it (the choice then stays off). */
export const saveAnalyticsOptIn = (userId: string, on: boolean): boolean => {
  const storage = storageOrNull();
  if (!storage) return false;
  try {
    if (on) storage.setItem(analyticsOptInKey(userId), 'true');
    else storage.removeItem(analyticsOptInKey(userId));
  } catch {
    return false;
  } finally {
    emit();
  }
  return true;
};

/** The user's choice and a setter, re-rendering on changes here and in other tabs. */
export const useAnalyticsOptIn = (userId: string | null | undefined) => {
  const optedIn = useSyncExternalStore(subscribe, () => readAnalyticsOptIn(userId), () => false);
  const setOptedIn = useCallback((on: boolean) => (userId ? saveAnalyticsOptIn(userId, on) : false), [userId]);
  return [optedIn, setOptedIn] as const;
};
