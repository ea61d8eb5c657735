/** Page zoom limits of the specification (sections 5 and 9): 0.5 to 3.0 in steps of 0.1. */
export const ZOOM_MIN = 0.5;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.1;
export const ZOOM_DEFAULT = 1;

// 0.1 has no exact binary form; one decimal keeps 1.1 + 0.1 at 1.2 rather than 1.2000000000000002.
const toOneDecimal = (value: number): number => Math.round(value * 10) / 10;

/** Rounds to one decimal and keeps the zoom within 0.5–3.0; anything not a number resets to 1. */
export const clampZoom = (zoom: number): number => {
  if (!Number.isFinite(zoom)) return ZOOM_DEFAULT;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, toOneDecimal(zoom)));
};

/** One step (0.1) larger, at most 3.0. */
export const zoomIn = (zoom: number): number => clampZoom(zoom + ZOOM_STEP);

/** One step (0.1) smaller, at least 0.5. */
export const zoomOut = (zoom: number): number => clampZoom(zoom - ZOOM_STEP);

/** The zoom as a whole percentage, e.g. 1.1 -> '110%'. */
export const formatZoom = (zoom: number): string => `${Math.round(zoom * 100)}%`;
