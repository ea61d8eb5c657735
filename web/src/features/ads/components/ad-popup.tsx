import { useEffect, useState } from 'react';
import { usePremium } from '../../../hooks/use-premium';
import { afterFirstLoad } from '../../../lib/after-first-load';
import { adStorage, modalDialogOpen } from '../ad-config';
import { POPUP_APP_DELAY_MS, POPUP_CLOSE_COUNTDOWN_S, adsEnabledFor, markPopupShown, shouldShowPopup } from '../ad-rules';
import type { PopupMode } from '../ad-rules';
import { loadAdDialog, loadedAdDialog } from './ad-dialog-loader';

export type AdPopupProps = {
  /** Wait before showing (the app's choice: 8000 ms; the specification's default is 5000 ms). */
  delayMs?: number;
  /** How often it may show: once per browser session, once per local calendar day, or every time. */
  mode?: PopupMode;
};

/** While another modal dialog is open the popup waits, checking again this often. */
const RETRY_MS = 1_000;

/**
 * The advertising popup for non-premium users: after `delayMs` it opens (if its display mode allows)
 * with a 5-second countdown before 'Close advertisement' is enabled.
 */
export function AdPopup({ delayMs = POPUP_APP_DELAY_MS, mode = 'once-per-day' }: AdPopupProps) {
  const enabled = adsEnabledFor(usePremium());
  const [open, setOpen] = useState(false);
  const [AdDialog, setAdDialog] = useState(loadedAdDialog);

  useEffect(() => {
    // The dialog loads during the delay, once the first page is done; the popup waits for it if need be.
    if (!enabled || AdDialog) return;
    let alive = true;
    const cancel = afterFirstLoad(() => {
      loadAdDialog().then(
        (component) => {
          if (alive) setAdDialog(() => component);
        },
        (error: unknown) => console.log('Could not load the ad dialog', error),
      );
    });
    return () => {
      alive = false;
      cancel();
    };
  }, [enabled, AdDialog]);

  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout>;
    const due = () => {
      if (modalDialogOpen()) {
        timer = setTimeout(due, RETRY_MS);
        return;
      }
      const storage = adStorage();
      const now = Date.now();
      if (!shouldShowPopup(mode, storage, now)) return;
      markPopupShown(mode, storage, now);
      setOpen(true);
    };
    timer = setTimeout(due, Math.max(0, delayMs));
    return () => clearTimeout(timer);
  }, [enabled, delayMs, mode]);

  if (!enabled || !open || !AdDialog) return null;
  return <AdDialog kind="popup" seconds={POPUP_CLOSE_COUNTDOWN_S} onClose={() => setOpen(false)} />;
}
