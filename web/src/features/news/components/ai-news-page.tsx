import type { NewsFeed } from '@nivesh/proto';
import { useId, useMemo, useRef } from 'react';
import { AiNote } from '../../../components/compliance/ai-note';
import { PricesAsOf } from '../../../components/market/prices-as-of';
import { QueryState } from '../../../components/market/query-state';
import { SymbolPicker } from '../../../components/market/symbol-picker';
import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { useLatestSearchParams } from '../../../hooks/use-latest-search-params';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { formatIndianDay } from '../../../lib/format';
import { useNews } from '../../../components/news/get-news';
import { datesReversed, filtersFromParams, type NewsFilters, paramsWithFilters } from '../../../components/news/news-filters';
import { KIND_NAMES, NEWS_TEXTS, TONE_NAMES } from '../../../components/news/texts';
import { NewsList } from '../../../components/news/news-list';
import '../../../components/market/market.css';
import '../../../components/news/news.css';
import { NEWS_KINDS, NEWS_TONES } from '@nivesh/proto/values';

export const NEWS_PAGE_SIZE = 20;

/** The filters: a stock (or all), a kind, a tone and a date range; every change goes to the address and back to page 1. */
function Filters({ filters, onChange }: { filters: NewsFilters; onChange: (changes: Partial<NewsFilters>) => void }) {
  const id = useId();
  const any = filters.symbol || filters.kind || filters.tone || filters.from || filters.to;
  return (
    <form className="panel news-filters" role="search" aria-label={NEWS_TEXTS.filters} onSubmit={(event) => event.preventDefault()}>
      <div className="news-filter-stock">
        {/* Remounted when the stock changes from outside (All stocks, Clear), so its box shows what is filtered. */}
        <SymbolPicker key={filters.symbol ?? ''} value={filters.symbol ?? ''} onChange={(symbol) => onChange({ symbol })} label={NEWS_TEXTS.stock} />
        <button type="button" className="secondary" aria-pressed={!filters.symbol} onClick={() => onChange({ symbol: undefined })}>
          {NEWS_TEXTS.allStocks}
        </button>
      </div>
      <div className="news-filter-fields">
        <div className="field">
          <label htmlFor={`${id}-kind`}>{NEWS_TEXTS.kind}</label>
          <select id={`${id}-kind`} value={filters.kind ?? ''} onChange={(event) => onChange({ kind: (event.target.value || undefined) as NewsFilters['kind'] })}>
            <option value="">{NEWS_TEXTS.anyKind}</option>
            {NEWS_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {KIND_NAMES[kind]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-tone`}>{NEWS_TEXTS.tone}</label>
          <select id={`${id}-tone`} value={filters.tone ?? ''} onChange={(event) => onChange({ tone: (event.target.value || undefined) as NewsFilters['tone'] })}>
            <option value="">{NEWS_TEXTS.anyTone}</option>
            {NEWS_TONES.map((tone) => (
              <option key={tone} value={tone}>
                {TONE_NAMES[tone]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-from`}>{NEWS_TEXTS.from}</label>
          <input id={`${id}-from`} type="date" value={filters.from ?? ''} onChange={(event) => onChange({ from: event.target.value || undefined })} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{NEWS_TEXTS.to}</label>
          <input id={`${id}-to`} type="date" value={filters.to ?? ''} onChange={(event) => onChange({ to: event.target.value || undefined })} />
        </div>
      </div>
      {any ? (
        <button type="button" className="secondary news-clear" onClick={() => onChange({ symbol: undefined, kind: undefined, tone: undefined, from: undefined, to: undefined })}>
          {NEWS_TEXTS.clear}
        </button>
      ) : null}
    </form>
  );
}

/** Where press comes from: the feeds set up, or how an operator adds some. */
function PressStatus({ press }: { press: NewsFeed['press'] }) {
  return (
    <p className="news-press" data-testid="news-press">
      <strong>{NEWS_TEXTS.press}: </strong>
      {press.how_to_add ?? NEWS_TEXTS.pressStatus(press.feeds, press.articles)}
      {press.last_fetched_at && !press.how_to_add ? ` Last read ${formatIndianDay(press.last_fetched_at)}.` : null}
    </p>
  );
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <nav className="news-pager" aria-label={NEWS_TEXTS.pages}>
      <button type="button" className="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {NEWS_TEXTS.previous}
      </button>
      <span>
        {page} / {pages}
      </span>
      <button type="button" className="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {NEWS_TEXTS.next}
      </button>
    </nav>
  );
}

function Feed({ data, onPage }: { data: NewsFeed; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  return (
    <>
      <PressStatus press={data.press} />
      {data.items.length ? (
        <>
          <p className="news-count" role="status">
            {NEWS_TEXTS.count(data.total, data.page, pages)}
          </p>
          <NewsList items={data.items} />
          <Pager page={data.page} pages={pages} onPage={onPage} />
        </>
      ) : (
        <p className="news-empty" role="status">
          {NEWS_TEXTS.empty}
        </p>
      )}
      <section className="panel news-method" aria-labelledby="news-method-heading">
        <h2 id="news-method-heading">{NEWS_TEXTS.method}</h2>
        <ul>
          {data.method.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </>
  );
}

/** /ai-news: events from filings, corporate actions and prices, and press from feeds, with tone and price reaction. */
export function AiNewsPage() {
  usePageMeta({ title: NEWS_TEXTS.title, description: NEWS_TEXTS.description, path: '/ai-news' });
  const [params, setParams] = useLatestSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const reversed = datesReversed(filters);
  const news = useNews(filters, NEWS_PAGE_SIZE, { enabled: !reversed });
  const change = (changes: Partial<NewsFilters>) =>
    setParams((current) => paramsWithFilters(current, { ...filtersFromParams(current), page: 1, ...changes }), { replace: 'page' in changes ? false : true });
  const results = useRef<HTMLDivElement>(null);
  const toPage = (page: number) => {
    change({ page });
    results.current?.scrollIntoView?.({ block: 'start' });
  };
  return (
    <div className="page-body news-page">
      <PageHeader title={NEWS_TEXTS.title} lead={NEWS_TEXTS.lead} />
      <EducationalNotice />
      <AiNote surface="news" />
      <Filters filters={filters} onChange={change} />
      {reversed ? (
        <p className="form-error" role="alert">
          {NEWS_TEXTS.datesReversed}
        </p>
      ) : (
        <>
          <PricesAsOf date={news.data?.as_of} />
          <div ref={results} className="news-results" aria-busy={news.isPlaceholderData || undefined}>
            <QueryState query={news} what="news">
              {(data) => <Feed data={data} onPage={toPage} />}
            </QueryState>
          </div>
        </>
      )}
    </div>
  );
}
