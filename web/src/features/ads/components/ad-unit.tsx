import { useEffect, useReducer, useRef } from 'react';
import { adClientId, adSlotId } from '../ad-config';
import { BAIT_CLASS_NAME, isBaitBlocked } from '../ad-blocker';
import {
  AD_BLOCKER_CHECK_MS,
  AD_FILL_TIMEOUT_MS,
  AD_SCRIPT_DELAY_MS,
  adFrameUrl,
  adUnitReducer,
  initialAdUnit,
  parseAdMessage,
} from '../ad-rules';
import type { AdUnitKind } from '../ad-rules';
import { AdFallback } from './ad-fallback';

/** Off-screen but laid out, so a blocker's `display: none` is the only way it loses its size. */
const BAIT_STYLE = { position: 'absolute', left: '-10000px', top: 0, width: '2px', height: '2px' } as const;

/**
 * The sandbox of the ad frame: scripts and popups (an ad's click opens a normal tab), never
 * allow-same-origin, so the network's code runs in an opaque origin and cannot read the page's
 * storage, cookies or token.
 */
export const AD_FRAME_SANDBOX = 'allow-scripts allow-popups allow-popups-to-escape-sandbox';

/**
 * One ad unit: the bait (0-100 ms), the sandboxed frame from 1 s, the fallback banner when a blocker
 * is found, the frame reports no ad or a failed script, or nothing filled within 3 s.
 */
export function AdUnit({ kind }: { kind: AdUnitKind }) {
  const clientId = adClientId();
  const [state, dispatch] = useReducer(adUnitReducer, clientId, initialAdUnit);
  const baitRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (!clientId) return;
    const timers = [
      setTimeout(() => dispatch({ type: 'blocker-checked', blocked: baitRef.current ? isBaitBlocked(baitRef.current) : false }), AD_BLOCKER_CHECK_MS),
      setTimeout(() => dispatch({ type: 'script-due' }), AD_SCRIPT_DELAY_MS),
      setTimeout(() => dispatch({ type: 'deadline' }), AD_FILL_TIMEOUT_MS),
    ];
    return () => timers.forEach(clearTimeout);
  }, [clientId]);

  const framed = state.phase === 'loading' || state.phase === 'filled';
  useEffect(() => {
    if (!framed) return;
    const onMessage = (event: MessageEvent) => {
      // Only our own frame's window may speak; its origin is opaque ('null'), so the window is the check.
      const frame = frameRef.current;
      if (!frame?.contentWindow || event.source !== frame.contentWindow) return;
      const status = parseAdMessage(event.data);
      if (status) dispatch({ type: 'frame', status });
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [framed]);

  return (
    <div className={`ad-unit ad-unit--${kind}`} data-ad-state={state.phase}>
      {(state.phase === 'waiting' || state.phase === 'loading') && (
        <span className="ad-unit-placeholder" aria-hidden="true">
          Advertisement loading…
        </span>
      )}
      {state.phase === 'waiting' && <div ref={baitRef} className={BAIT_CLASS_NAME} style={BAIT_STYLE} aria-hidden="true" />}
      {framed && clientId && (
        <iframe
          ref={frameRef}
          className="ad-frame"
          src={adFrameUrl(clientId, adSlotId(kind))}
          sandbox={AD_FRAME_SANDBOX}
          title="Advertisement"
          referrerPolicy="no-referrer"
        />
      )}
      {state.phase === 'fallback' && <AdFallback kind={kind} />}
    </div>
  );
}
