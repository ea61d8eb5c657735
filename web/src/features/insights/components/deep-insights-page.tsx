import type { MarketInsights } from '@nivesh/proto';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { PricesAsOf } from '../../../components/market/prices-as-of';
import { QueryState } from '../../../components/market/query-state';
import { SymbolPicker } from '../../../components/market/symbol-picker';
import { UnknownSymbol } from '../../../components/market/unknown-symbol';
import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { NOT_A_NUMBER, formatINR, formatIndianNumber, formatMarketDate, formatSignedPercent } from '../../../lib/format';
import { useIsUnknownSymbol } from '../../../lib/market/get-symbols';
import { useSelectedSymbol } from '../../../lib/market/selected-symbol';
import { StockNewsPanel } from '../../../components/news/stock-news-panel';
import { useInsights } from '../api/get-insights';
import { HORIZON_NAMES, INSIGHTS_TEXTS, MONTH_NAMES } from '../constants';
import '../../../components/market/market.css';
import './insights.css';

type Sign = 'up' | 'down' | 'flat';
const signOf = (value: number | null): Sign | undefined => (value === null ? undefined : value > 0 ? 'up' : value < 0 ? 'down' : 'flat');

/** A signed percentage coloured by its sign (the sign is in the text too), or a dash. */
function Change({ value }: { value: number | null }) {
  if (value === null) return <span className="muted">{NOT_A_NUMBER}</span>;
  return (
    <span className="signed" data-sign={signOf(value)}>
      {formatSignedPercent(value)}
    </span>
  );
}

/** A bar from the middle of a track: right for positive values, left for negative; `scale` is the largest magnitude. */
function DivergingBar({ value, scale }: { value: number | null; scale: number }) {
  const width = value === null || scale <= 0 ? 0 : Math.min(50, (Math.abs(value) / scale) * 50);
  return (
    <span className="diverging-bar" aria-hidden="true">
      {width > 0 ? (
        <span className="diverging-bar-fill" data-sign={signOf(value)} style={value !== null && value < 0 ? { right: '50%', width: `${width}%` } : { left: '50%', width: `${width}%` }} />
      ) : null}
    </span>
  );
}

