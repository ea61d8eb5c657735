import type { PredictResponse } from '@nivesh/proto';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { PendingPanel } from '../../../components/pending-panel';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { formatINR } from '../../../lib/format';
import { PENDING } from '../../../lib/pending';
import { predictionErrorMessage, usePredict } from '../api/predict';
import { PREDICTION_TEXTS } from '../texts';
import './prediction.css';

function ForecastTable({ result }: { result: PredictResponse }) {
  return (
    <section className="panel" aria-labelledby="forecast-heading">
      <h2 id="forecast-heading">
        {result.ticker}: the next {result.horizon_days} trading days
      </h2>
      <p className="muted">
        Based on daily prices up to {result.as_of}
        {result.last_close === undefined ? '' : `, last close ${formatINR(result.last_close)}`}.
      </p>
      <table className="data-table">
        <caption className="visually-hidden">Forecast closing prices</caption>
        <thead>
          <tr>
            <th scope="col">Trading day</th>
            <th scope="col">Forecast close</th>
            {result.lower && result.upper ? <th scope="col">80% range</th> : null}
          </tr>
        </thead>
        <tbody>
          {result.forecast.map((value, index) => (
            <tr key={index}>
              <th scope="row">Day {index + 1}</th>
              <td>{formatINR(value)}</td>
              {result.lower && result.upper ? (
                <td>
                  {formatINR(result.lower[index])} – {formatINR(result.upper[index])}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** /ai-predictions: TrendVision, the AI price forecast of one NSE stock. */
export function AiPredictionsPage() {
  usePageMeta({
    title: 'TrendVision AI Predictions',
    description: `TrendVision: ${PENDING.prediction}`,
    path: '/ai-predictions',
  });
  const [ticker, setTicker] = useState('');
  const [validation, setValidation] = useState<string | null>(null);
  const prediction = usePredict();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (prediction.isPending) return;
    if (ticker.trim() === '') {
      setValidation(PREDICTION_TEXTS.emptyTicker);
      return;
    }
    setValidation(null);
    prediction.mutate(ticker.trim().toUpperCase());
  };

  const error = validation ?? (prediction.isError ? predictionErrorMessage(prediction.error) : null);

  return (
    <div className="page-body">
      <PageHeader eyebrow="TrendVision" title="AI Price Predictions" />
      <EducationalNotice />
      <PendingPanel pending={PENDING.prediction} />
      <section className="panel" aria-labelledby="predict-form-heading">
        <h2 id="predict-form-heading">Forecast a stock</h2>
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
          <button type="submit" className="primary" disabled={prediction.isPending}>
            {prediction.isPending ? 'Predicting…' : 'Predict'}
          </button>
        </form>
        {error ? (
          <p id="predict-error" className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="muted">
          Forecasts are estimates from past prices. Markets react to news no model can see, so treat them as one input
          among many.
        </p>
      </section>
      {prediction.data && !validation ? <ForecastTable result={prediction.data} /> : null}
    </div>
  );
}
