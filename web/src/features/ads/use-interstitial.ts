import { createElement, useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { usePremium } from '../../hooks/use-premium';
import { adStorage, modalDialogOpen } from './ad-config';
import { INTERSTITIAL_ACTION_DELAY_MS, INTERSTITIAL_COUNTDOWN_S, adsEnabledFor, interstitialDue, recordInterstitial } from './ad-rules';
import { AdDialog } from './components/ad-dialog';

export type Interstitial = {
  /** Runs `action`, after the interstitial when one is due for this button type, else at once. */
  run: (action: () => void) => void;
  /** The interstitial dialog while it is open; render it anywhere (it portals to the body). */
  element: ReactNode;
};

/**
 * A button-triggered interstitial ad for non-premium users: at most once per 5 minutes per button
 * type, 3-second countdown, and the pending action runs about 100 ms after it is closed.
 */
export const useInterstitial = (buttonType: string): Interstitial => {
  const enabled = adsEnabledFor(usePremium());
  const enabledRef = useRef(enabled);
  const pendingRef = useRef<(() => void) | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    enabledRef.current = enabled;
    if (enabled || !pendingRef.current) return;
    // Became premium while the ad was open: the ad goes, the action still happens.
    const action = pendingRef.current;
    pendingRef.current = null;
    setOpen(false);
    action();
  }, [enabled]);

  useEffect(() => () => clearTimeout(timerRef.current), []);

  const run = useCallback(
    (action: () => void) => {
      if (pendingRef.current) return; // one interstitial at a time; the first click's action is pending
      const { local } = adStorage();
      const now = Date.now();
      if (!enabledRef.current || modalDialogOpen() || !interstitialDue(buttonType, local, now)) {
        action();
        return;
      }
      recordInterstitial(buttonType, local, now);
      pendingRef.current = action;
      setOpen(true);
    },
    [buttonType],
  );

  const close = useCallback(() => {
    const action = pendingRef.current;
    pendingRef.current = null;
    setOpen(false);
    if (action) timerRef.current = setTimeout(action, INTERSTITIAL_ACTION_DELAY_MS);
  }, []);

  const element = open && enabled ? createElement(AdDialog, { kind: 'interstitial', seconds: INTERSTITIAL_COUNTDOWN_S, onClose: close }) : null;
  return { run, element };
};
