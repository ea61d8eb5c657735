import './market.css';

/** Said in place of a stock's figures when the address names a symbol that is not in the list of stocks. */
export const unknownSymbolText = (symbol: string) => `We have no stock with the symbol ${symbol}. Pick one from the list above.`;

export function UnknownSymbol({ symbol }: { symbol: string }) {
  return (
    <div className="query-error" role="alert" data-testid="unknown-symbol">
      <p>{unknownSymbolText(symbol)}</p>
    </div>
  );
}
