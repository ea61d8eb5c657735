import type { MarketSentiment, SentimentComponent } from '@nivesh/proto';
import { useId, useMemo } from 'react';
import type { ReactNode } from 'react';
import { LineChart } from '../../../components/market/line-chart';
import type { ChartLevel, ChartSeries, ChartZone } from '../../../components/market/line-chart';
import { MarketPricesAsOf } from '../../../components/market/prices-as-of';
import { QueryState } from '../../../components/market/query-state';
import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { useRangeParam } from '../../../lib/market/range-param';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { formatIndianNumber, formatMarketDate } from '../../../lib/format';
import { useMarketStatus } from '../../../lib/market/get-market-status';
import { useSentiment } from '../api/get-sentiment';
import type { SentimentRange } from '../api/get-sentiment';
import { DEFAULT_SENTIMENT_RANGE, SENTIMENT_RANGES, SENTIMENT_TEXTS, SENTIMENT_ZONES } from '../constants';
import '../../../components/market/market.css';
import './sentiment.css';

const SENTIMENT_RANGE_VALUES = SENTIMENT_RANGES.map((entry) => entry.value);

// The boundaries stay off the value axis, where '25' would sit on the '20' tick; each mood is named inside its band.
const ZONE_LINES: readonly ChartLevel[] = SENTIMENT_ZONES.slice(1).map((zone) => ({ value: zone.from, axisLabel: false }));
const ZONE_BANDS: readonly ChartZone[] = SENTIMENT_ZONES.map(({ from, to, label }) => ({ from, to, label }));
const SCORE_RANGE = { min: 0, max: 100 };
const formatScore = (value: number) => formatIndianNumber(value, 1);

const zoneIndexOf = (score: number) => {
  const index = SENTIMENT_ZONES.findIndex((zone) => score < zone.to);
  return index === -1 ? SENTIMENT_ZONES.length - 1 : index;
};

/** A reading with its unit: '1.35 ratio', '12.4%'. */
const withUnit = (value: number, unit: string) => {
  const number = formatIndianNumber(value);
  if (unit === '') return number;
  return unit === '%' ? `${number}%` : `${number} ${unit}`;
};

