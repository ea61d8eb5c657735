/** Advertising settings, read from the build's environment (VITE_AD_* variables). */
import { AD_CLIENT_PATTERN } from './ad-rules';
import type { AdStorage, AdUnitKind } from './ad-rules';

/** The configured publisher id, or null when none (or a malformed one) is set: then no script loads. */
export const adClientId = (): string | null => {
  const value = (import.meta.env.VITE_AD_CLIENT_ID ?? '').trim();
  return AD_CLIENT_PATTERN.test(value) ? value : null;
};

/** The ad unit id of a placement when one is configured, else the placement's name. */
export const adSlotId = (kind: AdUnitKind): string => {
  const env = import.meta.env;
  const configured: Record<AdUnitKind, string | undefined> = {
    header: env.VITE_AD_SLOT_HEADER,
    sidebar: env.VITE_AD_SLOT_SIDEBAR,
    content: env.VITE_AD_SLOT_CONTENT,
    popup: env.VITE_AD_SLOT_POPUP,
    interstitial: env.VITE_AD_SLOT_POPUP,
  };
  const id = (configured[kind] ?? '').trim();
  return /^\d{4,20}$/.test(id) ? id : kind;
};

const storageOf = (name: 'localStorage' | 'sessionStorage'): Storage | null => {
  try {
    return typeof window === 'undefined' ? null : window[name];
  } catch {
    return null;
  }
};

/** The browser's storages (null where refused). */
export const adStorage = (): AdStorage => ({ local: storageOf('localStorage'), session: storageOf('sessionStorage') });

/**
 * Another modal dialog (login, premium preview…) is open: an ad never stacks on top of it. Our own
 * dialogs say aria-modal; Radix's modal dialogs switch off pointer events on the body instead.
 */
export const modalDialogOpen = (): boolean => {
  if (typeof document === 'undefined') return false;
  if (document.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"]')) return true;
  return document.body.style.pointerEvents === 'none';
};
