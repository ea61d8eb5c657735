/**
 * The browser's install offer ('beforeinstallprompt'), caught as early as startPwa() runs and kept
 * until the install banner uses it. preventDefault keeps the browser's own mini-infobar away: the
 * banner decides (7-day snooze) whether to offer installing.
 */
import { useSyncExternalStore } from 'react';

export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
};

let deferred: BeforeInstallPromptEvent | null = null;
let capturing = false;
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

const onBeforeInstallPrompt = (event: Event) => {
  event.preventDefault();
  deferred = event as BeforeInstallPromptEvent;
  emit();
};

const onInstalled = () => {
  deferred = null;
  emit();
};

/** Starts listening (once per page). */
export const captureInstallPrompt = (): void => {
  if (capturing || typeof window === 'undefined') return;
  capturing = true;
  window.addEventListener('beforeinstallprompt', onBeforeInstallPrompt);
  window.addEventListener('appinstalled', onInstalled);
};

/** Hands the kept event over (it can prompt only once) and forgets it. */
export const takeInstallPrompt = (): BeforeInstallPromptEvent | null => {
  const event = deferred;
  deferred = null;
  emit();
  return event;
};

/** Forgets any kept event and stops listening (tests). */
export const resetInstallPrompt = (): void => {
  deferred = null;
  if (capturing && typeof window !== 'undefined') {
    window.removeEventListener('beforeinstallprompt', onBeforeInstallPrompt);
    window.removeEventListener('appinstalled', onInstalled);
  }
  capturing = false;
  emit();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The kept install offer, or null. */
export const useInstallPrompt = (): BeforeInstallPromptEvent | null =>
  useSyncExternalStore(
    subscribe,
    () => deferred,
    () => null,
  );
