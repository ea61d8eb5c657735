import type { HistoryRange } from '@nivesh/proto';
import { useId, useState } from 'react';
import type { ChartOverlay, ChartPane } from '../../../components/market/chart-options';
import { CHART_OVERLAYS, CHART_PANES } from '../../../components/market/chart-options';
import { LazyPriceChart } from '../../../components/market/lazy-price-chart';
import { QueryState } from '../../../components/market/query-state';
import { ShortHistoryNote } from '../../../components/market/short-history-note';
import { SymbolPicker } from '../../../components/market/symbol-picker';
import { UnknownSymbol } from '../../../components/market/unknown-symbol';
import { EducationalNotice, PageHeader } from '../../../components/page-header';
import { useRangeParam } from '../../../lib/market/range-param';
import { usePageMeta } from '../../../hooks/use-page-meta';
import { useHistory } from '../../../lib/market/get-history';
import { useIndicators } from '../../../lib/market/get-indicators';
import { useQuote } from '../../../lib/market/get-quote';
import { useIsUnknownSymbol } from '../../../lib/market/get-symbols';
import { useSelectedSymbol } from '../../../lib/market/selected-symbol';
import { StockNewsPanel } from '../../../components/news/stock-news-panel';
import { useSummary } from '../api/get-summary';
import { CHART_RANGES, TECHNICAL_TEXTS } from '../texts';
import { PriceBasisNote, PriceBasisToggle, RangeButtons, ToggleGroup } from './chart-controls';
import { IndicatorValues } from './indicator-values';
import { QuoteHeader } from './quote-header';
import { SupportResistance, TechnicalReadings } from './technical-summary';
import '../../../components/market/market.css';
import './technical-analysis.css';

const CHART_RANGE_VALUES = CHART_RANGES.map((entry) => entry.value);

const NO_OVERLAYS: readonly ChartOverlay[] = [];

/** /technical-analysis: charts, indicators and a plain-language summary of one NSE stock. */
export function TechnicalAnalysisPage() {
  usePageMeta({
    title: TECHNICAL_TEXTS.title,
    description: 'Price charts, RSI, MACD, moving averages and support and resistance for NSE stocks, explained in plain language.',
    path: '/technical-analysis',
  });
  const [symbol, setSymbol] = useSelectedSymbol();
  const [range, setRange] = useRangeParam<HistoryRange>(CHART_RANGE_VALUES, '1y');
  const [adjusted, setAdjusted] = useState(true);
  const [overlays, setOverlays] = useState<ChartOverlay[]>(['sma20', 'sma50']);
  const [panes, setPanes] = useState<ChartPane[]>(['rsi14']);
  const basisNoteId = useId();

  const quote = useQuote(symbol);
  const history = useHistory(symbol, range, adjusted);
  const indicators = useIndicators(symbol, range);
  const summary = useSummary(symbol);

  const rangeName = CHART_RANGES.find((entry) => entry.value === range)?.name ?? range;
  const basis = adjusted ? 'split/bonus adjusted' : 'as traded';
  // Indicators are computed on adjusted bars: over as-traded bars the price overlays would jump at every split.
  const shownOverlays = adjusted ? overlays : NO_OVERLAYS;
  const updating = history.isPlaceholderData || indicators.isPlaceholderData;
  const unknown = useIsUnknownSymbol(symbol);
  const short = quote.data?.short_history !== undefined;

  if (unknown) {
    return (
      <div className="page-body">
        <PageHeader title={TECHNICAL_TEXTS.title} lead={TECHNICAL_TEXTS.lead} />
        <EducationalNotice />
        <section className="panel quote-panel" aria-label="Stock">
          <SymbolPicker value={symbol} onChange={setSymbol} />
          <UnknownSymbol symbol={symbol} />
        </section>
      </div>
    );
  }

  return (
    <div className="page-body">
      <PageHeader title={TECHNICAL_TEXTS.title} lead={TECHNICAL_TEXTS.lead} />
      <EducationalNotice />
      <section className="panel quote-panel" aria-label="Stock">
        <SymbolPicker value={symbol} onChange={setSymbol} />
        <QueryState query={quote} what={`quote of ${symbol}`}>
          {(data) => (
            <>
              <QuoteHeader quote={data} />
              {data.short_history ? <ShortHistoryNote symbol={data.symbol} history={data.short_history} what={TECHNICAL_TEXTS.shortHistoryWhat} /> : null}
            </>
          )}
        </QueryState>
      </section>

      <section className="panel chart-panel" aria-labelledby="price-chart-heading" aria-busy={updating}>
        <div className="panel-head">
          <h2 id="price-chart-heading">Price chart</h2>
          <div className="chart-head-controls">
            <PriceBasisToggle adjusted={adjusted} onChange={setAdjusted} describedBy={basisNoteId} />
            <RangeButtons value={range} onChange={setRange} />
          </div>
        </div>
        {/* Beside the chart where there is room, so they never push it below a laptop's first screen. */}
        <div className="chart-options">
          <div className="chart-toggles">
            <ToggleGroup
              legend="Overlays"
              options={CHART_OVERLAYS}
              value={overlays}
              onChange={setOverlays}
              disabled={!adjusted}
              note={adjusted ? undefined : TECHNICAL_TEXTS.overlaysNeedAdjusted}
            />
            <ToggleGroup legend="Indicator panes" options={CHART_PANES} value={panes} onChange={setPanes} />
          </div>
          {indicators.error ? <p className="control-hint">{TECHNICAL_TEXTS.indicatorsUnavailable}</p> : null}
          <PriceBasisNote id={basisNoteId} />
        </div>
        <QueryState query={history} what={`price history of ${symbol}`}>
          {(data) =>
            data.bars.length ? (
              <LazyPriceChart
                bars={data.bars}
                actions={data.actions}
                indicators={indicators.data?.series}
                overlays={shownOverlays}
                panes={panes}
                label={`${data.symbol}: daily candles and volume over ${rangeName}, ${basis}, in rupees.`}
              />
            ) : (
              <p className="chart-placeholder">{TECHNICAL_TEXTS.noBars}</p>
            )
          }
        </QueryState>
      </section>

      <div className="panel-grid">
        <section className="panel" aria-labelledby="indicators-heading">
          <h2 id="indicators-heading">Indicators</h2>
          <QueryState query={indicators} what={`indicators of ${symbol}`}>
            {(data) => <IndicatorValues indicators={data} short={short} />}
          </QueryState>
        </section>
        <section className="panel" aria-labelledby="levels-heading">
          <h2 id="levels-heading">Support and resistance</h2>
          <QueryState query={summary} what={`support and resistance of ${symbol}`}>
            {(data) => <SupportResistance summary={data} />}
          </QueryState>
        </section>
        <section className="panel span-2" aria-labelledby="summary-heading">
          <h2 id="summary-heading">Technical summary</h2>
          <QueryState query={summary} what={`technical summary of ${symbol}`}>
            {(data) => <TechnicalReadings summary={data} />}
          </QueryState>
        </section>
        <StockNewsPanel symbol={symbol} />
      </div>
    </div>
  );
}
