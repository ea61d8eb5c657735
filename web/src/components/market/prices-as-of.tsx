import './market.css';
import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import { useMarketFreshness } from '../../lib/market/get-market-freshness';
import { useMarketStatus } from '../../lib/market/get-market-status';
import { formatMarketDate } from '../../lib/format';
import { pricesAge } from '../../lib/market/prices-age';

/** The date the app shell already shows for every page ("Prices as of …"), or null where it shows none. */
const ShownPricesDate = createContext<string | null>(null);

/**
 * "Prices as of 28 Mar 2024": the end-of-day date a page's figures come from, so nothing passes for live. Inside the
 * app shell it appears only when it differs from the date the shell shows (a stock whose data ends earlier).
 */
export function PricesAsOf({ date }: { date: string | null | undefined }) {
  const shown = useContext(ShownPricesDate);
  if (!date || date === shown) return null;
  return (
    <p className="prices-as-of" data-testid="prices-as-of">
      Prices as of <time dateTime={date}>{formatMarketDate(date)}</time> (end of day, NSE)
    </p>
  );
}

/** The latest stored bar's date from /api/market/status, for pages whose own answers carry no date. */
export function MarketPricesAsOf() {
  const status = useMarketStatus();
  return <PricesAsOf date={status.data?.as_of} />;
}

/**
 * On every page, once, at the top of the shell: the date of the latest stored prices and how long ago that was
 * ("Prices as of 28 Mar 2024, 2 years ago"), so end-of-day data is never taken for live prices; and, when the prices
 * are not those of the last NSE session (or are provisional, or come from the bundled dataset), one sentence saying why.
 * A weekend or a holiday is not stale and says nothing.
 */
export function PricesAgeBar() {
  const status = useMarketStatus();
  const freshness = useMarketFreshness();
  const asOf = status.data?.as_of;
  // While the date loads, an invisible bar of the same words holds its place, so the page below does not move
  // down when it arrives (that move was most of the dashboard's layout shift on a phone).
  if (status.isPending) {
    return (
      <p className="prices-age-bar prices-age-bar-pending" aria-hidden="true">
        Prices as of 28 Mar 2024, 2 years ago (end of day, NSE; not live)
      </p>
    );
  }
  if (!asOf) return null;
  const fresh = freshness.data;
  // The bundled dataset says so in the bar itself (no second sentence below a date that already says 2 years ago).
  const dataset = fresh?.reason === 'dataset';
  const sentence = fresh && !dataset ? fresh.sentence : null;
  return (
    <p className="prices-age-bar" data-testid="prices-as-of" data-stale={fresh?.stale ? 'true' : undefined}>
      Prices as of <time dateTime={asOf}>{formatMarketDate(asOf)}</time>, {pricesAge(asOf)} {dataset ? '(end of day, NSE; bundled dataset, not updated)' : '(end of day, NSE; not live)'}
      {sentence ? (
        <>
          {' '}
          <span className="prices-freshness" data-testid="prices-freshness" role="status">
            {sentence}
          </span>
        </>
      ) : null}
    </p>
  );
}

/** Lets the pages inside know which date PricesAgeBar shows, so they do not repeat it. */
export function ShownPricesDateProvider({ children }: { children: ReactNode }) {
  const asOf = useMarketStatus().data?.as_of ?? null;
  return <ShownPricesDate.Provider value={asOf}>{children}</ShownPricesDate.Provider>;
}