function Panel({ title, className, children, busy }: { title: string; className?: string; children: ReactNode; busy?: boolean }) {
  const id = useId();
  return (
    <section className={className ? `panel ${className}` : 'panel'} aria-labelledby={id} aria-busy={busy || undefined}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** The score as a large figure on a scale of the five moods. */
function MoodGauge({ score, label }: Pick<MarketSentiment, 'score' | 'label'>) {
  const position = Math.min(100, Math.max(0, score));
  return (
    <div className="mood-gauge" data-testid="sentiment-score">
      <p className="mood-figure">
        <span className="mood-value">{formatIndianNumber(score, 0)}</span> <span className="mood-out-of">out of 100</span>
      </p>
      <p className="mood-label" data-zone={zoneIndexOf(score)}>
        {label}
      </p>
      <div className="mood-scale" aria-hidden="true">
        {SENTIMENT_ZONES.map((zone, index) => (
          <span key={zone.label} className="mood-zone" data-zone={index} style={{ flexGrow: zone.to - zone.from }} />
        ))}
        <span className="mood-marker" style={{ left: `${position}%` }} />
      </div>
      <ul className="mood-zone-list">
        {SENTIMENT_ZONES.map((zone) => (
          <li key={zone.label}>
            {zone.from}–{zone.to} {zone.label}
          </li>
        ))}
      </ul>
      <p className="muted">{SENTIMENT_TEXTS.scaleExplained}</p>
    </div>
  );
}

function ComponentRow({ component }: { component: SentimentComponent }) {
  const score = formatIndianNumber(component.score, 0);
  return (
    <li className="mood-component" data-testid={`sentiment-${component.key}`}>
      <div className="mood-component-head">
        <h3>{component.name}</h3>
        <span className="mood-component-score">{score}/100</span>
      </div>
      <div
        className="score-bar"
        role="meter"
        aria-label={`${component.name} score`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={component.score}
        aria-valuetext={`${score} out of 100`}
      >
        <span className="score-bar-fill" data-zone={zoneIndexOf(component.score)} style={{ width: `${Math.min(100, Math.max(0, component.score))}%` }} />
      </div>
      <p className="mood-component-reading">Reading: {withUnit(component.value, component.unit)}</p>
      <p className="muted">{component.meaning}</p>
    </li>
  );
}

function RangeButtons({ value, onChange }: { value: SentimentRange; onChange: (range: SentimentRange) => void }) {
  return (
    <div className="segmented" role="group" aria-label="History range">
      {SENTIMENT_RANGES.map((range) => (
        <button key={range.value} type="button" aria-pressed={range.value === value} onClick={() => onChange(range.value)}>
          {range.label}
        </button>
      ))}
    </div>
  );
}

function MoodHistory({ history }: { history: MarketSentiment['history'] }) {
  const series = useMemo<ChartSeries[]>(
    () => [{ name: 'Mood index', points: history.map((entry) => ({ date: entry.date, value: entry.score })) }],
    [history],
  );
  return (
    <LineChart
      label="Mood index history"
      series={series}
      levels={ZONE_LINES}
      zones={ZONE_BANDS}
      valueRange={SCORE_RANGE}
      formatValue={formatScore}
      height={300}
    />
  );
}

/** /market-sentiment: the market's mood index, what drives it, and its history. */
export function MarketSentimentPage() {
  usePageMeta({
    title: 'Market Sentiment',
    description: 'A 0–100 mood index of the NSE market built from breadth, momentum, volatility and new highs versus new lows.',
    path: '/market-sentiment',
  });
  const [range, setRange] = useRangeParam<SentimentRange>(SENTIMENT_RANGE_VALUES, DEFAULT_SENTIMENT_RANGE);
  const sentiment = useSentiment(range);
  const switching = sentiment.isPlaceholderData;
  const status = useMarketStatus();
  const indexLags = sentiment.data && status.data?.as_of && sentiment.data.as_of < status.data.as_of;
  return (
    <div className="page-body sentiment-page">
      <PageHeader title="Market Sentiment" lead="How the market as a whole is feeling, measured rather than guessed." />
      <EducationalNotice />
      <MarketPricesAsOf />
      {sentiment.data ? (
        <p className="muted" data-testid="sentiment-as-of">
          The index is computed up to <time dateTime={sentiment.data.as_of}>{formatMarketDate(sentiment.data.as_of)}</time>
          {indexLags ? ', the latest day with NIFTY 50 prices: its momentum and volatility parts need the index.' : '.'}
        </p>
      ) : null}
      <QueryState query={sentiment} what="market sentiment">
        {(data) => (
          <div className="panel-grid">
            <Panel title="Mood index">
              <MoodGauge score={data.score} label={data.label} />
            </Panel>
            <Panel title="What moves the index">
              <ul className="mood-components">
                {data.components.map((component) => (
                  <ComponentRow key={component.key} component={component} />
                ))}
              </ul>
            </Panel>
            <Panel title="Mood history" className="span-2" busy={switching}>
              <div className="panel-head">
                <p className="muted">{SENTIMENT_TEXTS.zonesExplained}</p>
                <RangeButtons value={range} onChange={setRange} />
              </div>
              {switching ? (
                <p className="muted" role="status">
                  Loading the {SENTIMENT_RANGES.find((entry) => entry.value === range)?.name}...
                </p>
              ) : null}
              <MoodHistory history={data.history} />
            </Panel>
            <Panel title="How the index is worked out" className="span-2">
              <p>{data.method}</p>
            </Panel>
          </div>
        )}
      </QueryState>
    </div>
  );
}
