import { FormErrors } from './form-errors';
import { useCheckedSubmit } from './use-checked-submit';
import type {
  AlertCreateRequest,
  AlertKind,
  AlertRule,
  Alerts,
  MovePctRule,
  PriceAlert,
  RsiCrossRule,
} from '@nivesh/proto';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { technicalAnalysisHref } from '../../../components/market/market-links';
import { QueryState } from '../../../components/market/query-state';
import { SymbolPicker } from '../../../components/market/symbol-picker';
import { usePremium } from '../../../hooks/use-premium';
import { useCreateAlert } from '../api/create-alert';
import { useDeleteAlert } from '../api/delete-alert';
import { useAlerts } from '../api/get-alerts';
import {
  ALERT_KIND_LABELS,
  ALERT_TEXTS,
  PORTFOLIO_TEXTS,
  alertCount,
  alertsFull,
  deleteAlertLabel,
  deleteAlertWords,
  lastFired,
} from '../texts';
import { parseAmount } from './add-transaction-form';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import '../../../components/widgets/widgets.css';
import { ALERT_KINDS, ALERT_LEVEL_MAX, ALERT_MOVE_MAX_PCT, RSI_ALERT_LEVELS } from '@nivesh/proto/values';
import { isPremiumAlertKind } from '../alert-kinds';

type MoveDirection = MovePctRule['params']['direction'];
type RsiDirection = RsiCrossRule['params']['direction'];
type RsiLevel = RsiCrossRule['params']['level'];

/** What the form holds: figures as typed, and every kind's parameters, so switching kinds loses nothing. */
type Draft = {
  symbol: string;
  kind: AlertKind;
  level: string;
  move: string;
  moveDirection: MoveDirection;
  rsiLevel: RsiLevel;
  rsiDirection: RsiDirection;
  email: boolean;
};

const EMPTY: Draft = {
  symbol: '',
  kind: 'price_above',
  level: '',
  move: '',
  moveDirection: 'either',
  rsiLevel: RSI_ALERT_LEVELS[1],
  rsiDirection: 'above',
  email: true,
};

const MOVE_DIRECTIONS = ['up', 'down', 'either'] as const satisfies readonly MoveDirection[];
const RSI_DIRECTIONS = ['above', 'below'] as const satisfies readonly RsiDirection[];

/** The rule of the kind chosen, or the reason its figure cannot be sent. */
const ruleOf = (draft: Draft): { rule: AlertRule } | { error: string } => {
  switch (draft.kind) {
    case 'price_above':
    case 'price_below': {
      const level = parseAmount(draft.level);
      if (!(level > 0)) return { error: ALERT_TEXTS.enterLevel };
      if (level > ALERT_LEVEL_MAX) return { error: ALERT_TEXTS.levelTooHigh };
      return { rule: { kind: draft.kind, params: { level } } };
    }
    case 'move_pct': {
      const threshold = parseAmount(draft.move.replace('%', ''));
      if (!(threshold > 0 && threshold <= ALERT_MOVE_MAX_PCT)) return { error: ALERT_TEXTS.enterMove };
      return { rule: { kind: 'move_pct', params: { threshold_pct: threshold, direction: draft.moveDirection } } };
    }
    case 'rsi_cross':
      return { rule: { kind: 'rsi_cross', params: { level: draft.rsiLevel, direction: draft.rsiDirection } } };
    case 'high_52w':
    case 'low_52w':
      return { rule: { kind: draft.kind, params: {} } };
  }
};

/** The request body, or every reason it cannot be sent yet, in the form's order. */
export const checkAlertDraft = (
  draft: Draft,
): { body: AlertCreateRequest; errors: [] } | { body: null; errors: string[] } => {
  const errors: string[] = [];
  if (draft.symbol === '') errors.push(PORTFOLIO_TEXTS.chooseStock);
  const rule = ruleOf(draft);
  if ('error' in rule) errors.push(rule.error);
  if (errors.length || !('rule' in rule)) return { body: null, errors };
  return { body: { symbol: draft.symbol, rule: rule.rule, email: draft.email }, errors: [] };
};

