import type { NewsItem } from '@nivesh/proto';
import { NEWS_TEXTS } from './texts';
import { NewsItemCard } from './news-item';
import './news.css';

/** Items newest first, each a card; `label` names the list for assistive technology. */
export function NewsList({ items, label = NEWS_TEXTS.list, headingLevel = 2 }: { items: readonly NewsItem[]; label?: string; headingLevel?: 2 | 3 }) {
  return (
    <ul className="news-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>
          <NewsItemCard item={item} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
