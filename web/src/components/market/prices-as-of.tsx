import './market.css';
import { useMarketStatus } from '../../lib/market/get-market-status';
import { formatMarketDate } from '../../lib/format';

/** "Prices as of 28 Mar 2024": the end-of-day date the figures come from, so nothing passes for live. */
export function PricesAsOf({ date }: { date: string | null | undefined }) {
  if (!date) return null;
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
