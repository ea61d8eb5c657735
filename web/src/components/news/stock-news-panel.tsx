import { Link } from 'react-router';
import { useRef } from 'react';
import { QueryState } from '../market/query-state';
import { useNearViewport } from '../../hooks/use-near-viewport';
import { useNews } from './get-news';
import { NEWS_TEXTS } from './texts';
import { NewsList } from './news-list';
import './news.css';

/** Items the panel shows; the rest are one link away on /ai-news. */
const PANEL_ITEMS = 5;

/**
 * "News and events" on a stock's Technical Analysis and Deep Insights pages: its latest items with their tone and price
 * reaction, asked for only when the reader scrolls near it.
 */
export function StockNewsPanel({ symbol }: { symbol: string }) {
  const box = useRef<HTMLElement>(null);
  const near = useNearViewport(box);
  const news = useNews({ symbol, page: 1 }, PANEL_ITEMS, { enabled: near });
  return (
    <section ref={box} className="panel span-2 news-panel" aria-labelledby="stock-news-heading" aria-busy={news.isPlaceholderData || undefined}>
      <h2 id="stock-news-heading">{NEWS_TEXTS.panelTitle}</h2>
      <p className="muted news-panel-lead">{NEWS_TEXTS.panelLead}</p>
      {near || news.data !== undefined ? (
        <QueryState query={news} what={`news of ${symbol}`}>
          {(data) => (data.items.length ? <NewsList items={data.items} label={`${NEWS_TEXTS.panelTitle}: ${symbol}`} headingLevel={3} /> : <p className="news-empty">{NEWS_TEXTS.panelEmpty}</p>)}
        </QueryState>
      ) : (
        // Not asked for yet (the reader has not scrolled near): room for the items, and no "Loading" that is not true.
        <div className="news-panel-waiting" aria-hidden="true" />
      )}
      <p className="news-panel-more">
        <Link to={`/ai-news?${new URLSearchParams({ symbol }).toString()}`}>{NEWS_TEXTS.panelMore(symbol)}</Link>
      </p>
    </section>
  );
}
