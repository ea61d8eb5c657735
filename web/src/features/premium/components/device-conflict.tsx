import { useId } from 'react';
import type { PremiumConflict } from '../../../lib/premium-status';
import { useClaimDevice } from '../api/claim-device';
import { DEVICE_CONFLICT_TEXTS as TEXTS } from './premium-widget-texts';
import './premium.css';

type DeviceConflictNoticeProps = {
  conflict: PremiumConflict;
  /** Given in the layout's banner, which can be closed for the rest of the page load. */
  onDismiss?: () => void;
};

/**
 * The device conflict of section 4: 'Device Session Conflict: {reason}', that the premium account is active on
 * another device, the server's logout message, and 'Use Premium on this device' to move premium here.
 */
export function DeviceConflictNotice({ conflict, onDismiss }: DeviceConflictNoticeProps) {
  const titleId = useId();
  const move = useClaimDevice();
  const error = move.isError ? move.error.message || TEXTS.moveFailed : null;

  return (
    <section className="device-conflict" data-testid="device-conflict" aria-labelledby={titleId}>
      <div role="alert">
        <p id={titleId} className="device-conflict-title">
          {TEXTS.title(conflict.reason)}
        </p>
        <p>{TEXTS.body}</p>
        {conflict.logoutMessage ? <p>{conflict.logoutMessage}</p> : null}
      </div>
      <div className="device-conflict-actions">
        <button type="button" className="primary" onClick={() => move.mutate()} disabled={move.isPending}>
          {move.isPending ? TEXTS.moving : TEXTS.move}
        </button>
        {onDismiss ? (
          <button type="button" className="secondary" onClick={onDismiss}>
            {TEXTS.dismiss}
          </button>
        ) : null}
      </div>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
