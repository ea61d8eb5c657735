import { FormErrors } from './form-errors';
import { useCheckedSubmit } from './use-checked-submit';
import type { TransactionInput } from '@nivesh/proto';
import { useId, useState } from 'react';
import { SymbolPicker } from '../../../components/market/symbol-picker';
import { useAddTransaction } from '../api/add-transaction';
import { KIND_LABELS, PORTFOLIO_TEXTS, addedLine } from '../texts';
import { NOTE_MAX_LENGTH, TRANSACTION_KINDS } from '@nivesh/proto/values';
import type { TransactionKind } from '@nivesh/proto/values';

/** What the form holds: the figures as typed, so '1,250' and '2596.30' stay as written until sent. */
type Draft = {
  symbol: string;
  date: string;
  kind: TransactionKind;
  quantity: string;
  price: string;
  charges: string;
  note: string;
};

const EMPTY: Draft = { symbol: '', date: '', kind: 'buy', quantity: '', price: '', charges: '', note: '' };

const isoDayInIndia = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today in India, as the date input writes dates ('2024-03-28'): a trade cannot be later. */
const indianToday = (now: Date = new Date()): string => isoDayInIndia.format(now);

/** A number as people type it, Indian grouping commas and spaces allowed; NaN when it is not one. */
export const parseAmount = (text: string): number => {
  const plain = text.replace(/[,\s]/g, '');
  return plain === '' ? Number.NaN : Number(plain);
};

/** The request body, or every reason it cannot be sent yet, in the form's order. */
export const checkDraft = (
  draft: Draft,
  today: string = indianToday(),
): { body: TransactionInput; errors: [] } | { body: null; errors: string[] } => {
  const errors: string[] = [];
  const quantity = parseAmount(draft.quantity);
  const price = parseAmount(draft.price);
  const charges = draft.charges.trim() === '' ? 0 : parseAmount(draft.charges);
  if (draft.symbol === '') errors.push(PORTFOLIO_TEXTS.chooseStock);
  if (draft.date === '') errors.push(PORTFOLIO_TEXTS.enterDate);
  else if (draft.date > today) errors.push(PORTFOLIO_TEXTS.futureDate);
  if (!(quantity > 0)) errors.push(PORTFOLIO_TEXTS.enterQuantity);
  if (!(price > 0)) errors.push(PORTFOLIO_TEXTS.enterPrice);
  if (!(charges >= 0)) errors.push(PORTFOLIO_TEXTS.enterCharges);
  if (errors.length) return { body: null, errors };
  const note = draft.note.trim();
  return {
    body: {
      symbol: draft.symbol,
      date: draft.date,
      kind: draft.kind,
      quantity,
      price,
      charges,
      ...(note === '' ? {} : { note }),
    },
    errors: [],
  };
};

type TextFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
  placeholder?: string;
};

/** A figure typed as text with a decimal keypad: a number input would refuse '1,250'. */
function AmountField({ label, value, onChange, hint, placeholder }: TextFieldProps) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? hintId : undefined}
      />
      {hint ? (
        <span id={hintId} className="field-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}

/** A buy, sell or dividend entered by hand: the stock from the market pages' picker, the date and the figures. */
export function AddTransactionForm() {
  const headingId = useId();
  const dateId = useId();
  const noteId = useId();
  const kindName = useId();
  const errorId = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  // A new key gives the picker a fresh, empty input after a transaction is added.
  const [pickerKey, setPickerKey] = useState(0);
  const mutation = useAddTransaction();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const { errors, onSubmit, serverError, invalid } = useCheckedSubmit(
    mutation,
    () => checkDraft(draft),
    () => {
      // The date and kind stay: several trades of one day are often entered one after another.
      setDraft((current) => ({ ...EMPTY, date: current.date, kind: current.kind }));
      setPickerKey((key) => key + 1);
    },
  );

  return (
    <section className="panel add-panel" id="add" aria-labelledby={headingId}>
      <h2 id={headingId}>{PORTFOLIO_TEXTS.addTitle}</h2>
      <p className="muted">{PORTFOLIO_TEXTS.addLead}</p>
      <form
        className="add-form"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={invalid ? errorId : undefined}
        aria-label={PORTFOLIO_TEXTS.addTitle}
      >
        <div className="add-picker">
          <SymbolPicker key={pickerKey} value={draft.symbol} onChange={(symbol) => set('symbol', symbol)} />
        </div>
        <fieldset className="kind-choice">
          <legend>{PORTFOLIO_TEXTS.kind}</legend>
          {TRANSACTION_KINDS.map((kind) => (
            <label key={kind} className="kind-option">
              <input
                type="radio"
                name={kindName}
                value={kind}
                checked={draft.kind === kind}
                onChange={() => set('kind', kind)}
              />
              <span>{KIND_LABELS[kind]}</span>
            </label>
          ))}
        </fieldset>
        <div className="add-fields">
          <div className="field">
            <label htmlFor={dateId}>{PORTFOLIO_TEXTS.date}</label>
            <input
              id={dateId}
              type="date"
              value={draft.date}
              max={indianToday()}
              onChange={(event) => set('date', event.target.value)}
            />
          </div>
          <AmountField
            label={PORTFOLIO_TEXTS.quantityLabel}
            value={draft.quantity}
            onChange={(value) => set('quantity', value)}
          />
          <AmountField
            label={draft.kind === 'dividend' ? PORTFOLIO_TEXTS.dividendLabel : PORTFOLIO_TEXTS.priceLabel}
            value={draft.price}
            onChange={(value) => set('price', value)}
          />
          <AmountField
            label={PORTFOLIO_TEXTS.chargesLabel}
            value={draft.charges}
            onChange={(value) => set('charges', value)}
            hint={PORTFOLIO_TEXTS.chargesHint}
            placeholder="0"
          />
        </div>
        <div className="field add-note">
          <label htmlFor={noteId}>{PORTFOLIO_TEXTS.noteLabel}</label>
          <input
            id={noteId}
            type="text"
            value={draft.note}
            maxLength={NOTE_MAX_LENGTH}
            onChange={(event) => set('note', event.target.value)}
          />
        </div>
        <div className="button-row">
          <button type="submit" className="primary" disabled={mutation.isPending}>
            {mutation.isPending ? PORTFOLIO_TEXTS.adding : PORTFOLIO_TEXTS.addButton}
          </button>
        </div>
      </form>
      <FormErrors id={errorId} errors={errors} serverError={serverError} lead={PORTFOLIO_TEXTS.notAdded} />
      {mutation.data ? (
        <p className="form-success" role="status">
          {addedLine(mutation.data)}
        </p>
      ) : null}
    </section>
  );
}