/** A labelled select of one of the rule's parameters. */
function ChoiceField<T extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={String(value)}
        onChange={(event) => {
          const picked = options.find((option) => String(option.value) === event.target.value);
          if (picked) onChange(picked.value);
        }}
      >
        {options.map((option) => (
          <option key={option.value} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A figure typed as text with a decimal keypad, as the transaction form takes them. */
function FigureField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

type ParamsProps = { draft: Draft; set: <K extends keyof Draft>(key: K, value: Draft[K]) => void };

/** The fields of the kind chosen: a price, a move and its direction, or an RSI level and its direction. */
function RuleParams({ draft, set }: ParamsProps): ReactNode {
  switch (draft.kind) {
    case 'price_above':
    case 'price_below':
      return <FigureField label={ALERT_TEXTS.level} value={draft.level} onChange={(value) => set('level', value)} />;
    case 'move_pct':
      return (
        <>
          <FigureField label={ALERT_TEXTS.move} value={draft.move} onChange={(value) => set('move', value)} />
          <ChoiceField
            label={ALERT_TEXTS.moveDirection}
            value={draft.moveDirection}
            options={MOVE_DIRECTIONS.map((value) => ({ value, label: ALERT_TEXTS.moveDirections[value] }))}
            onChange={(value) => set('moveDirection', value)}
          />
        </>
      );
    case 'rsi_cross':
      return (
        <>
          <ChoiceField
            label={ALERT_TEXTS.rsiLevel}
            value={draft.rsiLevel}
            options={RSI_ALERT_LEVELS.map((value) => ({ value, label: String(value) }))}
            onChange={(value) => set('rsiLevel', value)}
          />
          <ChoiceField
            label={ALERT_TEXTS.rsiDirection}
            value={draft.rsiDirection}
            options={RSI_DIRECTIONS.map((value) => ({ value, label: ALERT_TEXTS.rsiDirections[value] }))}
            onChange={(value) => set('rsiDirection', value)}
          />
        </>
      );
    default:
      return null;
  }
}

type AlertFormProps = {
  alerts: Alerts;
  /** Premium active on this device: the RSI alerts can be chosen. */
  premium: boolean;
  /** The account has premium, on another device: it is told how to move it here, not asked to pay again. */
  conflict: boolean;
};

/**
 * A new alert: the stock from the market pages' picker, what to watch and its figures, and whether to e-mail too.
 * RSI alerts are marked Premium and cannot be chosen without it; a full account is told so instead of sending.
 */
function AlertForm({ alerts, premium, conflict }: AlertFormProps) {
  const headingId = useId();
  const kindId = useId();
  const emailId = useId();
  const errorId = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  // A new key gives the picker a fresh, empty input after an alert is set.
  const [pickerKey, setPickerKey] = useState(0);
  const mutation = useCreateAlert();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const full = alerts.alerts.length >= alerts.limit;
  // Premium ended while RSI was chosen: back to a kind the account may set.
  const kind = !premium && isPremiumAlertKind(draft.kind) ? EMPTY.kind : draft.kind;

  const { errors, onSubmit, serverError, invalid } = useCheckedSubmit(
    mutation,
    () => checkAlertDraft({ ...draft, kind }),
    () => {
      setDraft((current) => ({ ...EMPTY, kind: current.kind, email: current.email }));
      setPickerKey((key) => key + 1);
    },
    full,
  );

  return (
    <section className="alert-form-section" aria-labelledby={headingId}>
      <h3 id={headingId}>{ALERT_TEXTS.formTitle}</h3>
      <form
        className="alert-form"
        onSubmit={onSubmit}
        noValidate
        aria-label={ALERT_TEXTS.formTitle}
        aria-describedby={invalid ? errorId : undefined}
      >
        <div className="alert-picker">
          <SymbolPicker key={pickerKey} value={draft.symbol} onChange={(symbol) => set('symbol', symbol)} />
        </div>
        <div className="alert-fields">
          <div className="field alert-kind">
            <label htmlFor={kindId}>{ALERT_TEXTS.kind}</label>
            <select id={kindId} value={kind} onChange={(event) => set('kind', event.target.value as AlertKind)}>
              {ALERT_KINDS.map((option) => (
                <option key={option} value={option} disabled={isPremiumAlertKind(option) && !premium}>
                  {ALERT_KIND_LABELS[option]}
                </option>
              ))}
            </select>
          </div>
          <RuleParams draft={{ ...draft, kind }} set={set} />
        </div>
        {premium ? null : (
          <p className="alert-premium-note" data-testid="alert-premium-note">
            {conflict ? ALERT_TEXTS.conflict : ALERT_TEXTS.rsiPremium} <Link to="/premium">{ALERT_TEXTS.seePremium}</Link>
          </p>
        )}
        <label className="alert-email" htmlFor={emailId}>
          <input
            id={emailId}
            type="checkbox"
            checked={draft.email}
            onChange={(event) => set('email', event.target.checked)}
          />
          <span>{ALERT_TEXTS.email}</span>
        </label>
        <div className="button-row">
          <button type="submit" className="primary" disabled={full || mutation.isPending}>
            {mutation.isPending ? ALERT_TEXTS.setting : ALERT_TEXTS.submit}
          </button>
        </div>
      </form>
      {full ? (
        <p className="watchlists-full" data-testid="alerts-full">
          {alertsFull(alerts.limit, alerts.is_premium)}
        </p>
      ) : null}
      <FormErrors id={errorId} errors={errors} serverError={serverError} lead={ALERT_TEXTS.notSet} />
    </section>
  );
}

/** One alert: what it watches in the server's words, whether it is paused, when it last fired and how it arrives. */
function AlertItem({ alert, onDelete }: { alert: PriceAlert; onDelete: (alert: PriceAlert) => void }) {
  const paused = alert.status === 'paused';
  return (
    <li className={paused ? 'alert-item paused' : 'alert-item'}>
      <div className="alert-main">
        <p className="alert-description">
          <Link className="holding-symbol" to={technicalAnalysisHref(alert.symbol)}>
            {alert.symbol}
          </Link>
          <span className="alert-sentence">{alert.description}</span>
          {paused ? <span className="alert-status">{ALERT_TEXTS.paused}</span> : null}
        </p>
        <p className="alert-meta">
          {lastFired(alert.last_fired)}
          <span aria-hidden="true"> · </span>
          {alert.email ? ALERT_TEXTS.byEmail : ALERT_TEXTS.inAppOnly}
        </p>
        {paused ? <p className="alert-meta">{ALERT_TEXTS.pausedNote}</p> : null}
      </div>
      <button
        type="button"
        className="danger small"
        onClick={() => onDelete(alert)}
        aria-label={deleteAlertLabel(alert.description)}
      >
        {ALERT_TEXTS.delete}
      </button>
    </li>
  );
}

/** Asks before deleting, naming the alert; the dialog stays while it deletes, and shows a refusal. */
function ConfirmDeleteAlert({ alert, onClose }: { alert: PriceAlert; onClose: () => void }) {
  const mutation = useDeleteAlert();
  return (
    <ConfirmDeleteDialog
      className="delete-alert"
      title={ALERT_TEXTS.deleteTitle}
      description={deleteAlertWords(alert.description)}
      busy={mutation.isPending}
      error={mutation.isError ? mutation.error.message : null}
      onConfirm={() => mutation.mutate(alert.id, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}

/**
 * The user's price alerts on /portfolio: the list with how many the account may keep ("3 of 5 alerts"), and the
 * form to set one. Every change answers the whole list, which is shown at once; refusals are shown as they come.
 */
export function AlertsPanel() {
  const headingId = useId();
  const query = useAlerts();
  const { active: premium, conflict } = usePremium();
  const [deleting, setDeleting] = useState<PriceAlert | null>(null);
  return (
    <section className="panel alerts-panel" id="alerts" aria-labelledby={headingId}>
      <h2 id={headingId}>{ALERT_TEXTS.title}</h2>
      <p className="muted">{ALERT_TEXTS.lead}</p>
      <QueryState query={query} what="alerts">
        {(alerts) => (
          <>
            <p className="alert-count" data-testid="alert-count">
              {alertCount(alerts.alerts.length, alerts.limit)}
            </p>
            {alerts.alerts.length ? (
              <ul className="alert-list" aria-label={ALERT_TEXTS.listLabel}>
                {alerts.alerts.map((alert) => (
                  <AlertItem key={alert.id} alert={alert} onDelete={setDeleting} />
                ))}
              </ul>
            ) : (
              <p className="portfolio-empty-note">{ALERT_TEXTS.none}</p>
            )}
            <AlertForm alerts={alerts} premium={premium} conflict={!premium && conflict !== null} />
          </>
        )}
      </QueryState>
      {deleting ? <ConfirmDeleteAlert alert={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}
