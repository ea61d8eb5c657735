import { useState } from 'react';
import { usePremium } from '../../../hooks/use-premium';
import { adStorage } from '../ad-config';
import { adsEnabledFor, hideHeaderAd, isHeaderAdHidden } from '../ad-rules';
import type { AdVariant } from '../ad-rules';
import { AdUnit } from './ad-unit';
import '../ads.css';

export type AdSlotProps = { variant: AdVariant };

/**
 * An advertising slot unless premium is active here (header, sidebar or content). Premium users get nothing
 * rendered at all: no frame, no timers. The header slot can be hidden for the browser session.
 */
export function AdSlot({ variant }: AdSlotProps) {
  const premium = usePremium();
  const [hidden, setHidden] = useState(() => variant === 'header' && isHeaderAdHidden(adStorage().session));
  if (!adsEnabledFor(premium) || hidden) return null;

  const hide = () => {
    hideHeaderAd(adStorage().session);
    setHidden(true);
  };

  return (
    <div className={`ad-slot ad-slot--${variant}`} data-testid={`ad-slot-${variant}`}>
      <div className="ad-slot-bar">
        <span className="ad-slot-label">Advertisement</span>
        {variant === 'header' && (
          <button type="button" className="ad-slot-hide" onClick={hide}>
            Hide ad
          </button>
        )}
      </div>
      <AdUnit kind={variant} />
    </div>
  );
}
