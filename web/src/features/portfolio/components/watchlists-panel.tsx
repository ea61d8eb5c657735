import type { Watchlist } from '@nivesh/proto';
import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { technicalAnalysisHref } from '../../../components/market/market-links';
import { QueryState } from '../../../components/market/query-state';
import { SymbolPicker } from '../../../components/market/symbol-picker';
import { ScrollTable } from '../../../components/scroll-table';
import { NOT_A_NUMBER, formatINR, formatMarketDate, formatSignedPercent } from '../../../lib/format';
import { useAddToWatchlist } from '../api/add-to-watchlist';
import { useCreateWatchlist } from '../api/create-watchlist';
import { useDeleteWatchlist } from '../api/delete-watchlist';
import { useWatchlists } from '../api/get-watchlists';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { useRemoveFromWatchlist } from '../api/remove-from-watchlist';
import { directionOf } from '../figures';
import {
  PORTFOLIO_TEXTS,
  addStockLabel,
  changeWords,
  deleteWatchlistLabel,
  rangeText,
  removeLabel,
  watchlistCaption,
  watchlistWords,
} from '../texts';
import '../../../components/widgets/widgets.css';
import { WATCHLISTS_MAX, WATCHLIST_NAME_MAX, WATCHLIST_SYMBOLS_MAX } from '@nivesh/proto/values';

