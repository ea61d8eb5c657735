/** Sizing rules of the left sidebar (sections 2 and 9). */

export const SIDEBAR_MIN_WIDTH = 240;
export const SIDEBAR_MAX_WIDTH = 480;
export const SIDEBAR_DEFAULT_WIDTH = 288;
/** How far one arrow-key press on the resize handle moves the edge. */
export const SIDEBAR_KEY_STEP = 16;
/** Screens narrower than this get the collapsed sidebar. */
export const MOBILE_BREAKPOINT = 768;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_BREAKPOINT - 1}px)`;
/** Our own local-storage key; the specification's session keys are untouched. */
export const SIDEBAR_WIDTH_KEY = 'nivesh.sidebar.width';

/** A dragged or stored width kept within 240..480 px, in whole pixels; nonsense gives the default. */
export const clampSidebarWidth = (width: number): number => {
  if (!Number.isFinite(width)) return SIDEBAR_DEFAULT_WIDTH;
  return Math.round(Math.min(SIDEBAR_MAX_WIDTH, Math.max(SIDEBAR_MIN_WIDTH, width)));
};

/** The sidebar starts collapsed on screens narrower than 768 px. */
export const isCollapsedViewport = (viewportWidth: number): boolean => viewportWidth < MOBILE_BREAKPOINT;

/** The width after a key press on the resize handle, or null for keys it ignores. */
export const sidebarWidthForKey = (width: number, key: string): number | null => {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampSidebarWidth(width - SIDEBAR_KEY_STEP);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampSidebarWidth(width + SIDEBAR_KEY_STEP);
    case 'Home':
      return SIDEBAR_MIN_WIDTH;
    case 'End':
      return SIDEBAR_MAX_WIDTH;
    default:
      return null;
  }
};

const storage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export const readSidebarWidth = (): number => {
  const stored = storage()?.getItem(SIDEBAR_WIDTH_KEY);
  return stored ? clampSidebarWidth(Number(stored)) : SIDEBAR_DEFAULT_WIDTH;
};

export const saveSidebarWidth = (width: number) => {
  try {
    storage()?.setItem(SIDEBAR_WIDTH_KEY, String(clampSidebarWidth(width)));
  } catch {
    // A full or disabled storage only costs the remembered width.
  }
};
