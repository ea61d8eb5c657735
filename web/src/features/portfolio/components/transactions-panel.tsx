import type { PortfolioTransaction } from '@nivesh/proto';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { QueryState } from '../../../components/market/query-state';
import { ScrollTable } from '../../../components/scroll-table';
import { NOT_A_NUMBER, formatINR, formatMarketDate } from '../../../lib/format';
import { useDeleteTransaction } from '../api/delete-transaction';
import { formatQuantity } from '../figures';
import { KIND_LABELS, PORTFOLIO_TEXTS, SOURCE_LABELS, deleteLabel, transactionWords } from '../texts';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';

type ConfirmDeleteProps = {
  transaction: PortfolioTransaction;
  onClose: () => void;
};

/** Asks before deleting, naming the transaction; the dialog stays while it deletes, and shows a refusal. */
function ConfirmDelete({ transaction, onClose }: ConfirmDeleteProps) {
  const mutation = useDeleteTransaction();
  const busy = mutation.isPending;
  const source = SOURCE_LABELS[transaction.source];
  return (
    <ConfirmDeleteDialog
      className="delete-transaction"
      title={PORTFOLIO_TEXTS.deleteTitle}
      description={`${transactionWords(transaction, true)} (${source}). ${PORTFOLIO_TEXTS.deleteBody}`}
      busy={busy}
      error={mutation.isError ? mutation.error.message : null}
      onConfirm={() => mutation.mutate(transaction.id, { onSuccess: onClose })}
      onClose={onClose}
    />
  );
}

type TransactionsTableProps = {
  rows: readonly PortfolioTransaction[];
  onDelete: (row: PortfolioTransaction) => void;
};

function TransactionsTable({ rows, onDelete }: TransactionsTableProps) {
  return (
    <ScrollTable label="Transactions table">
      <table className="data-table transactions-table">
        <caption className="visually-hidden">{PORTFOLIO_TEXTS.transactionsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{PORTFOLIO_TEXTS.date}</th>
            <th scope="col" className="text">
              {PORTFOLIO_TEXTS.stock}
            </th>
            <th scope="col" className="text">
              {PORTFOLIO_TEXTS.kind}
            </th>
            <th scope="col">{PORTFOLIO_TEXTS.quantity}</th>
            <th scope="col">{PORTFOLIO_TEXTS.price}</th>
            <th scope="col">{PORTFOLIO_TEXTS.charges}</th>
            <th scope="col" className="text">
              {PORTFOLIO_TEXTS.source}
            </th>
            <th scope="col" className="text">
              {PORTFOLIO_TEXTS.note}
            </th>
            <th scope="col">
              <span className="visually-hidden">{PORTFOLIO_TEXTS.delete}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} data-kind={row.kind}>
              <th scope="row" className="nowrap">
                <time dateTime={row.date}>{formatMarketDate(row.date)}</time>
              </th>
              <td className="text transaction-symbol">{row.symbol}</td>
              <td className="text">{KIND_LABELS[row.kind]}</td>
              <td>{formatQuantity(row.quantity)}</td>
              <td>{formatINR(row.price)}</td>
              <td>{formatINR(row.charges)}</td>
              <td className="text">{SOURCE_LABELS[row.source]}</td>
              <td className="text transaction-note">{row.note ?? NOT_A_NUMBER}</td>
              <td>
                <button
                  type="button"
                  className="danger small"
                  onClick={() => onDelete(row)}
                  aria-label={deleteLabel(row)}
                >
                  {PORTFOLIO_TEXTS.delete}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** Newest first, each with where it came from and a delete button that asks first. */
export function TransactionsPanel({ query }: { query: UseQueryResult<PortfolioTransaction[]> }) {
  const headingId = useId();
  const [deleting, setDeleting] = useState<PortfolioTransaction | null>(null);
  return (
    <section className="panel transactions-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{PORTFOLIO_TEXTS.transactionsTitle}</h2>
      <QueryState query={query} what="transactions">
        {(rows) =>
          rows.length ? (
            <TransactionsTable rows={rows} onDelete={setDeleting} />
          ) : (
            <p className="portfolio-empty-note">{PORTFOLIO_TEXTS.emptyTitle}.</p>
          )
        }
      </QueryState>
      {deleting ? <ConfirmDelete transaction={deleting} onClose={() => setDeleting(null)} /> : null}
    </section>
  );
}
