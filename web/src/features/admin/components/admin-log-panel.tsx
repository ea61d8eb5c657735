import { useState } from 'react';
import { useAdminAudit } from '../api/get-admin-audit';
import { failureReason, formatIndianDayTime } from '../format';
import { ADMIN_TEXTS } from '../texts';
import { Pager } from './pager';
import './accounts.css';

const TEXTS = ADMIN_TEXTS.log;

/** For administrators: who changed which account, how and when, newest first. */
export function AdminLogPanel() {
  const [page, setPage] = useState(1);
  const log = useAdminAudit(page);

  let body;
  if (log.isPending) {
    body = (
      <p className="muted" role="status">
        {TEXTS.loading}
      </p>
    );
  } else if (log.isError) {
    body = (
      <p className="error" role="alert">
        {TEXTS.loadFailed(failureReason(log.error))}
      </p>
    );
  } else if (log.data.entries.length === 0) {
    body = <p className="muted">{TEXTS.empty}</p>;
  } else {
    const { entries, page: shown, page_size: pageSize, total } = log.data;
    const from = (shown - 1) * pageSize + 1;
    body = (
      <>
        <p className="muted">{TEXTS.showing(from, from + entries.length - 1, total)}</p>
        <ol className="admin-log">
          {entries.map((entry) => (
            <li key={entry.id} data-testid="admin-log-entry">
              <time dateTime={entry.at}>{formatIndianDayTime(entry.at)}</time>
              <span>{TEXTS.entry(entry.actor_username, entry.summary)}</span>
            </li>
          ))}
        </ol>
        <Pager page={shown} pageSize={pageSize} total={total} what={TEXTS.title.toLowerCase()} busy={log.isPlaceholderData} onPage={setPage} />
      </>
    );
  }

  return (
    <section className="panel" aria-labelledby="admin-log-heading">
      <h2 id="admin-log-heading">{TEXTS.title}</h2>
      <p className="muted">{TEXTS.lead}</p>
      {body}
    </section>
  );
}
