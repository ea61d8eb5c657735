import { useLayoutEffect, useState } from 'react';
import type { RefObject } from 'react';
import { readSidebarWidth } from '../../lib/sidebar';

/** The sidebar's width in pixels (stored), mirrored into the shell's `--sidebar-width`. */
export const useSidebarWidth = (shellRef: RefObject<HTMLElement | null>) => {
  const [width, setWidth] = useState(readSidebarWidth);
  // CSSOM, not a style attribute: the page's CSP forbids inline style attributes, not this.
  useLayoutEffect(() => {
    shellRef.current?.style.setProperty('--sidebar-width', `${width}px`);
  }, [shellRef, width]);
  return [width, setWidth] as const;
};
