import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { filtersFromInputs, withFilters } from '../filters';
import type { ScreenerFilters } from '../filters';
import { MEASURE_LABELS, UNDERVALUED_TEXTS } from '../texts';
import { SCREENER_FILTERS } from '@nivesh/proto/values';
import type { FilterKey } from '../filters';

type ScreenerFormProps = {
  /** The filters in the address: the boxes start from them. */
  filters: ScreenerFilters;
  onApply: (filters: ScreenerFilters) => void;
  /** The server's sentence refusing the filters (400 {detail}), shown beside the form. */
  rejection: string | null;
};

const inputsOf = (filters: ScreenerFilters): Partial<Record<FilterKey, string>> =>
  Object.fromEntries(Object.entries(filters).map(([key, value]) => [key, String(value)]));

/** One measure's lowest and highest value, side by side, named in words with the measure's unit. */
function RangeField({
  measure,
  values,
  onChange,
}: {
  measure: (typeof SCREENER_FILTERS)[number];
  values: Partial<Record<FilterKey, string>>;
  onChange: (key: FilterKey, value: string) => void;
}) {
  const id = useId();
  const label = MEASURE_LABELS[measure].filter;
  const bound = (side: 'min' | 'max') => {
    const key: FilterKey = `${measure}_${side}`;
    const words = side === 'min' ? UNDERVALUED_TEXTS.lowest : UNDERVALUED_TEXTS.highest;
    return (
      <label className="screener-bound" htmlFor={`${id}-${side}`}>
        <span aria-hidden="true">{words}</span>
        <input
          id={`${id}-${side}`}
          name={key}
          type="number"
          inputMode="decimal"
          step="any"
          aria-label={`${words} ${label}`}
          value={values[key] ?? ''}
          onChange={(event) => onChange(key, event.target.value)}
        />
      </label>
    );
  };
  return (
    <fieldset className="screener-range">
      <legend>{label}</legend>
      <div className="screener-bounds">
        {bound('min')}
        {bound('max')}
      </div>
    </fieldset>
  );
}

/**
 * The screener's filters: a lowest and highest value for each measure. Apply writes them to the address (so the view
 * can be shared and reloaded); Clear removes them. `filters` must keep its identity while the filters are the same.
 */
export function ScreenerForm({ filters, onApply, rejection }: ScreenerFormProps) {
  const headingId = useId();
  const [values, setValues] = useState(() => inputsOf(filters));
  // New filters in the address (applied, cleared, or Back) show in the boxes; the form itself stays, and so does focus.
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    setShown(filters);
    setValues(inputsOf(filters));
  }
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const cleared = withFilters(params, {}).toString();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(filtersFromInputs(values));
  };
  return (
    <section className="panel screener-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{UNDERVALUED_TEXTS.screenerTitle}</h2>
      <p className="muted">{UNDERVALUED_TEXTS.screenerLead}</p>
      <form className="screener-form" onSubmit={submit} noValidate>
        <div className="screener-ranges">
          {SCREENER_FILTERS.map((measure) => (
            <RangeField
              key={measure}
              measure={measure}
              values={values}
              onChange={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
            />
          ))}
        </div>
        <div className="screener-actions">
          <button type="submit" className="primary">
            {UNDERVALUED_TEXTS.apply}
          </button>
          <Link to={{ pathname, search: cleared ? `?${cleared}` : '' }} className="screener-clear">
            {UNDERVALUED_TEXTS.clear}
          </Link>
          {rejection ? (
            <p className="form-error screener-rejection" role="alert">
              {UNDERVALUED_TEXTS.filtersRejected} {rejection}
            </p>
          ) : null}
        </div>
      </form>
    </section>
  );
}