/** A new watchlist's name; once the user has the most there can be, the form says so instead of sending. */
function CreateWatchlistForm({ count }: { count: number | null }) {
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useCreateWatchlist();
  const full = count !== null && count >= WATCHLISTS_MAX;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending || full) return;
    mutation.reset();
    const trimmed = name.trim();
    if (trimmed === '') return setRefusal(PORTFOLIO_TEXTS.enterWatchlistName);
    setRefusal(null);
    mutation.mutate(trimmed, { onSuccess: () => setName('') });
  };

  const error = refusal ?? (mutation.error ? `${PORTFOLIO_TEXTS.notCreated} ${mutation.error.message}` : null);

  return (
    <>
      <form className="watchlist-create" onSubmit={onSubmit} noValidate aria-label={PORTFOLIO_TEXTS.createWatchlist}>
        <div className="field">
          <label htmlFor={inputId}>{PORTFOLIO_TEXTS.watchlistName}</label>
          <input
            id={inputId}
            type="text"
            autoComplete="off"
            value={name}
            maxLength={WATCHLIST_NAME_MAX}
            disabled={full}
            onChange={(event) => setName(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
        <button type="submit" className="primary" disabled={full || mutation.isPending}>
          {mutation.isPending ? PORTFOLIO_TEXTS.creating : PORTFOLIO_TEXTS.createWatchlist}
        </button>
      </form>
      {full ? (
        <p className="watchlists-full" data-testid="watchlists-full">
          {PORTFOLIO_TEXTS.watchlistsFull}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The day's change, signed and coloured like the market pages' changes, and in words for screen readers. */
function DayChange({ changePct }: { changePct: number | null }) {
  return (
    <span className={`change ${directionOf(changePct)}`}>
      <span aria-hidden="true">{changePct === null ? NOT_A_NUMBER : formatSignedPercent(changePct)}</span>
      <span className="visually-hidden">{changeWords(changePct)}</span>
    </span>
  );
}

type WatchlistTableProps = {
  watchlist: Watchlist;
  onRemove: (symbol: string) => void;
  /** The stock being taken off, whose button waits. */
  removing: string | null;
};

function WatchlistTable({ watchlist, onRemove, removing }: WatchlistTableProps) {
  return (
    <ScrollTable label={`${watchlist.name} table`}>
      <table className="data-table watchlist-table">
        <caption className="visually-hidden">{watchlistCaption(watchlist.name)}</caption>
        <thead>
          <tr>
            <th scope="col" className="text">
              {PORTFOLIO_TEXTS.company}
            </th>
            <th scope="col">{PORTFOLIO_TEXTS.latestClose}</th>
            <th scope="col">{PORTFOLIO_TEXTS.dayChange}</th>
            <th scope="col">{PORTFOLIO_TEXTS.range52w}</th>
            <th scope="col">
              <span className="visually-hidden">{PORTFOLIO_TEXTS.remove}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {watchlist.items.map((item) => (
            <tr key={item.symbol}>
              <th scope="row" className="text">
                <Link className="holding-symbol" to={technicalAnalysisHref(item.symbol)}>
                  {item.symbol}
                </Link>
                <span className="row-company">{item.company}</span>
              </th>
              <td>
                {item.close === null ? NOT_A_NUMBER : formatINR(item.close)}
                {item.as_of ? (
                  <span className="holding-close-date">
                    <time dateTime={item.as_of}>{formatMarketDate(item.as_of)}</time>
                  </span>
                ) : null}
              </td>
              <td>
                <DayChange changePct={item.change_pct} />
              </td>
              <td>{rangeText(item.low_52w, item.high_52w)}</td>
              <td>
                <button
                  type="button"
                  className="danger small"
                  onClick={() => onRemove(item.symbol)}
                  disabled={removing === item.symbol}
                  aria-label={removeLabel(item.symbol, watchlist.name)}
                >
                  {PORTFOLIO_TEXTS.remove}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** A stock from the market pages' picker, added to one watchlist; a full list says so instead. */
function AddStockForm({ watchlist }: { watchlist: Watchlist }) {
  const errorId = useId();
  const [symbol, setSymbol] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  // A new key gives the picker a fresh, empty input after a stock is added.
  const [pickerKey, setPickerKey] = useState(0);
  const mutation = useAddToWatchlist();

  if (watchlist.items.length >= WATCHLIST_SYMBOLS_MAX) {
    return <p className="watchlist-full">{PORTFOLIO_TEXTS.watchlistFull}</p>;
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    mutation.reset();
    if (symbol === '') return setRefusal(PORTFOLIO_TEXTS.chooseStock);
    setRefusal(null);
    mutation.mutate(
      { id: watchlist.id, symbol },
      {
        onSuccess: () => {
          setSymbol('');
          setPickerKey((key) => key + 1);
        },
      },
    );
  };

  const error = refusal ?? (mutation.error ? `${PORTFOLIO_TEXTS.notAdded} ${mutation.error.message}` : null);

  return (
    <>
      <form
        className="watchlist-add"
        onSubmit={onSubmit}
        noValidate
        aria-label={addStockLabel(watchlist.name)}
        aria-describedby={error ? errorId : undefined}
      >
        <SymbolPicker key={pickerKey} value={symbol} onChange={setSymbol} label={addStockLabel(watchlist.name)} />
        <button type="submit" className="secondary" disabled={mutation.isPending}>
          {mutation.isPending ? PORTFOLIO_TEXTS.addingToWatchlist : PORTFOLIO_TEXTS.addToWatchlist}
        </button>
      </form>
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

type WatchlistCardProps = {
  watchlist: Watchlist;
  onDelete: (watchlist: Watchlist) => void;
};

/** One watchlist: its stocks in a small table that scrolls in the card, a picker to add one, and delete. */
function WatchlistCard({ watchlist, onDelete }: WatchlistCardProps) {
  const headingId = useId();
  const remove = useRemoveFromWatchlist();
  const onRemove = (symbol: string) => {
    if (remove.isPending) return;
    remove.reset();
    remove.mutate({ id: watchlist.id, symbol });
  };
  return (
    <section className="watchlist-card" aria-labelledby={headingId}>
      <div className="watchlist-head">
        <h3 id={headingId}>{watchlist.name}</h3>
        <button
          type="button"
          className="danger small"
          onClick={() => onDelete(watchlist)}
          aria-label={deleteWatchlistLabel(watchlist.name)}
        >
          {PORTFOLIO_TEXTS.deleteWatchlist}
        </button>
      </div>
      {watchlist.items.length ? (
        <WatchlistTable
          watchlist={watchlist}
          onRemove={onRemove}
          removing={remove.isPending ? (remove.variables?.symbol ?? null) : null}
        />
      ) : (
        <p className="portfolio-empty-note">{PORTFOLIO_TEXTS.watchlistEmpty}</p>
      )}
      {remove.isError ? (
        <p className="form-error" role="alert">
          {PORTFOLIO_TEXTS.notRemoved} {remove.error.message}
        </p>
      ) : null}
      <AddStockForm watchlist={watchlist} />
    </section>
  );
}

type ConfirmDeleteWatchlistProps = {
  watchlist: Watchlist;
  onClose: () => void;
};

/** Asks before deleting, naming the watchlist; the dialog stays while it deletes, and shows a refusal. */
function ConfirmDeleteWatchlist({ watchlist, onClose }: ConfirmDeleteWatchlistProps) {
  const mutation = useDeleteWatchlist();
  const busy = mutation.isPending;
  return (
    <ConfirmDeleteDialog
      className="delete-watchlist"
      title={PORTFOLIO_TEXTS.deleteWatchlistTitle}
      description={`${watchlistWords(watchlist.name, watchlist.items.length)} ${PORTFOLIO_TEXTS.deleteWatchlistBody}`}
      busy={busy}
      error={mutation.isError ? mutation.error.message : null}
      onConfirm={() => mutation.mutate(watchlist.id, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}

/**
 * The user's watchlists on /portfolio: stocks followed whether held or not, each with its latest close, the day's
 * change and its 52-week range. Every change answers the whole list, which is shown at once.
 */
export function WatchlistsPanel() {
  const headingId = useId();
  const query = useWatchlists();
  const [deleting, setDeleting] = useState<Watchlist | null>(null);
  return (
    <section className="panel watchlists-panel" id="watchlists" aria-labelledby={headingId}>
      <h2 id={headingId}>{PORTFOLIO_TEXTS.watchlistsTitle}</h2>
      <p className="muted">{PORTFOLIO_TEXTS.watchlistsLead}</p>
      <CreateWatchlistForm count={query.data?.length ?? null} />
      <QueryState query={query} what="watchlists">
        {(watchlists) =>
          watchlists.length ? (
            <div className="watchlist-list">
              {watchlists.map((watchlist) => (
                <WatchlistCard key={watchlist.id} watchlist={watchlist} onDelete={setDeleting} />
              ))}
            </div>
          ) : (
            <p className="portfolio-empty-note">{PORTFOLIO_TEXTS.noWatchlists}</p>
          )
        }
      </QueryState>
      {deleting ? <ConfirmDeleteWatchlist watchlist={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}
