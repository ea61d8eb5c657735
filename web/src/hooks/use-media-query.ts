import { useSyncExternalStore } from 'react';

const noop = () => undefined;

/** Whether a media query matches now; false where matchMedia does not exist (tests, old browsers). */
export const useMediaQuery = (query: string): boolean =>
  useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return noop;
      const media = window.matchMedia(query);
      media.addEventListener('change', onChange);
      return () => media.removeEventListener('change', onChange);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
    () => false,
  );
