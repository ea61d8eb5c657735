import { formatMarketDate } from '../lib/format';
import { useMarketStatus } from '../lib/market/get-market-status';

/** On every page: the date of the latest stored bar, so no page passes end-of-day prices off as live. */
export function FooterPricesAsOf() {
  const status = useMarketStatus();
  const asOf = status.data?.as_of;
  if (!asOf) return null;
  return (
    <span data-testid="footer-prices-as-of">
      {' '}
      · NSE prices as of <time dateTime={asOf}>{formatMarketDate(asOf)}</time> (end of day)
    </span>
  );
}
