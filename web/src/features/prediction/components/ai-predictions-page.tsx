import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { SymbolPicker } from '../../../components/market/symbol-picker';
import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { SYMBOL_PATTERN, useSelectedSymbol } from '../../../lib/market/selected-symbol';
import { predictionErrorMessage, usePredict } from '../api/predict';
import { FORECAST_HORIZON_DAYS, PREDICTION_TEXTS, TRENDVISION_TEXTS } from '../texts';
import { AccuracyCard } from './accuracy-card';
import { ForecastPanel } from './forecast-panel';
import { TrackRecord } from './track-record';
import './prediction.css';

/** The stock named by `?symbol=` in the address, when it looks like a symbol. */
const symbolInAddress = (params: URLSearchParams): string | null => {
  const value = params.get('symbol')?.trim().toUpperCase();
  return value && SYMBOL_PATTERN.test(value) ? value : null;
};

/** While a forecast loads: about the room the forecast and its accuracy card take, so nothing below jumps. */
function ForecastLoading({ ticker }: { ticker: string }) {
  return (
    <div className="forecast-loading" data-testid="forecast-loading">
      <section className="panel forecast-skeleton" aria-busy="true">
        <p className="query-loading" role="status">
          Forecasting {ticker}...
        </p>
      </section>
      <section className="panel accuracy-skeleton" aria-hidden="true" />
    </div>
  );
}

/** /ai-predictions: TrendVision, a statistical price forecast of one NSE stock with its bands and measured accuracy. */
export function AiPredictionsPage() {
  usePageMeta({
    title: 'TrendVision AI Predictions',
    description: `TrendVision: statistical forecasts of NSE stock prices for the next ${FORECAST_HORIZON_DAYS} trading days, with 80 % and 95 % bands and their accuracy on past data.`,
    path: '/ai-predictions',
  });
  const [params] = useSearchParams();
  const addressed = symbolInAddress(params);
  const [, selectSymbol] = useSelectedSymbol();
  const [ticker, setTicker] = useState(addressed ?? '');
  // A ticker the address cannot hold (not shaped like a symbol) is still sent, for the server to answer.
  const [unaddressable, setUnaddressable] = useState<string | null>(null);
  const [validation, setValidation] = useState<string | null>(null);
  const requested = unaddressable ?? addressed;
  const prediction = usePredict(requested);

  const ask = (next: string) => {
    setValidation(null);
    if (next === requested) {
      if (prediction.isError) void prediction.refetch();
      return;
    }
    if (SYMBOL_PATTERN.test(next)) {
      setUnaddressable(null);
      selectSymbol(next);
    } else {
      setUnaddressable(next);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = ticker.trim().toUpperCase();
    if (next === '') {
      setValidation(PREDICTION_TEXTS.emptyTicker);
      return;
    }
    ask(next);
  };

  const onPick = (symbol: string) => {
    setTicker(symbol);
    ask(symbol);
  };

  // Asking again after a failure shows the forecast's room loading, not the old error beside it.
  const error = validation ?? (prediction.isError && !prediction.isFetching ? predictionErrorMessage(prediction.error) : null);
  const result = validation ? undefined : prediction.data;

  return (
    <div className="page-body prediction-page">
      <PageHeader eyebrow="TrendVision" title="AI Price Predictions" lead={TRENDVISION_TEXTS.lead} />
      <EducationalNotice />
      <section className="panel predict-form-panel" aria-labelledby="predict-form-heading">
        <h2 id="predict-form-heading">Forecast a stock</h2>
        <div className="predict-picker">
          <SymbolPicker value={addressed ?? ''} onChange={onPick} />
        </div>
        <form className="inline-form" onSubmit={onSubmit} noValidate>
          <div className="field">
            <label htmlFor="predict-ticker">Ticker symbol</label>
            <input
              id="predict-ticker"
              name="ticker"
              value={ticker}
              onChange={(event) => setTicker(event.target.value)}
              placeholder="e.g. RELIANCE"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'predict-error' : undefined}
            />
          </div>
          <button type="submit" className="primary">
            Predict
          </button>
        </form>
        {error ? (
          <p id="predict-error" className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="prediction-disclaimer" data-testid="prediction-disclaimer">
          {TRENDVISION_TEXTS.disclaimer}
        </p>
      </section>
      {result ? (
        <>
          <ForecastPanel result={result} />
          <AccuracyCard result={result} />
        </>
      ) : !validation && requested && prediction.isFetching ? (
        <ForecastLoading ticker={requested} />
      ) : null}
      <TrackRecord />
    </div>
  );
}
