import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SymbolPicker } from '../../../components/market/symbol-picker';
import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { useAuthDialog } from '../../../hooks/use-auth-dialog';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { usePremium } from '../../../hooks/use-premium';
import { useSymbols } from '../../../lib/market/get-symbols';
import { SYMBOL_PATTERN, useSelectedSymbol } from '../../../lib/market/selected-symbol';
import type { PremiumState } from '../../../lib/premium-status';
import { useSession } from '../../../lib/session';
import { predictionErrorMessage, usePredict } from '../api/predict';
import {
  FORECAST_HORIZONS,
  FORECAST_HORIZON_DAYS,
  FREE_FORECAST_HORIZON_DAYS,
  HORIZON_TEXTS,
  PREDICTION_TEXTS,
  PREMIUM_HORIZON_TEXTS,
  TRENDVISION_TEXTS,
} from '../texts';
import type { ForecastHorizon } from '../texts';
import { AccuracyCard } from './accuracy-card';
import { ForecastPanel } from './forecast-panel';
import { LiveRecord } from './live-record';
import { ModelComparison } from './model-comparison';
import { TrackRecord } from './track-record';
import { TrendVisionLead } from './trendvision-lead';
import './prediction.css';

/** The stock named by `?symbol=` in the address, when it looks like a symbol. */
const symbolInAddress = (params: URLSearchParams): string | null => {
  const value = params.get('symbol')?.trim().toUpperCase();
  return value && SYMBOL_PATTERN.test(value) ? value : null;
};

/** The horizon named by `?days=` in the address: one the page offers, else the free one. */
const horizonInAddress = (params: URLSearchParams): ForecastHorizon => {
  const days = Number(params.get('days'));
  return FORECAST_HORIZONS.find((horizon) => horizon === days) ?? FORECAST_HORIZON_DAYS;
};

/** Whether a horizon is the premium tool rather than free to everyone. */
const isPremiumHorizon = (horizon: number) => horizon > FREE_FORECAST_HORIZON_DAYS;

/**
 * While a forecast loads: about the room the forecast, its accuracy card and (on the premium horizon) the model
 * comparison take, so nothing below jumps.
 */
function ForecastLoading({ ticker, horizon }: { ticker: string; horizon: ForecastHorizon }) {
  return (
    <div className="forecast-loading" data-testid="forecast-loading">
      <section className="panel forecast-skeleton" aria-busy="true">
        <p className="query-loading" role="status">
          Forecasting {ticker}...
        </p>
      </section>
      <section className="panel accuracy-skeleton" aria-hidden="true" />
      {isPremiumHorizon(horizon) ? <section className="panel models-skeleton" aria-hidden="true" /> : null}
    </div>
  );
}

/** '10 trading days' or '30 trading days (Premium)': the choice lives in the address, like the stock. */
function HorizonChoice({ value, onChange }: { value: ForecastHorizon; onChange: (horizon: ForecastHorizon) => void }) {
  const name = useId();
  return (
    <fieldset className="horizon-choice">
      <legend>{HORIZON_TEXTS.legend}</legend>
      {FORECAST_HORIZONS.map((horizon) => (
        <label key={horizon} className="horizon-option">
          <input type="radio" name={name} value={horizon} checked={value === horizon} onChange={() => onChange(horizon)} />
          <span>{HORIZON_TEXTS.options[horizon]}</span>
        </label>
      ))}
    </fieldset>
  );
}

type PremiumHorizonNoteProps = {
  premium: PremiumState;
  loggedIn: boolean;
  onShowFree: () => void;
};

/**
 * In place of a 30-day forecast for whoever cannot use premium on this device: what the tool is, that it is part of
 * Premium and where to get it; visitors are asked to log in, and premium held by another device can be moved on
 * /premium. The free forecast is one click away.
 */
function PremiumHorizonNote({ premium, loggedIn, onShowFree }: PremiumHorizonNoteProps) {
  const headingId = useId();
  const authDialog = useAuthDialog();
  const checking = loggedIn && premium.loading;
  const conflict = loggedIn && premium.conflict !== null;
  return (
    <section className="panel premium-horizon-note" aria-labelledby={headingId} data-testid="premium-horizon-note">
      <h2 id={headingId}>{PREMIUM_HORIZON_TEXTS.title}</h2>
      <p>{PREMIUM_HORIZON_TEXTS.description}</p>
      {checking ? (
        <p className="muted" role="status">
          {PREMIUM_HORIZON_TEXTS.checking}
        </p>
      ) : (
        <p>{conflict ? PREMIUM_HORIZON_TEXTS.conflict : PREMIUM_HORIZON_TEXTS.partOfPremium}</p>
      )}
      {loggedIn ? null : <p>{PREMIUM_HORIZON_TEXTS.visitor}</p>}
      <div className="button-row">
        {checking ? null : (
          <Link to="/premium" className="button-link">
            {PREMIUM_HORIZON_TEXTS.seePremium}
          </Link>
        )}
        {loggedIn ? null : (
          <button type="button" className="secondary" onClick={() => authDialog.open('signin')}>
            {PREMIUM_HORIZON_TEXTS.logIn}
          </button>
        )}
        <button type="button" className="secondary" onClick={onShowFree}>
          {PREMIUM_HORIZON_TEXTS.showFree}
        </button>
      </div>
    </section>
  );
}

