import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PricesAgeBar, ShownPricesDateProvider } from '../components/market/prices-as-of';
import { AppErrorBoundary } from '../components/widgets/app-error-boundary';
import { AdSlot } from '../features/ads/components/ad-slot';
import { PremiumTicker } from '../features/premium/components/premium-ticker';
import { formatMarketDate } from '../lib/format';
import { useCompliance } from '../lib/get-compliance';

type LayoutMainProps = {
  /** Keys the error boundary, so a failed page recovers on the next address. */
  pathname: string;
  /** Set while the mobile drawer covers the page. */
  inert: boolean;
  /** A notice above everything else in the column (the device conflict). */
  banner?: ReactNode;
};

/** Under the `registered` compliance profile, the research analyst who runs this copy, on every page. */
function RegisteredAnalyst() {
  const analyst = useCompliance().data?.research_analyst;
  if (!analyst) return null;
  return (
    <p data-testid="footer-registration">
      Run by {analyst.name}, SEBI-registered research analyst, registration {analyst.registration_number} (valid until{' '}
      {formatMarketDate(analyst.valid_until)}).
    </p>
  );
}

/** The shell's main column: a banner, the prices' date, the premium ticker, the header ad, the page and the footer. */
export function LayoutMain({ pathname, inert, banner }: LayoutMainProps) {
  return (
    <div className="app-main" inert={inert}>
      {banner}
      <PricesAgeBar />
      <PremiumTicker />
      <div className="header-ad">
        <AdSlot variant="header" />
      </div>
      <main id="main-content" className="content" tabIndex={-1}>
        <AppErrorBoundary key={pathname}>
          <ShownPricesDateProvider>
            <Outlet />
          </ShownPricesDateProvider>
        </AppErrorBoundary>
      </main>
      <footer className="site-footer">
        <p>
          Nivesh <span data-testid="app-version">v{__APP_VERSION__}</span> · Educational analysis, not investment advice.
        </p>
        <RegisteredAnalyst />
      </footer>
    </div>
  );
}
