import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate } from 'react-router';
import '../../../components/widgets/widgets.css';
import { usePremium } from '../../../hooks/use-premium';
import { premiumOffer } from '../../../lib/premium-status';
import { useClaimDevice } from '../api/claim-device';
import { DEVICE_CONFLICT_TEXTS, PREMIUM_MONTHLY_PRICE, PREMIUM_WIDGET_TEXTS as TEXTS } from './premium-widget-texts';

type PremiumPreviewModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Icons by feature id; a premium tool without its own icon gets the rising line. */
const FEATURE_ICONS: Readonly<Record<string, string>> = {
  'no-ads': 'M4 5h16v14H4ZM4 5l16 14',
};
const TOOL_ICON = 'M3 17l6-6 4 4 8-8M15 7h6v6';

/**
 * The premium preview: what Premium does today (no advertisements and the premium tools), ₹200 per month, 'Maybe Later', 'Close' and 'Upgrade Now' (not offered
 * while premium is active on this device; on a device in conflict 'Use Premium on this device' stands in its place).
 */
export function PremiumPreviewModal({ open, onOpenChange }: PremiumPreviewModalProps) {
  const navigate = useNavigate();
  const offer = premiumOffer(usePremium());
  const move = useClaimDevice();

  const upgrade = () => {
    onOpenChange(false);
    void navigate('/premium');
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-card premium-preview">
          <Dialog.Close asChild>
            <button type="button" className="icon-button dialog-corner-close" aria-label={TEXTS.close}>
              <span aria-hidden="true">×</span>
            </button>
          </Dialog.Close>
          <span className="premium-preview-badge" aria-hidden="true">
            ★
          </span>
          <Dialog.Title className="dialog-title">{TEXTS.previewTitle}</Dialog.Title>
          <Dialog.Description className="muted">{TEXTS.previewLead}</Dialog.Description>
          <ul className="premium-features">
            {TEXTS.features.map((feature) => (
              <li key={feature.id} className="premium-feature">
                <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                  <path d={FEATURE_ICONS[feature.id] ?? TOOL_ICON} />
                </svg>
                <div>
                  <h3>{feature.title}</h3>
                  <p>{feature.text}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="premium-price">
            <span className="premium-price-amount">{PREMIUM_MONTHLY_PRICE}</span> {TEXTS.perMonth}
          </p>
          <p className="premium-note">{TEXTS.previewNote}</p>
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="secondary">
                {TEXTS.maybeLater}
              </button>
            </Dialog.Close>
            {offer === 'upgrade' ? (
              <button type="button" className="primary" onClick={upgrade}>
                {TEXTS.upgradeNow}
              </button>
            ) : offer === 'move-here' ? (
              <button type="button" className="primary" onClick={() => move.mutate()} disabled={move.isPending}>
                {move.isPending ? DEVICE_CONFLICT_TEXTS.moving : DEVICE_CONFLICT_TEXTS.move}
              </button>
            ) : null}
          </div>
          {move.isError ? (
            <p className="form-error" role="alert">
              {move.error.message || DEVICE_CONFLICT_TEXTS.moveFailed}
            </p>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