/** /ai-predictions: TrendVision, a statistical price forecast of one NSE stock with its bands and measured accuracy. */
export function AiPredictionsPage() {
  usePageMeta({
    title: 'TrendVision AI Predictions',
    description: TRENDVISION_TEXTS.description,
    path: '/ai-predictions',
  });
  const [params, setParams] = useSearchParams();
  const addressed = symbolInAddress(params);
  const horizon = horizonInAddress(params);
  const { session } = useSession();
  const premium = usePremium();
  // The longer horizon is asked for only with premium active on this device; otherwise the gateway would refuse it.
  const locked = isPremiumHorizon(horizon) && !premium.active;
  const [, selectSymbol] = useSelectedSymbol();
  const symbols = useSymbols();
  // The stock the field shows: the one in the address, or the one just picked (before the address has it).
  const [picked, setPicked] = useState({ address: addressed, symbol: addressed });
  if (picked.address !== addressed) setPicked({ address: addressed, symbol: addressed ?? picked.symbol });
  // A symbol the list does not know shows as an empty field, and so counts as none.
  const chosen = picked.symbol && (!symbols.data || symbols.data.some((entry) => entry.symbol === picked.symbol)) ? picked.symbol : null;
  // Also kept outside React's state for Predict: a name typed and Predict pressed is picked as the field loses focus,
  // a moment before the click, which can come before the page shows the pick.
  const lastPick = useRef<{ address: string | null; symbol: string } | null>(null);
  const [validation, setValidation] = useState<string | null>(null);
  const prediction = usePredict(locked ? null : addressed, horizon);

  const chooseHorizon = (next: ForecastHorizon) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === FORECAST_HORIZON_DAYS) updated.delete('days');
        else updated.set('days', String(next));
        return updated;
      },
      { replace: true },
    );

  const ask = (next: string) => {
    setValidation(null);
    if (next === addressed) {
      if (prediction.isError && !locked) void prediction.refetch();
      return;
    }
    selectSymbol(next);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const pick = lastPick.current?.address === addressed ? lastPick.current.symbol : null;
    const next = pick ?? chosen;
    if (!next) {
      setValidation(PREDICTION_TEXTS.emptyTicker);
      return;
    }
    ask(next);
  };

  const onPick = (symbol: string) => {
    lastPick.current = { address: addressed, symbol };
    setPicked({ address: addressed, symbol });
    ask(symbol);
  };

  // Asking again after a failure shows the forecast's room loading, not the old error beside it.
  const error = validation ?? (!locked && prediction.isError && !prediction.isFetching ? predictionErrorMessage(prediction.error) : null);
  const result = validation || locked ? undefined : prediction.data;

  return (
    <div className="page-body prediction-page">
      <PageHeader eyebrow="TrendVision" title="AI Price Predictions" lead={<TrendVisionLead />} />
      <EducationalNotice />
      <section className="panel predict-form-panel" aria-labelledby="predict-form-heading">
        <h2 id="predict-form-heading">Forecast a stock</h2>
        <form className="predict-form" onSubmit={onSubmit} noValidate>
          <SymbolPicker value={chosen ?? ''} onChange={onPick} label="Ticker symbol" pickOnBlur errorId={error ? 'predict-error' : undefined} />
          <button type="submit" className="primary">
            Predict
          </button>
        </form>
        {error ? (
          <p id="predict-error" className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <HorizonChoice value={horizon} onChange={chooseHorizon} />
        <p className="prediction-disclaimer" data-testid="prediction-disclaimer">
          {TRENDVISION_TEXTS.disclaimer}
        </p>
      </section>
      {locked ? (
        <PremiumHorizonNote premium={premium} loggedIn={session !== null} onShowFree={() => chooseHorizon(FORECAST_HORIZON_DAYS)} />
      ) : result ? (
        <>
          <ForecastPanel result={result} />
          <AccuracyCard result={result} />
          {result.models ? <ModelComparison models={result.models} /> : null}
        </>
      ) : !validation && addressed && prediction.isFetching ? (
        <ForecastLoading ticker={addressed} horizon={horizon} />
      ) : null}
      <TrackRecord />
      <LiveRecord />
    </div>
  );
}
