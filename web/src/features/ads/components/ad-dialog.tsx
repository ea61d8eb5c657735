import { useEffect, useId, useLayoutEffect, useReducer, useRef } from 'react';
import type { RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useModalDialog } from '../../../hooks/use-modal-dialog';
import { countdownReducer, countdownText, startCountdown } from '../ad-rules';
import type { AdUnitKind } from '../ad-rules';
import { AdUnit } from './ad-unit';
import '../ads.css';

/** How often the countdown looks at the clock (it counts against the clock, not the ticks). */
const TICK_MS = 250;

type AdDialogProps = {
  /** Seconds before 'Close advertisement' is enabled. */
  seconds: number;
  kind: Extract<AdUnitKind, 'popup' | 'interstitial'>;
  onClose: () => void;
};

/** Everything else on the page is inert while the ad dialog is open (what aria-modal promises). */
const useInertOutside = (ref: RefObject<HTMLElement | null>) => {
  useLayoutEffect(() => {
    const own = ref.current;
    if (!own) return;
    const made: Element[] = [];
    for (const element of Array.from(document.body.children)) {
      if (element === own || element.hasAttribute('inert') || element.tagName === 'SCRIPT') continue;
      element.setAttribute('inert', '');
      made.push(element);
    }
    return () => {
      for (const element of made) element.removeAttribute('inert');
    };
  }, [ref]);
};

/**
 * The popup's and the interstitial's modal: an ad unit, a countdown ('You can close this in 5s'), and
 * 'Close advertisement', enabled when the countdown reaches 0. Escape closes it only then.
 */
export function AdDialog({ seconds, kind, onClose }: AdDialogProps) {
  const layerRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [countdown, dispatch] = useReducer(countdownReducer, undefined, () => startCountdown(seconds, Date.now()));
  const canClose = countdown.remaining === 0;
  const canCloseRef = useRef(canClose);
  const countdownId = useId();

  useEffect(() => {
    canCloseRef.current = canClose;
    if (canClose) {
      // Focus goes to the now usable button unless the visitor moved it (to the ad's link, say).
      if (document.activeElement === dialogRef.current || !dialogRef.current?.contains(document.activeElement)) closeRef.current?.focus();
      return;
    }
    const timer = setInterval(() => dispatch({ type: 'tick', now: Date.now() }), TICK_MS);
    return () => clearInterval(timer);
  }, [canClose]);

  useModalDialog(dialogRef, {
    onEscape: () => {
      if (canCloseRef.current) onClose();
    },
  });
  useInertOutside(layerRef);

  return createPortal(
    <div ref={layerRef} className="ad-dialog-layer">
      <div
        ref={dialogRef}
        className={`ad-dialog ad-dialog--${kind}`}
        role="dialog"
        aria-modal="true"
        aria-label="Advertisement"
        aria-describedby={countdownId}
        tabIndex={-1}
      >
        <div className="ad-dialog-bar">
          <span className="ad-slot-label">Advertisement</span>
          <button ref={closeRef} type="button" className="ad-dialog-close" disabled={!canClose} onClick={onClose}>
            Close advertisement
          </button>
        </div>
        <AdUnit kind={kind} />
        <p id={countdownId} className="ad-dialog-countdown">
          {countdownText(countdown.remaining)}
        </p>
      </div>
    </div>,
    document.body,
  );
}
