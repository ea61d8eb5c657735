import type { MarketRisk, RiskFlag } from '@nivesh/proto';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { PricesAsOf } from '../../../components/market/prices-as-of';
import { QueryState } from '../../../components/market/query-state';
import { ShortHistoryNote } from '../../../components/market/short-history-note';
import { SymbolPicker } from '../../../components/market/symbol-picker';
import { UnknownSymbol } from '../../../components/market/unknown-symbol';
import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { ScrollTable } from '../../../components/scroll-table';
import { useRangeParam } from '../../../lib/market/range-param';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { NOT_A_NUMBER, formatINR, formatIndianNumber, formatMarketDate, formatSignedPercent } from '../../../lib/format';
import { useIsUnknownSymbol } from '../../../lib/market/get-symbols';
import { useSelectedSymbol } from '../../../lib/market/selected-symbol';
import { useRisk } from '../api/get-risk';
import type { RiskRange } from '../api/get-risk';
import {
  CYBERCRIME_HELPLINE,
  DEFAULT_RISK_RANGE,
  FLAG_KIND_NAMES,
  FRAUD_REPORTING,
  FRAUD_WARNING_SIGNS,
  RISK_LEVEL_NAMES,
  RISK_RANGES,
  RISK_TEXTS,
  betaMeaning,
} from '../constants';
import '../../../components/market/market.css';
import './risk.css';

const RISK_RANGE_VALUES = RISK_RANGES.map((entry) => entry.value);

const percent = (value: number) => `${formatIndianNumber(value, 2)}%`;

/** How the figures of a flag are named and written; unknown ones fall back to their key and a plain number. */
const FIGURES: Record<string, { name: string; format: (value: number) => string }> = {
  change_pct: { name: 'Change', format: (value) => formatSignedPercent(value) },
  gap_pct: { name: 'Opening gap', format: (value) => formatSignedPercent(value) },
  volume_ratio: { name: 'Volume vs 20-day average', format: (value) => `${formatIndianNumber(value, 1)}×` },
  close: { name: 'Close', format: (value) => formatINR(value) },
  reversal_pct: { name: 'Lowest close in the next 10 sessions', format: (value) => formatSignedPercent(value) },
};

const figureOf = (key: string) => {
  const known = FIGURES[key];
  if (known) return known;
  const words = key.replace(/_pct$/, ' %').replace(/_/g, ' ');
  return {
    name: words.charAt(0).toUpperCase() + words.slice(1),
    format: key.endsWith('_pct') ? (value: number) => formatSignedPercent(value) : (value: number) => formatIndianNumber(value),
  };
};

