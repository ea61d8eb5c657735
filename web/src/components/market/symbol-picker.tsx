import './market.css';
import { useId, useMemo } from 'react';
import { useSymbols } from '../../lib/market/get-symbols';

type SymbolPickerProps = {
  value: string;
  onChange: (symbol: string) => void;
  label?: string;
};

/** A labelled select of every stock, grouped by industry ("INFY — Infosys Ltd."). */
export function SymbolPicker({ value, onChange, label = 'Stock' }: SymbolPickerProps) {
  const id = useId();
  const symbols = useSymbols();
  const groups = useMemo(() => {
    const byIndustry = new Map<string, Array<{ symbol: string; company: string }>>();
    for (const entry of symbols.data ?? []) {
      const list = byIndustry.get(entry.industry) ?? [];
      list.push(entry);
      byIndustry.set(entry.industry, list);
    }
    return [...byIndustry].sort(([a], [b]) => a.localeCompare(b));
  }, [symbols.data]);
  const known = symbols.data?.some((entry) => entry.symbol === value) ?? false;
  return (
    <div className="symbol-picker">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} disabled={symbols.isPending} data-testid="symbol-picker">
        {!known ? <option value={value}>{value}</option> : null}
        {groups.map(([industry, entries]) => (
          <optgroup key={industry} label={industry}>
            {entries.map((entry) => (
              <option key={entry.symbol} value={entry.symbol}>
                {entry.symbol} — {entry.company}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {symbols.error ? <span className="field-error">Could not load the list of stocks: {symbols.error.message}</span> : null}
    </div>
  );
}
