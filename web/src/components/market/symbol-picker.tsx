import './market.css';
import './symbol-picker.css';
import { useCombobox } from 'downshift';
import type { UseComboboxState, UseComboboxStateChangeOptions } from 'downshift';
import { useEffect, useId, useMemo, useState } from 'react';
import { useSymbols } from '../../lib/market/get-symbols';
import { readRecentSymbols, rememberRecentSymbol } from '../../lib/market/recent-symbols';
import type { SymbolEntry } from './symbol-search';
import { searchSymbols } from './symbol-search';

type SymbolPickerProps = {
  value: string;
  onChange: (symbol: string) => void;
  label?: string;
  /**
   * Leaving the field with a stock's name half typed picks the best match, as Enter would: for a picker beside a
   * submit button, where pressing the button after typing 'infy' means INFY.
   */
  pickOnBlur?: boolean;
  /** The id of an error shown about the choice (the field is then marked invalid). */
  errorId?: string;
};

/** A titled run of options: "Recent", an industry, or none for the matches of what was typed. */
type Section = { title: string | null; options: Array<{ entry: SymbolEntry; index: number }> };

const NO_ENTRIES: SymbolEntry[] = [];

const itemToString = (entry: SymbolEntry | null) => (entry ? `${entry.symbol} — ${entry.company}` : '');

/** Whether the input holds something the visitor typed, rather than nothing or the picked stock's name. */
const isTyped = (text: string, selected: SymbolEntry | null) => text.trim() !== '' && text !== itemToString(selected);

const stockCount = (count: number) => (count === 1 ? '1 stock matches.' : `${count} stocks match.`);

/**
 * A combobox of every stock: type a symbol or a company name to narrow the list ("inf" → INFY — Infosys), or open
 * it to see the recent picks first, then every stock by industry. The list is filtered here, from the stocks
 * loaded once, so typing sends no request.
 */
