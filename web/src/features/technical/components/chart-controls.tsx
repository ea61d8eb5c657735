import type { HistoryRange } from '@nivesh/proto';
import { CHART_RANGES, TECHNICAL_TEXTS } from '../texts';

type RangeButtonsProps = { value: HistoryRange; onChange: (range: HistoryRange) => void };

/** 1M / 6M / 1Y / 5Y / Max; the chosen one is pressed. */
export function RangeButtons({ value, onChange }: RangeButtonsProps) {
  return (
    <div className="segmented" role="group" aria-label="Chart range">
      {CHART_RANGES.map((range) => (
        <button key={range.value} type="button" title={range.name} aria-pressed={range.value === value} onClick={() => onChange(range.value)}>
          {range.label}
        </button>
      ))}
    </div>
  );
}

type PriceBasisProps = {
  adjusted: boolean;
  onChange: (adjusted: boolean) => void;
  /** The id of the sentence saying what the difference is (PriceBasisNote), shown where the layout has room for it. */
  describedBy: string;
};

/** Split/bonus adjusted (the default) or as traded. */
export function PriceBasisToggle({ adjusted, onChange, describedBy }: PriceBasisProps) {
  return (
    <div className="segmented" role="group" aria-label="Prices" aria-describedby={describedBy}>
      <button type="button" aria-pressed={adjusted} onClick={() => onChange(true)}>
        {TECHNICAL_TEXTS.adjusted}
      </button>
      <button type="button" aria-pressed={!adjusted} onClick={() => onChange(false)}>
        {TECHNICAL_TEXTS.asTraded}
      </button>
    </div>
  );
}

/** What adjusted and as-traded prices are. */
export function PriceBasisNote({ id }: { id: string }) {
  return (
    <p id={id} className="control-hint">
      {TECHNICAL_TEXTS.adjustedExplained}
    </p>
  );
}

type ToggleOption<K extends string> = { key: K; label: string; description: string };

type ToggleGroupProps<K extends string> = {
  legend: string;
  options: ReadonlyArray<ToggleOption<K>>;
  value: readonly K[];
  onChange: (value: K[]) => void;
  disabled?: boolean;
  /** Shown under the checkboxes, e.g. why they are disabled. */
  note?: string;
};

/** A row of labelled checkboxes; `value` keeps the options' order. */
export function ToggleGroup<K extends string>({ legend, options, value, onChange, disabled = false, note }: ToggleGroupProps<K>) {
  const toggle = (key: K, on: boolean) => onChange(options.map((option) => option.key).filter((k) => (k === key ? on : value.includes(k))));
  return (
    <fieldset className="toggle-group" disabled={disabled}>
      <legend>{legend}</legend>
      <div className="toggle-options">
        {options.map((option) => (
          <label key={option.key} className="toggle-option" title={option.description} data-series={option.key}>
            <input type="checkbox" checked={value.includes(option.key)} onChange={(event) => toggle(option.key, event.target.checked)} />
            <span className="swatch" aria-hidden="true" />
            {option.label}
          </label>
        ))}
      </div>
      {note ? <p className="control-hint">{note}</p> : null}
    </fieldset>
  );
}