function Panel({ title, lead, className, children }: { title: string; lead: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={className ? `panel ${className}` : 'panel'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p className="muted insights-lead">{lead}</p>
      {children}
    </section>
  );
}

function Horizons({ horizons }: { horizons: MarketInsights['horizons'] }) {
  return (
    <ScrollTable label="Returns by period table">
      <table className="data-table insights-table">
        <caption className="visually-hidden">Returns by period</caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Return</th>
            <th scope="col">Annualised</th>
            <th scope="col">NIFTY 50</th>
            <th scope="col">Close vs average</th>
          </tr>
        </thead>
        <tbody>
          {horizons.map((row) => (
            <tr key={row.horizon} data-testid={`horizon-${row.horizon}`}>
              <th scope="row">{HORIZON_NAMES[row.horizon]}</th>
              <td>
                <Change value={row.return_pct} />
              </td>
              <td>
                <Change value={row.annualised_pct} />
              </td>
              <td>
                <Change value={row.nifty_return_pct} />
              </td>
              <td>{row.above_average === null ? NOT_A_NUMBER : row.above_average ? 'Above' : 'Below'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function Drawdowns({ drawdowns }: { drawdowns: MarketInsights['drawdowns'] }) {
  if (drawdowns.length === 0) return <p className="insights-empty">{INSIGHTS_TEXTS.noDrawdowns}</p>;
  return (
    <ScrollTable label="Drawdown history table">
      <table className="data-table insights-table">
        <caption className="visually-hidden">Deepest falls from a peak</caption>
        <thead>
          <tr>
            <th scope="col">Peak</th>
            <th scope="col">Low</th>
            <th scope="col">Back at the peak</th>
            <th scope="col">Depth</th>
            <th scope="col">Days to low</th>
            <th scope="col">Days to recover</th>
          </tr>
        </thead>
        <tbody>
          {drawdowns.map((row) => (
            <tr key={row.peak_date}>
              <th scope="row">
                <time dateTime={row.peak_date}>{formatMarketDate(row.peak_date)}</time>
              </th>
              <td>
                <time dateTime={row.trough_date}>{formatMarketDate(row.trough_date)}</time>
              </td>
              <td>
                {row.recovery_date ? (
                  <time dateTime={row.recovery_date}>{formatMarketDate(row.recovery_date)}</time>
                ) : (
                  <span className="muted">{INSIGHTS_TEXTS.notRecovered}</span>
                )}
              </td>
              <td>
                <Change value={row.depth_pct} />
              </td>
              <td>{formatIndianNumber(row.days_to_trough, 0)}</td>
              <td>{row.days_to_recover === null ? NOT_A_NUMBER : formatIndianNumber(row.days_to_recover, 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

/** 'positive_share' as a fraction of the years (0-1); a figure above 1 is read as a percentage. */
const positiveYears = (share: number | null, years: number) => {
  if (share === null || years === 0) return NOT_A_NUMBER;
  const fraction = share > 1 ? share / 100 : share;
  return `${Math.round(fraction * years)} of ${years} (${formatIndianNumber(fraction * 100, 0)}%)`;
};

function Seasonality({ months }: { months: MarketInsights['seasonality'] }) {
  const sorted = [...months].sort((a, b) => a.month - b.month);
  const scale = Math.max(0, ...sorted.map((row) => Math.abs(row.mean_return_pct ?? 0)));
  return (
    <ScrollTable label="Seasonality table">
      <table className="data-table insights-table seasonality">
        <caption className="visually-hidden">Average return by calendar month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Average return</th>
            <th scope="col" className="bar-column">
              <span className="visually-hidden">Bar</span>
            </th>
            <th scope="col">Years higher</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((row) => (
            <tr key={row.month} data-testid={`season-${row.month}`}>
              <th scope="row">{MONTH_NAMES[row.month - 1]}</th>
              <td>
                <Change value={row.mean_return_pct} />
              </td>
              <td className="bar-column">
                <DivergingBar value={row.mean_return_pct} scale={scale} />
              </td>
              <td>{positiveYears(row.positive_share, row.years)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function Correlation({ correlation, symbol }: { correlation: MarketInsights['correlation']; symbol: string }) {
  const rows = [{ key: 'NIFTY 50', name: 'NIFTY 50', value: correlation.nifty }].concat(
    correlation.peers.map((peer) => ({ key: peer.symbol, name: `${peer.symbol} — ${peer.company}`, value: peer.correlation })),
  );
  return (
    <>
      <ScrollTable label="Correlation table">
        <table className="data-table insights-table correlation-table">
          <caption className="visually-hidden">Correlation of {symbol} with NIFTY 50 and its peers</caption>
          <thead>
            <tr>
              <th scope="col">With</th>
              <th scope="col">Correlation</th>
              <th scope="col" className="bar-column">
                <span className="visually-hidden">Bar</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-testid={`correlation-${row.key}`}>
                <th scope="row">{row.name}</th>
                <td>{row.value === null ? NOT_A_NUMBER : formatIndianNumber(row.value, 2)}</td>
                <td className="bar-column">
                  <DivergingBar value={row.value} scale={1} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
      {correlation.peers.length === 0 ? <p className="insights-empty">{INSIGHTS_TEXTS.noPeers}</p> : null}
    </>
  );
}

function VolumeProfile({ profile }: { profile: MarketInsights['volume_profile'] }) {
  const poc = profile.point_of_control;
  const bands = [...profile.bands].reverse();
  const largest = Math.max(0, ...bands.map((band) => band.share_pct));
  const pocBand = poc === null ? -1 : bands.findIndex((band) => poc >= band.price_from && poc <= band.price_to);
  if (bands.length === 0) return <p className="insights-empty">No volume in the last year.</p>;
  return (
    <>
      {poc !== null ? (
        <p className="insights-poc" data-testid="point-of-control">
          Point of control: <strong>{formatINR(poc)}</strong>, the middle of the band where the most shares changed hands.
        </p>
      ) : null}
      <ScrollTable label="Volume profile table">
        <table className="data-table insights-table volume-profile">
          <caption className="visually-hidden">Volume by price band, highest prices first</caption>
          <thead>
            <tr>
              <th scope="col">Price band</th>
              <th scope="col">Shares traded</th>
              <th scope="col">Share</th>
              <th scope="col" className="bar-column">
                <span className="visually-hidden">Bar</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {bands.map((band, index) => (
              <tr key={band.price_from} data-poc={index === pocBand || undefined}>
                <th scope="row">
                  {formatINR(band.price_from)} – {formatINR(band.price_to)}
                  {index === pocBand ? <span className="poc-tag">{INSIGHTS_TEXTS.pointOfControl}</span> : null}
                </th>
                <td>{formatIndianNumber(band.volume, 0)}</td>
                <td>{formatIndianNumber(band.share_pct, 1)}%</td>
                <td className="bar-column">
                  <span className="volume-bar" aria-hidden="true">
                    <span className="volume-bar-fill" style={{ width: `${largest > 0 ? (band.share_pct / largest) * 100 : 0}%` }} />
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollTable>
    </>
  );
}

function Insights({ data }: { data: MarketInsights }) {
  return (
    <>
      <p className="insights-company">
        <strong>{data.company}</strong> ({data.symbol}) · {data.industry}
      </p>
      <div className="panel-grid">
        <Panel title="Trend across horizons" lead={INSIGHTS_TEXTS.horizons} className="span-2">
          <Horizons horizons={data.horizons} />
          {data.nifty_as_of && data.nifty_as_of !== data.as_of ? (
            <p className="muted insights-lead" data-testid="nifty-as-of">
              NIFTY 50 figures end on <time dateTime={data.nifty_as_of}>{formatMarketDate(data.nifty_as_of)}</time>, the index&apos;s latest
              stored day.
            </p>
          ) : null}
        </Panel>
        <Panel title="Drawdown history" lead={INSIGHTS_TEXTS.drawdowns} className="span-2">
          <Drawdowns drawdowns={data.drawdowns} />
        </Panel>
        <Panel title="Seasonality by month" lead={INSIGHTS_TEXTS.seasonality}>
          <Seasonality months={data.seasonality} />
        </Panel>
        <Panel title="Correlation" lead={INSIGHTS_TEXTS.correlation}>
          <Correlation correlation={data.correlation} symbol={data.symbol} />
        </Panel>
        <Panel title="Volume profile" lead={INSIGHTS_TEXTS.volumeProfile} className="span-2">
          <VolumeProfile profile={data.volume_profile} />
        </Panel>
      </div>
    </>
  );
}

/** /deep-insights: a longer view of one stock across horizons, seasons and peers. */
export function DeepInsightsPage() {
  usePageMeta({
    title: 'Deep Insights',
    description: 'Trend across horizons, drawdown history, monthly seasonality, correlation with NIFTY 50 and peers, and volume profile of NSE stocks.',
    path: '/deep-insights',
  });
  const [symbol, setSymbol] = useSelectedSymbol();
  const insights = useInsights(symbol);
  const unknown = useIsUnknownSymbol(symbol);
  return (
    <div className="page-body insights-page">
      <PageHeader title="Deep Insights" lead="The longer story of one stock: how it behaved over years, seasons and against its peers." />
      <EducationalNotice />
      <div className="insights-toolbar">
        <SymbolPicker value={symbol} onChange={setSymbol} />
      </div>
      <PricesAsOf date={insights.data?.as_of} />
      {unknown ? (
        <UnknownSymbol symbol={symbol} />
      ) : (
        <div className="insights-report" aria-busy={insights.isPlaceholderData || undefined}>
          {insights.isPlaceholderData ? (
            <p className="muted" role="status">
              Loading {symbol}...
            </p>
          ) : null}
          <QueryState query={insights} what={`insights of ${symbol}`}>
            {(data) => (
              <>
                <Insights data={data} />
                <StockNewsPanel symbol={data.symbol} />
              </>
            )}
          </QueryState>
        </div>
      )}
    </div>
  );
}
