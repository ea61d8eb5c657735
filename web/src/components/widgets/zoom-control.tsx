import { useEffect, useRef, useState } from 'react';
import type { PointerEvent } from 'react';
import { useMediaQuery } from '../../hooks/use-media-query';
import { useInactivity } from './use-inactivity';
import { WIDGET_TEXTS, ZOOM_FADE_MS } from './texts';
import { ZOOM_DEFAULT, ZOOM_MAX, ZOOM_MIN, formatZoom, zoomIn, zoomOut } from './zoom';
import './widgets.css';

const ZOOM_PROPERTY = '--app-zoom';

/**
 * Page zoom: in, the percentage, out, and reset; 0.5–3.0 in steps of 0.1. The layout docks it with the other floating
 * controls (app/layout.tsx). The zoom is a CSS variable on <html> read by `#root { zoom: ... }` (CSSOM, allowed by
 * the CSP); the dock undoes it, so the control keeps its size.
 *
 * Faded, it takes no taps: its buttons let them through to the control, and a tap there only brings it back.
 */
export function ZoomControl() {
  const [zoom, setZoom] = useState(ZOOM_DEFAULT);
  const { idle, poke, hold } = useInactivity(ZOOM_FADE_MS);
  const coarsePointer = useMediaQuery('(pointer: coarse)');
  const zoomInRef = useRef<HTMLButtonElement>(null);
  const zoomOutRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    document.documentElement.style.setProperty(ZOOM_PROPERTY, String(zoom));
  }, [zoom]);

  useEffect(
    () => () => {
      document.documentElement.style.removeProperty(ZOOM_PROPERTY);
    },
    [],
  );

  const change = (next: number) => {
    poke();
    setZoom(next);
    // A button that becomes disabled drops keyboard focus; hand it to the one that still works.
    if (next >= ZOOM_MAX && document.activeElement === zoomInRef.current) zoomOutRef.current?.focus();
    if (next <= ZOOM_MIN && document.activeElement === zoomOutRef.current) zoomInRef.current?.focus();
  };

  // A mouse pointing at it holds it; a finger has no hover, and its touch would wake and press a button at once.
  const holdFor = (held: boolean) => (event: PointerEvent) => {
    if (event.pointerType !== 'touch') hold(held);
  };

  const percentage = formatZoom(zoom);

  return (
    <div
      className={idle ? 'zoom-control is-idle' : 'zoom-control'}
      role="group"
      aria-label="Page zoom"
      onPointerEnter={holdFor(true)}
      onPointerLeave={holdFor(false)}
      // Focus wakes it but does not hold it: a clicked button keeps focus, and it should still fade.
      onFocus={poke}
      // A tap on the faded control lands here (its buttons let taps through) and wakes it.
      onClick={idle ? poke : undefined}
    >
      {/* In before out: the order the dock's column shows them top to bottom (a phone's bar shows out first). */}
      <div className="zoom-control-buttons">
        <button
          ref={zoomInRef}
          type="button"
          className="zoom-button zoom-in"
          aria-label="Zoom in"
          disabled={zoom >= ZOOM_MAX}
          onClick={() => change(zoomIn(zoom))}
        >
          <span aria-hidden="true">+</span>
        </button>
        <output className="zoom-value" aria-live="polite" aria-label={`Zoom ${percentage}`}>
          {percentage}
        </output>
        <button
          ref={zoomOutRef}
          type="button"
          className="zoom-button zoom-out"
          aria-label="Zoom out"
          disabled={zoom <= ZOOM_MIN}
          onClick={() => change(zoomOut(zoom))}
        >
          <span aria-hidden="true">−</span>
        </button>
        <button type="button" className="zoom-button zoom-reset" aria-label="Reset zoom" onClick={() => change(ZOOM_DEFAULT)}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
            <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
            <path d="M3 3v5h5" />
          </svg>
        </button>
      </div>
      {coarsePointer ? <p className="zoom-hint">{WIDGET_TEXTS.pinchToZoom}</p> : null}
    </div>
  );
}
