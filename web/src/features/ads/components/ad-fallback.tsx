import type { AdUnitKind } from '../ad-rules';

/** Our own promotion, shown when the network has no ad or a blocker is at work (SPEC section 1). */
export const FALLBACK_HEADLINE = 'Nivesh Labs — AI & data solutions for Indian fintech';
const FALLBACK_MAILTO = `mailto:support@nivesh.in?subject=${encodeURIComponent('Nivesh Labs enquiry')}`;

/** The in-house banner: plain markup and a mailto link, no third-party code. */
export function AdFallback({ kind }: { kind: AdUnitKind }) {
  const compact = kind === 'header';
  return (
    <div className={`ad-fallback${compact ? ' ad-fallback--compact' : ''}`} data-testid="ad-fallback">
      <span className="ad-fallback-mark" aria-hidden="true">
        NL
      </span>
      <div className="ad-fallback-copy">
        <p className="ad-fallback-title">{FALLBACK_HEADLINE}</p>
        {!compact && (
          <p className="ad-fallback-text">
            Market-data pipelines and analytics, from the team that builds Nivesh.
          </p>
        )}
      </div>
      <a className="ad-fallback-cta" href={FALLBACK_MAILTO}>
        Talk to our team<span className="visually-hidden"> at Nivesh Labs (opens your e-mail app)</span>
      </a>
    </div>
  );
}
