import { useState } from 'react';
import { Link } from 'react-router';
import '../../../components/widgets/widgets.css';
import { usePremium } from '../../../hooks/use-premium';
import { premiumOffer } from '../../../lib/premium-status';
import { PREMIUM_MONTHLY_PRICE, PREMIUM_WIDGET_TEXTS as TEXTS } from './premium-widget-texts';

function TickerItems({ hidden = false }: { hidden?: boolean }) {
  return (
    <ul className="premium-ticker-list" aria-hidden={hidden || undefined}>
      {TEXTS.tickerItems.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * A scrolling strip of premium benefits with a link to /premium, for those who could upgrade: hidden while premium is
 * active on this device, and on a device in conflict, whose account already pays (the conflict notice offers the move).
 */
export function PremiumTicker() {
  const offer = premiumOffer(usePremium());
  const [paused, setPaused] = useState(false);
  if (offer !== 'upgrade') return null;

  return (
    <section className={paused ? 'premium-ticker is-paused' : 'premium-ticker'} aria-label={TEXTS.tickerLabel}>
      <button
        type="button"
        className="premium-ticker-toggle"
        aria-label={TEXTS.pauseTicker}
        aria-pressed={paused}
        onClick={() => setPaused((value) => !value)}
      >
        <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span>
      </button>
      <div className="premium-ticker-viewport">
        <div className="premium-ticker-track">
          <TickerItems />
          {/* The second copy only makes the loop seamless; screen readers read the list once. */}
          <TickerItems hidden />
        </div>
      </div>
      <Link to="/premium" className="premium-ticker-link">
        {TEXTS.tickerLink} · {PREMIUM_MONTHLY_PRICE}/month
      </Link>
    </section>
  );
}
