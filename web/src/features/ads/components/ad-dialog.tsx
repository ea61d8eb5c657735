import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useReducer, useRef } from 'react';
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

/**
 * The popup's and the interstitial's modal (Radix Dialog): an ad unit, a countdown ('You can close this
 * in 5s'), and 'Close advertisement', enabled when the countdown reaches 0. Escape and a press outside
 * close it only then.
 */
export function AdDialog({ seconds, kind, onClose }: AdDialogProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Read while rendering, before the dialog takes focus; focus returns here on close.
  const returnFocusRef = useRef<Element | null>(document.activeElement);
  const [countdown, dispatch] = useReducer(countdownReducer, undefined, () => startCountdown(seconds, Date.now()));
  const canClose = countdown.remaining === 0;
  const canCloseRef = useRef(canClose);

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

  /** Escape and a press outside do nothing until the countdown is over. */
  const holdUntilClosable = (event: Event) => {
    if (!canCloseRef.current) event.preventDefault();
  };

  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open && canCloseRef.current) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="ad-dialog-layer">
          <Dialog.Content
            ref={dialogRef}
            className={`ad-dialog ad-dialog--${kind}`}
            aria-modal="true"
            aria-label="Advertisement"
            onEscapeKeyDown={holdUntilClosable}
            onPointerDownOutside={holdUntilClosable}
            onOpenAutoFocus={(event) => {
              // The dialog itself takes focus: its button is still disabled, and the ad's link is not the point.
              event.preventDefault();
              dialogRef.current?.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              const previous = returnFocusRef.current;
              if (previous instanceof HTMLElement && previous.isConnected) previous.focus();
            }}
          >
            <div className="ad-dialog-bar">
              <span className="ad-slot-label">Advertisement</span>
              <Dialog.Close asChild>
                <button ref={closeRef} type="button" className="ad-dialog-close" disabled={!canClose}>
                  Close advertisement
                </button>
              </Dialog.Close>
            </div>
            <AdUnit kind={kind} />
            <Dialog.Description className="ad-dialog-countdown">{countdownText(countdown.remaining)}</Dialog.Description>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
