import type { AdminUser, AdminUsersResponse } from '@nivesh/proto';
import { type FormEvent, useState } from 'react';
import { ScrollTable } from '../../../components/scroll-table';
import { formatIndianDay } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { type AdminUsersParams, useAdminUsers } from '../api/get-admin-users';
import { failureReason, formatIndianDayTime } from '../format';
import { ADMIN_TEXTS, type AccountAction } from '../texts';
import { ConfirmAccountChange, type PendingChange } from './confirm-account-change';
import { Pager } from './pager';
import './accounts.css';

const TEXTS = ADMIN_TEXTS.accounts;

/** The changes a row offers: never one that would lock the admin out of their own account. */
export const actionsFor = (user: AdminUser, ownUserId: string | undefined): AccountAction[] => {
  if (user.user_id === ownUserId) return [];
  return [user.is_admin ? 'revoke_admin' : 'grant_admin', user.disabled ? 'enable' : 'disable'];
};

const premiumText = (user: AdminUser): string => {
  if (!user.premium_known) return TEXTS.premiumUnknown;
  if (!user.is_premium) return TEXTS.premiumNone;
  return user.premium_expires_at ? TEXTS.premiumUntil(formatIndianDay(user.premium_expires_at)) : TEXTS.premiumNone;
};

function AccountRow({ user, own, onAction }: { user: AdminUser; own: boolean; onAction: (change: PendingChange) => void }) {
  const actions = actionsFor(user, own ? user.user_id : undefined);
  return (
    <tr data-testid={`account-${user.username}`}>
      <th scope="row">{user.username}</th>
      <td className="accounts-email">{user.email}</td>
      <td>
        <time dateTime={user.created_at}>{formatIndianDay(user.created_at)}</time>
      </td>
      <td>{user.is_admin ? TEXTS.roleAdmin : TEXTS.roleUser}</td>
      <td className={user.disabled ? 'bad' : undefined}>{user.disabled && user.disabled_at ? TEXTS.statusDisabled(formatIndianDay(user.disabled_at)) : TEXTS.statusActive}</td>
      <td title={user.premium_known ? undefined : TEXTS.premiumUnknownTitle}>{premiumText(user)}</td>
      <td>{user.last_active_at ? <time dateTime={user.last_active_at}>{formatIndianDayTime(user.last_active_at)}</time> : TEXTS.neverActive}</td>
      <td>
        {own ? (
          <span className="muted">{TEXTS.you}</span>
        ) : (
          <div className="row-actions">
            {actions.map((action) => (
              <button
                key={action}
                type="button"
                className={action === 'disable' || action === 'revoke_admin' ? 'danger' : 'secondary'}
                aria-label={ADMIN_TEXTS.actionLabel(action, user.username)}
                onClick={() => onAction({ user, action })}
              >
                {ADMIN_TEXTS.actions[action]}
              </button>
            ))}
          </div>
        )}
      </td>
    </tr>
  );
}

function AccountsTable({ answer, ownUserId, onAction }: { answer: AdminUsersResponse; ownUserId: string | undefined; onAction: (change: PendingChange) => void }) {
  const columns = TEXTS.columns;
  return (
    <ScrollTable label={TEXTS.tableLabel}>
      <table className="data-table accounts-table">
        <caption className="visually-hidden">{TEXTS.tableLabel}</caption>
        <thead>
          <tr>
            {[columns.username, columns.email, columns.joined, columns.role, columns.status, columns.premium, columns.lastActive, columns.actions].map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {answer.users.map((user) => (
            <AccountRow key={user.user_id} user={user} own={user.user_id === ownUserId} onAction={onAction} />
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** What the list shows under the search: loading, a failure, no match, or the table with its pages. */
function AccountsResult({ params, onPage, onAction }: { params: AdminUsersParams; onPage: (page: number) => void; onAction: (change: PendingChange) => void }) {
  const { user } = useSession();
  const accounts = useAdminUsers(params);
  if (accounts.isPending) {
    return (
      <p className="muted" role="status">
        {TEXTS.loading}
      </p>
    );
  }
  if (accounts.isError) {
    return (
      <p className="error" role="alert">
        {TEXTS.loadFailed(failureReason(accounts.error))}
      </p>
    );
  }
  const answer = accounts.data;
  if (answer.users.length === 0) return <p className="muted">{params.q ? TEXTS.noneMatch(params.q) : TEXTS.none}</p>;
  const from = (answer.page - 1) * answer.page_size + 1;
  return (
    <>
      <p className="muted accounts-count">{TEXTS.showing(from, from + answer.users.length - 1, answer.total)}</p>
      <AccountsTable answer={answer} ownUserId={user?.user_id} onAction={onAction} />
      <Pager page={answer.page} pageSize={answer.page_size} total={answer.total} what={TEXTS.tableLabel.toLowerCase()} busy={accounts.isPlaceholderData} onPage={onPage} />
    </>
  );
}

/** For administrators: every account, searchable, with role, status, premium and last activity, and the changes they may make. */
export function AccountsPanel() {
  const [draft, setDraft] = useState('');
  const [params, setParams] = useState<AdminUsersParams>({ q: '', page: 1 });
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams({ q: draft.trim(), page: 1 });
  };
  const showAll = () => {
    setDraft('');
    setParams({ q: '', page: 1 });
  };

  return (
    <section className="panel span-2" aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">{TEXTS.title}</h2>
      <p className="muted">{TEXTS.lead}</p>
      <form role="search" className="accounts-search field" onSubmit={search}>
        <label htmlFor="accounts-query">{TEXTS.searchLabel}</label>
        <div className="accounts-search-row">
          <input id="accounts-query" type="search" value={draft} maxLength={100} placeholder={TEXTS.searchPlaceholder} onChange={(event) => setDraft(event.target.value)} />
          <button type="submit" className="secondary">
            {TEXTS.search}
          </button>
          {params.q ? (
            <button type="button" className="link-button" onClick={showAll}>
              {TEXTS.clear}
            </button>
          ) : null}
        </div>
      </form>
      {notice ? (
        <p className="notice accounts-notice" role="status">
          {notice}
        </p>
      ) : null}
      <AccountsResult params={params} onPage={(page) => setParams((current) => ({ ...current, page }))} onAction={(change) => (setNotice(null), setPending(change))} />
      {pending ? (
        <ConfirmAccountChange
          change={pending}
          onCancel={() => setPending(null)}
          onDone={(answer) => {
            setPending(null);
            setNotice(answer.message);
          }}
        />
      ) : null}
    </section>
  );
}