export function SymbolPicker({ value, onChange, label = 'Stock', pickOnBlur = false, errorId }: SymbolPickerProps) {
  const statusId = useId();
  const symbols = useSymbols();
  const entries = symbols.data ?? NO_ENTRIES;
  const [recent, setRecent] = useState(readRecentSymbols);
  const selectedItem = useMemo(() => entries.find((entry) => entry.symbol === value) ?? null, [entries, value]);
  const [inputValue, setInputValue] = useState(() => itemToString(selectedItem));

  const byIndustry = useMemo(
    () => [...entries].sort((a, b) => a.industry.localeCompare(b.industry) || a.symbol.localeCompare(b.symbol)),
    [entries],
  );
  const recentEntries = useMemo(
    () => recent.flatMap((symbol) => entries.find((entry) => entry.symbol === symbol) ?? []),
    [recent, entries],
  );
  const typed = isTyped(inputValue, selectedItem);
  const items = useMemo(
    () => (typed ? searchSymbols(entries, inputValue) : [...recentEntries, ...byIndustry]),
    [typed, entries, inputValue, recentEntries, byIndustry],
  );

  const stateReducer = (state: UseComboboxState<SymbolEntry>, { type, changes }: UseComboboxStateChangeOptions<SymbolEntry>) => {
    switch (type) {
      case useCombobox.stateChangeTypes.InputChange: {
        // The best match is ready for Enter; with nothing typed, nothing is.
        const text = changes.inputValue ?? '';
        const matches = isTyped(text, state.selectedItem) ? searchSymbols(entries, text).length : 0;
        return { ...changes, highlightedIndex: matches ? 0 : -1 };
      }
      case useCombobox.stateChangeTypes.InputBlur:
      case useCombobox.stateChangeTypes.InputKeyDownEscape: {
        // Leaving or Escape keeps the stock shown and drops half-typed text; only a pick (Enter, click) changes it,
        // or, with `pickOnBlur`, leaving with a match ready for Enter.
        const typedMatch = isTyped(state.inputValue, state.selectedItem) ? items[state.highlightedIndex] : undefined;
        const kept = pickOnBlur && type === useCombobox.stateChangeTypes.InputBlur && typedMatch ? typedMatch : state.selectedItem;
        return { ...changes, selectedItem: kept, inputValue: itemToString(kept) };
      }
      default:
        return changes;
    }
  };

  const { isOpen, getLabelProps, getInputProps, getMenuProps, getItemProps, getToggleButtonProps } = useCombobox<SymbolEntry>({
    items,
    selectedItem,
    inputValue,
    itemToString,
    itemToKey: (entry) => entry?.symbol ?? null,
    stateReducer,
    onInputValueChange: ({ inputValue: next }) => setInputValue(next),
    onSelectedItemChange: ({ selectedItem: picked }) => {
      if (!picked) return;
      setRecent(rememberRecentSymbol(picked.symbol));
      onChange(picked.symbol);
    },
  });

  const sections = useMemo(() => {
    const list: Section[] = [];
    items.forEach((entry, index) => {
      const title = typed ? null : index < recentEntries.length ? 'Recent' : entry.industry;
      const last = list.at(-1);
      if (last && last.title === title) last.options.push({ entry, index });
      else list.push({ title, options: [{ entry, index }] });
    });
    return list;
  }, [items, typed, recentEntries.length]);

  // The field opens for typing only once it shows the stock picked (downshift puts the label in after the render that
  // finds it): typing before then would be merged with, or replaced by, the label arriving.
  const [ready, setReady] = useState(false);
  const labelShown = selectedItem === null || inputValue === itemToString(selectedItem);
  useEffect(() => {
    if (!ready && !symbols.isPending && labelShown) setReady(true);
  }, [ready, symbols.isPending, labelShown]);
  const disabled = symbols.isPending || !ready;
  const showStatus = isOpen && typed;

  return (
    <div className="symbol-picker">
      <label {...getLabelProps()}>{label}</label>
      <div className="symbol-picker-control">
        <div className="symbol-picker-field">
          <input
            {...getInputProps({
              disabled,
              placeholder: disabled ? 'Loading the stocks...' : 'Symbol or company name',
              spellCheck: false,
              autoComplete: 'off',
              autoCapitalize: 'characters',
              'aria-describedby': [showStatus ? statusId : null, errorId ?? null].filter(Boolean).join(' ') || undefined,
              'aria-invalid': errorId ? true : undefined,
              onFocus: (event) => event.currentTarget.select(),
            })}
            type="text"
            data-testid="symbol-picker"
          />
          <button {...getToggleButtonProps({ disabled })} type="button" className="symbol-picker-toggle" aria-label="Show all stocks">
            <span aria-hidden="true">▾</span>
          </button>
        </div>
        <ul {...getMenuProps({ 'aria-label': 'Stocks' })} className="symbol-picker-menu" hidden={!(isOpen && items.length)}>
          {isOpen
            ? sections.map((section, sectionIndex) => {
                const options = section.options.map(({ entry, index }) => (
                  <li
                    key={`${index}-${entry.symbol}`}
                    className="symbol-picker-option"
                    data-current={entry === selectedItem || undefined}
                    {...getItemProps({ item: entry, index })}
                  >
                    <span className="symbol-picker-symbol">{entry.symbol}</span> — {entry.company}
                  </li>
                ));
                if (section.title === null) return options;
                const titleId = `${statusId}-group-${sectionIndex}`;
                return (
                  <li key={titleId} role="presentation" className="symbol-picker-section">
                    <div id={titleId} role="presentation" className="symbol-picker-group-label">
                      {section.title}
                    </div>
                    <ul role="group" aria-labelledby={titleId}>
                      {options}
                    </ul>
                  </li>
                );
              })
            : null}
        </ul>
        <p id={statusId} role="status" className={showStatus && !items.length ? 'symbol-picker-empty' : 'visually-hidden'}>
          {showStatus ? (items.length ? stockCount(items.length) : `No stock matches “${inputValue.trim()}”. Try the first letters of its symbol or company name.`) : ''}
        </p>
      </div>
      {symbols.error ? <span className="field-error">Could not load the list of stocks: {symbols.error.message}</span> : null}
    </div>
  );
}
