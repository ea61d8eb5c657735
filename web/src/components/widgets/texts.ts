/** Texts of the shared widgets that the specification quotes (section 2), verbatim. */
export const WIDGET_TEXTS = {
  gotIt: 'Got it!',
  pinchToZoom: 'Pinch to zoom also works',
  errorTitle: 'Something went wrong',
  reloadPage: 'Reload Page',
} as const;

/** The zoom control fades after 5 s without use (section 9). */
export const ZOOM_FADE_MS = 5000;