function Panel({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={className ? `panel ${className}` : 'panel'} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function MetricCard({ testId, title, figure, detail, meaning }: { testId: string; title: string; figure: string; detail?: ReactNode; meaning: ReactNode }) {
  return (
    <div className="panel risk-metric" data-testid={testId}>
      <h3>{title}</h3>
      <p className="risk-figure">{figure}</p>
      {detail ? <p className="risk-detail">{detail}</p> : null}
      <p className="muted">{meaning}</p>
    </div>
  );
}

function Metrics({ metrics }: { metrics: MarketRisk['metrics'] }) {
  const { beta } = metrics;
  const peak = metrics.max_drawdown_peak;
  const trough = metrics.max_drawdown_trough;
  return (
    <div className="risk-metrics">
      <MetricCard
        testId="risk-volatility"
        title="Annualised volatility"
        figure={percent(metrics.volatility_annual_pct)}
        detail="a year"
        meaning={RISK_TEXTS.volatility}
      />
      <MetricCard
        testId="risk-drawdown"
        title="Maximum drawdown"
        figure={formatSignedPercent(metrics.max_drawdown_pct)}
        detail={
          peak && trough ? (
            <>
              From the peak on <time dateTime={peak}>{formatMarketDate(peak)}</time> to the low on{' '}
              <time dateTime={trough}>{formatMarketDate(trough)}</time>
            </>
          ) : (
            'No fall from a peak in this period'
          )
        }
        meaning={RISK_TEXTS.drawdown}
      />
      <MetricCard
        testId="risk-beta"
        title="Beta to NIFTY 50"
        figure={beta === null ? NOT_A_NUMBER : formatIndianNumber(beta, 2)}
        meaning={beta === null ? RISK_TEXTS.betaNull : betaMeaning(beta, (value) => formatIndianNumber(value, 2))}
      />
      <MetricCard
        testId="risk-var"
        title="95% one-day value at risk"
        figure={percent(metrics.var95_pct)}
        detail={`${formatINR(metrics.var95_per_lakh, { fractionDigits: 0 })} on ${formatINR(100_000, { fractionDigits: 0 })} held`}
        meaning={
          <>
            {RISK_TEXTS.var} {RISK_TEXTS.varCaveat}
          </>
        }
      />
    </div>
  );
}

function FlagFigures({ figures }: { figures: RiskFlag['figures'] }) {
  const entries = Object.entries(figures);
  if (entries.length === 0) return <>{NOT_A_NUMBER}</>;
  return (
    <dl className="flag-figures">
      {entries.map(([key, value]) => {
        const figure = figureOf(key);
        return (
          <div key={key}>
            <dt>{figure.name}</dt>
            <dd>{value === null ? NOT_A_NUMBER : figure.format(value)}</dd>
          </div>
        );
      })}
    </dl>
  );
}

function FlagsTable({ flags }: { flags: MarketRisk['flags'] }) {
  if (flags.length === 0) return <p className="risk-no-flags">{RISK_TEXTS.noFlags}</p>;
  return (
    <ScrollTable label="Unusual trading days table">
      <table className="data-table risk-flags">
        <caption className="visually-hidden">Unusual trading days, most recent first</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Kind</th>
            <th scope="col">What happened</th>
            <th scope="col">Figures</th>
          </tr>
        </thead>
        <tbody>
          {flags.map((flag, index) => (
            <tr key={`${flag.date}-${flag.kind}-${index}`} data-kind={flag.kind}>
              <th scope="row">
                <time dateTime={flag.date}>{formatMarketDate(flag.date)}</time>
              </th>
              <td>
                <span className="flag-kind" data-kind={flag.kind}>
                  {FLAG_KIND_NAMES[flag.kind]}
                </span>
              </td>
              <td>{flag.description}</td>
              <td>
                <FlagFigures figures={flag.figures} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollTable>
  );
}

function RangeButtons({ value, onChange }: { value: RiskRange; onChange: (range: RiskRange) => void }) {
  return (
    <div className="segmented" role="group" aria-label="Period">
      {RISK_RANGES.map((range) => (
        <button key={range.value} type="button" aria-pressed={range.value === value} onClick={() => onChange(range.value)}>
          {range.label}
        </button>
      ))}
    </div>
  );
}

function RiskReport({ risk }: { risk: MarketRisk }) {
  const headingId = useId();
  return (
    <>
      <section className="panel risk-summary" aria-labelledby={headingId}>
        <div className="risk-summary-head">
          <h2 id={headingId}>
            {risk.company} <span className="muted">({risk.symbol})</span>
          </h2>
          {risk.short_history ? null : (
            <p className={`risk-level risk-level-${risk.level}`} data-testid="risk-level">
              Risk level: {RISK_LEVEL_NAMES[risk.level]}
            </p>
          )}
        </div>
        {risk.short_history ? (
          <ShortHistoryNote symbol={risk.symbol} history={risk.short_history} what={RISK_TEXTS.shortHistoryWhat} />
        ) : (
          <>
            <p className="muted">
              <time dateTime={risk.range.from}>{formatMarketDate(risk.range.from)}</time> to{' '}
              <time dateTime={risk.range.to}>{formatMarketDate(risk.range.to)}</time>, {formatIndianNumber(risk.range.bars, 0)} trading days, on prices
              adjusted for splits and bonus issues.
            </p>
            <p className="risk-level-note">{RISK_TEXTS.level}</p>
          </>
        )}
      </section>
      {risk.short_history ? null : <Metrics metrics={risk.metrics} />}
      <Panel title="Unusual trading days" className="risk-flags-panel">
        <p className="muted">{RISK_TEXTS.flagsLead}</p>
        <FlagsTable flags={risk.flags} />
      </Panel>
    </>
  );
}

function FraudGuide() {
  return (
    <Panel title="Spotting investment fraud" className="risk-guide">
      <ul className="risk-guide-list">
        {FRAUD_WARNING_SIGNS.map((sign) => (
          <li key={sign.title}>
            <strong>{sign.title}.</strong> {sign.text}
          </li>
        ))}
      </ul>
      <h3>Where to report it</h3>
      <ul className="risk-guide-list">
        {FRAUD_REPORTING.map((place) => (
          <li key={place.title}>
            <strong>{place.title}.</strong> {place.text} <a href={place.href}>{place.linkText}</a>
            {place.href.includes('cybercrime') ? (
              <>
                {' '}
                or call the national cyber crime helpline <strong>{CYBERCRIME_HELPLINE}</strong>.
              </>
            ) : (
              '.'
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** /risk-detection: risk figures of a stock, unusual-activity flags, and how to spot investment fraud. */
export function RiskDetectionPage() {
  usePageMeta({
    title: 'Risk Detection',
    description: 'Volatility, drawdown, beta and value at risk of NSE stocks, unusual trading flags, and how to spot investment fraud.',
    path: '/risk-detection',
  });
  const [symbol, setSymbol] = useSelectedSymbol();
  const [range, setRange] = useRangeParam<RiskRange>(RISK_RANGE_VALUES, DEFAULT_RISK_RANGE);
  const risk = useRisk(symbol, range);
  const unknown = useIsUnknownSymbol(symbol);
  return (
    <div className="page-body risk-page">
      <PageHeader title="Risk Detection" lead="How much a stock can hurt, and the warning signs of manipulation and fraud." />
      <EducationalNotice />
      <div className="risk-toolbar">
        <SymbolPicker value={symbol} onChange={setSymbol} />
        <RangeButtons value={range} onChange={setRange} />
      </div>
      <PricesAsOf date={risk.data?.as_of} />
      {unknown ? (
        <UnknownSymbol symbol={symbol} />
      ) : (
        <div className="risk-report" aria-busy={risk.isPlaceholderData || undefined}>
          {risk.isPlaceholderData ? (
            <p className="muted" role="status">
              Loading {symbol}...
            </p>
          ) : null}
          <QueryState query={risk} what={`risk figures of ${symbol}`}>
            {(data) => <RiskReport risk={data} />}
          </QueryState>
        </div>
      )}
      <FraudGuide />
    </div>
  );
}
