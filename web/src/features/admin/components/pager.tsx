import { ADMIN_TEXTS } from '../texts';

type PagerProps = {
  page: number;
  pageSize: number;
  total: number;
  /** What is paged, for the navigation's name ('accounts'). */
  what: string;
  /** A page is loading: the buttons wait. */
  busy?: boolean;
  onPage: (page: number) => void;
};

/** Previous and Next under a paged list, with where the reader is; nothing when everything fits on one page. */
export function Pager({ page, pageSize, total, what, busy = false, onPage }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={ADMIN_TEXTS.pager.label(what)}>
      <button type="button" className="secondary" onClick={() => onPage(page - 1)} disabled={busy || page <= 1}>
        {ADMIN_TEXTS.pager.previous}
      </button>
      <span className="pager-where">{ADMIN_TEXTS.pager.page(page, pages)}</span>
      <button type="button" className="secondary" onClick={() => onPage(page + 1)} disabled={busy || page >= pages}>
        {ADMIN_TEXTS.pager.next}
      </button>
    </nav>
  );
}
