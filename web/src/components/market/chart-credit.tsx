/** Lightweight Charts' licence asks for this notice and link to TradingView on the page of every chart it draws. */
export function ChartCredit({ className }: { className: string }) {
  return (
    <figcaption className={className}>
      Chart: TradingView Lightweight Charts™, © TradingView, Inc. <a href="https://www.tradingview.com/">tradingview.com</a>
    </figcaption>
  );
}
