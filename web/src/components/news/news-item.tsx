import type { NewsItem, NewsReaction } from '@nivesh/proto';
import { useId } from 'react';
import { Link } from 'react-router';
import { technicalAnalysisHref } from '../market/market-links';
import { ScrollTable } from '../scroll-table';
import { NOT_A_NUMBER, formatMarketDate, formatSignedPercent } from '../../lib/format';
import { KIND_NAMES, NEWS_TEXTS, TONE_NAMES } from './texts';
import { NEWS_CAVEAT } from '@nivesh/proto/values';

const deepInsightsHref = (symbol: string) => `/deep-insights?${new URLSearchParams({ symbol }).toString()}`;
/** Only web addresses become links: a feed's link is data from outside. */
const isWebAddress = (url: string | null): url is string => url !== null && /^https?:\/\//i.test(url);
const signOf = (value: number | null) => (value === null ? undefined : value > 0 ? 'up' : value < 0 ? 'down' : 'flat');

function Move({ value }: { value: number | null }) {
  if (value === null) return <span className="muted">{NOT_A_NUMBER}</span>;
  return (
    <span className="news-move" data-sign={signOf(value)}>
      {formatSignedPercent(value)}
    </span>
  );
}

/** The stock's move over the next 1, 5 and 20 trading days beside NIFTY 50's, with the caveat. */
function Reaction({ reaction }: { reaction: NewsReaction | null }) {
  if (!reaction) return <p className="news-reaction-note muted">{NEWS_TEXTS.noReaction}</p>;
  if (reaction.note || !reaction.base_date || reaction.moves.length === 0) {
    return (
      <p className="news-reaction-note muted">
        {reaction.note} {NEWS_CAVEAT}
      </p>
    );
  }
  return (
    <ScrollTable label={`${NEWS_TEXTS.reaction} table`}>
      <table className="data-table news-reaction">
        <caption>
          <span className="news-reaction-title">{NEWS_TEXTS.reaction}: </span>
          {NEWS_TEXTS.reactionCaption(reaction.symbol, formatMarketDate(reaction.base_date))}
        </caption>
        <thead>
          <tr>
            <th scope="col">{NEWS_TEXTS.after}</th>
            <th scope="col">{reaction.symbol}</th>
            <th scope="col">{NEWS_TEXTS.nifty}</th>
            <th scope="col">{NEWS_TEXTS.difference}</th>
          </tr>
        </thead>
        <tbody>
          {reaction.moves.map((move) => (
            <tr key={move.days}>
              <th scope="row">
                {NEWS_TEXTS.days(move.days)}
                {move.date ? (
                  <time className="news-move-date" dateTime={move.date}>
                    {formatMarketDate(move.date)}
                  </time>
                ) : null}
              </th>
              <td>
                <Move value={move.stock_pct} />
              </td>
              <td>
                <Move value={move.nifty_pct} />
              </td>
              <td>
                <Move value={move.excess_pct} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/**
 * One item: what it is (generated or press, its kind, its date), its headline (the article's link for press), the
 * figures, or the feed's description or the AI's line from it (saying which), its tone (of its figures for results, else of its words), the stocks it names with links to their pages, and the
 * price reaction.
 */
export function NewsItemCard({ item, headingLevel = 2 }: { item: NewsItem; headingLevel?: 2 | 3 }) {
  const id = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const tone = item.tone;
  return (
    <article className="news-item" aria-labelledby={id} data-kind={item.kind} data-testid={`news-item-${item.id}`}>
      <p className="news-meta">
        <span className="news-label" data-origin={item.origin}>
          {item.label}
        </span>
        <span className="news-kind">{KIND_NAMES[item.kind]}</span>
        <time dateTime={item.date}>{formatMarketDate(item.date)}</time>
      </p>
      <Heading id={id} className="news-headline">
        {isWebAddress(item.url) ? (
          <a href={item.url} target="_blank" rel="noopener noreferrer">
            {item.headline}
            <span className="visually-hidden"> ({NEWS_TEXTS.readArticle}, opens in a new tab)</span>
          </a>
        ) : (
          item.headline
        )}
      </Heading>
      {item.summary ? <p className="news-summary">{item.summary}</p> : null}
      {item.summary && (item.summary_source === 'ai' || item.summary_source === 'feed') ? (
        <p className="news-summary-source" data-source={item.summary_source}>
          {NEWS_TEXTS.summarySource[item.summary_source]}
        </p>
      ) : null}
      <div className="news-facts">
        <p className="news-tone" data-tone={tone.label}>
          {item.kind === 'results' ? NEWS_TEXTS.figuresToneLabel : NEWS_TEXTS.toneLabel}: <strong>{TONE_NAMES[tone.label]}</strong>
          {tone.words.length ? <span className="muted"> ({tone.words.join(', ')})</span> : null}
        </p>
        {item.symbols.length ? (
          <ul className="news-tags" aria-label="Stocks named">
            {item.symbols.map((stock) => (
              <li key={stock.symbol} className="news-tag">
                <span className="news-tag-symbol" title={stock.company}>
                  {stock.symbol}
                </span>
                <Link to={technicalAnalysisHref(stock.symbol)} aria-label={NEWS_TEXTS.technical(stock.symbol)}>
                  Chart
                </Link>
                <Link to={deepInsightsHref(stock.symbol)} aria-label={NEWS_TEXTS.insights(stock.symbol)}>
                  Insights
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <Reaction reaction={item.reaction} />
    </article>
  );
}
