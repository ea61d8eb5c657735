import type { MarketQuote } from '@nivesh/proto';
import { ChangeText } from '../../../components/market/change-text';
import { PricesAsOf } from '../../../components/market/prices-as-of';
import { NOT_A_NUMBER, formatINR, formatIndianNumber } from '../../../lib/format';

/** The stock's last close, its change on the day, 52-week range and volume, and the date they are from. */
export function QuoteHeader({ quote }: { quote: MarketQuote }) {
  return (
    <div className="quote-header" data-testid="quote-header">
      <div className="quote-title">
        <h2>{quote.company}</h2>
        <span className="quote-symbol">NSE: {quote.symbol}</span>
      </div>
      <p className="quote-price">
        <span className="quote-close" data-testid="quote-close">
          {formatINR(quote.close)}
        </span>
        <ChangeText change={quote.change} changePct={quote.change_pct} testId="quote-change" />
      </p>
      <dl className="stat-list">
        <div>
          <dt>52-week high</dt>
          <dd data-testid="quote-high">{formatINR(quote.high_52w)}</dd>
        </div>
        <div>
          <dt>52-week low</dt>
          <dd data-testid="quote-low">{formatINR(quote.low_52w)}</dd>
        </div>
        <div>
          <dt>Volume</dt>
          <dd data-testid="quote-volume">{quote.volume === null ? NOT_A_NUMBER : formatIndianNumber(quote.volume, 0)}</dd>
        </div>
      </dl>
      <PricesAsOf date={quote.as_of} />
    </div>
  );
}
