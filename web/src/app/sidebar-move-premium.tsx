import { Icon } from '../components/icons';
import { useClaimDevice } from '../features/premium/api/claim-device';
import { DEVICE_CONFLICT_TEXTS as TEXTS } from '../features/premium/components/premium-widget-texts';

/**
 * The sidebar's item in place of 'Upgrade to Premium' on a device in conflict: the account already pays, so the one
 * offer is to move premium here, with the server's sentence when it cannot.
 */
export function SidebarMovePremium({ collapsed }: { collapsed: boolean }) {
  const move = useClaimDevice();
  const label = move.isPending ? TEXTS.moving : TEXTS.move;
  return (
    <>
      <button
        type="button"
        className="sidebar-item upgrade move-here"
        onClick={() => move.mutate()}
        disabled={move.isPending}
        title={collapsed ? label : undefined}
      >
        <Icon name="crown" />
        <span className="sidebar-label">{label}</span>
      </button>
      {move.isError ? (
        <p className="form-error sidebar-label" role="alert">
          {move.error.message || TEXTS.moveFailed}
        </p>
      ) : null}
    </>
  );
}
